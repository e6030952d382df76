package seedc.cli;

import java.nio.file.Path;
import seedc.bench.OpProfile;
import seedc.driver.Pipeline;
import seedc.report.html.HtmlReport;
import seedc.report.html.ReportPage;
import seedc.report.html.ReportPages;

/** report.html of compile and bench: the page of what the pipeline compiled, and a bench's op profile. */
final class HtmlPages {
    private HtmlPages() {}

    /** The page of {@code command} ("compile", "bench") of {@code program}, compiled as {@code c}. */
    static ReportPage of(String command, Path program, Pipeline.Compiled c) {
        return ReportPages.of(program.getFileName().toString(), command, c.report(), c.searchFrontier().stream()
                .map(p -> new ReportPages.FrontierProgram(p.chooseAccuracy(), p.cycles(), p.paramBytes(), p.chosen()))
                .toList());
    }

    /** {@code page} with the profile of {@code bench --profile} on {@code device} (null: not profiled). */
    static ReportPage withProfile(ReportPage page, String device, OpProfile p) {
        return p == null ? page : page.withOps(new ReportPage.OpChart(device, p.measured(), p.modelled(),
                p.rows().stream().map(r -> new ReportPage.OpCycles(
                        r.loop() == null ? r.label() : r.loop() + "/" + r.label(), r.kind(), r.macs(), r.measuredCycles(),
                        r.modelledCycles())).toList()));
    }

    /** Writes {@code page} as report.html in {@code dir}. */
    static void write(Path dir, ReportPage page) {
        HtmlReport.write(dir.resolve("report.html"), page);
    }
}
