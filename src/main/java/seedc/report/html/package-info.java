/**
 * report.html: one self-contained page beside report.txt with charts where people would rather look than read (the
 * search's accuracy against cycles, stage IV's demotion curve, each value's ranges against its type, the RAM plan as
 * a timeline, a bench's cycles per op, an FPGA design's nodes). The data are typed records ({@link
 * seedc.report.html.ReportPage}, built by {@link seedc.report.html.ReportPages}) serialized to JSON; the page's HTML,
 * CSS and script are templates in the resources beside this package, and the charts are drawn by ECharts, copied from
 * its WebJar into the jar at build time and inlined, so that the page opens offline ({@link
 * seedc.report.html.HtmlReport}).
 */
package seedc.report.html;
