package seedc.report.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import seedc.report.Report;
import seedc.report.SearchSummary;

/**
 * The page's parts from a report, and the file's self-containment: the data block reads back as the records it was
 * written from, whatever a value is named, and nothing is loaded from elsewhere. (ReportHtmlTest opens real reports
 * in chromium.)
 */
class HtmlReportTest {
    /** A name that would close the data's script element and open another if it were written as it is. */
    static final String HOSTILE = "</script><script>document.title='x'</script>";

    static Report report() {
        List<Report.ValueType> values = List.of(
                new Report.ValueType("X", 8, 5, new double[] {-1, 1}, new double[] {-1, 1}, null, null, null),
                new Report.ValueType(HOSTILE, 16, 10, null, null, "no finite bound", null, null));
        SearchSummary.Shiftry s = new SearchSummary.Shiftry(5, 1.0, 0.05, null, 40, List.of(),
                List.of(new SearchSummary.Step("X", true, "kept", 100.0, 0.0, 36, 0, 900.0),
                        new SearchSummary.Step(HOSTILE, false, "no: not faster", null, null, 36, 0, 900.0)),
                null, null, null, null, new SearchSummary.CycleModel("cycles", 900.0),
                new SearchSummary.FrontierPlace(1, 1), null, null);
        return new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "x86"),
                new Report.Accuracy(95.0, 94.0, 99.0, 98.0, null),
                new Report.ChosenProgram(values, null, 36, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 12, List.of()), s, null, List.of());
    }

    @Test
    void aTypesRangeIsItsIntegersOverTwoToTheScale() {
        ReportPage page = ReportPages.of("q.sd", "compile", report(), List.of());
        // 8 bits at scale 5: -128/32 .. 127/32; 16 bits at scale 10: -32768/1024 .. 32767/1024
        assertEquals(-4.0, page.ranges().get(0).typeLo());
        assertEquals(3.96875, page.ranges().get(0).typeHi());
        assertEquals(-32.0, page.ranges().get(1).typeLo());
        assertEquals(31.9990234375, page.ranges().get(1).typeHi());
        assertArrayEquals(new double[] {-1, 1}, page.ranges().get(0).profiled());
        assertNull(page.ranges().get(1).sound());
    }

    /**
     * The page's facts give the test and held-out drops with their standard errors, as report.txt does: 400 test rows,
     * 12 lost and 5 gained, 1.75 +- sqrt(17 - 49/400) / 4 = 1.03; 1,000 held-out rows, 18 lost and 10 gained, 0.80 +-
     * sqrt(28 - 64/1000) / 10 = 0.53.
     */
    @Test
    void theDropsAreGivenWithTheirStandardErrors() {
        Report plain = report();
        SearchSummary.Shiftry s = (SearchSummary.Shiftry) plain.search();
        SearchSummary.Shiftry held = new SearchSummary.Shiftry(s.inputScale(), s.maxAccuracyDrop(), s.maxScoreError(),
                s.flashBudget(), s.paramFlashBytes16(), s.demotionOrder(), s.demotionCurve(), s.subset(),
                s.maxOutputError(), s.startScoreError(), new SearchSummary.HeldOut(1000, 1200, 83.9, 83.1, null, 83.1,
                        SearchSummary.Guard.NOT_NEEDED, SearchSummary.RowsFrom.VALIDATION_SET, null, null, null,
                        new seedc.eval.PairedDrop(1000, 18, 10)), s.cycleModel(), s.frontier(), s.valueGroups(),
                null);
        Report r = new Report(plain.compiled(), new Report.Accuracy(86.0, 84.25, 99.0, 98.0, null)
                .withTestRows(new seedc.eval.PairedDrop(400, 12, 5)), plain.program(), plain.exploration(), held,
                plain.deviceUse(), plain.stages());
        var facts = ReportPages.of("q.sd", "compile", r, List.of()).heading().facts();
        assertTrue(facts.contains(new ReportPage.Fact("test accuracy",
                "84.25% fixed, 86.00% float; a drop of 1.75 +- 1.03 points: 12 rows lost, 5 gained")),
                facts.toString());
        assertTrue(facts.contains(new ReportPage.Fact("held-out rows",
                "1000 of the validation set: 83.10% fixed, 83.90% float; a drop of 0.80 +- 0.53 points: 18 rows lost,"
                        + " 10 gained")), facts.toString());
    }

    /** The page says what report.txt says of the cycle model: its figure, or why it did not decide. */
    @Test
    void theCycleModelsFigureOrWhyItWasNotUsed() {
        var facts = ReportPages.of("q.sd", "compile", report(), List.of()).heading().facts();
        assertTrue(facts.contains(new ReportPage.Fact("cycle model", "900 modelled cycles")), facts.toString());

        Report plain = report();
        SearchSummary.Shiftry s = (SearchSummary.Shiftry) plain.search();
        var aside = new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED, 0.9, 0.2, 1.0,
                List.of(new SearchSummary.UnmeasuredOp("t14", "Conv2d", 112141.0)));
        SearchSummary.Shiftry setAside = new SearchSummary.Shiftry(s.inputScale(), s.maxAccuracyDrop(),
                s.maxScoreError(), s.flashBudget(), s.paramFlashBytes16(), s.demotionOrder(), s.demotionCurve(),
                s.subset(), s.maxOutputError(), s.startScoreError(), null, null, s.frontier(), s.valueGroups(), aside);
        Report r = new Report(plain.compiled(), plain.accuracy(), plain.program(), plain.exploration(), setAside,
                plain.deviceUse(), plain.stages());
        facts = ReportPages.of("q.sd", "compile", r, List.of()).heading().facts();
        assertTrue(facts.contains(new ReportPage.Fact("cycle model", "not used: it measured 20% of the work at the"
                + " widest values, 100% at the narrowest (it decides from 90%); most unmeasured: t14 (Conv2d)")),
                facts.toString());
    }

    /**
     * With --select measured the page says what report.txt says of the device's choice: of three programs within the
     * model's error, two built and ran (the third beyond the cap), and the second by the model was written.
     */
    @Test
    void theDevicesChoiceIsGivenAsReportTxtGivesIt() {
        Report plain = report();
        var choice = new seedc.report.MeasuredChoice("uno", 5, 0.118, 3, 2, List.of(
                new seedc.report.MeasuredChoice.Rival(1, 1000, 1100.0, 90.0, 89.0, true, false),
                new seedc.report.MeasuredChoice.Rival(2, 1050, 1040.0, 90.5, 89.5, true, true),
                new seedc.report.MeasuredChoice.Rival(3, 1100, null, 91.0, null, null, false)), 2, "the fewest");
        Report r = new Report(plain.compiled(), plain.accuracy(), plain.program(), new Report.Exploration(1.5, 12,
                List.of(), choice), plain.search(), plain.deviceUse(), plain.stages());
        var facts = ReportPages.of("q.sd", "compile", r, List.of()).heading().facts();
        assertTrue(facts.contains(new ReportPage.Fact("device choice",
                "2 program(s) run on the uno (5 test rows each), rank 2 written: the fewest")), facts.toString());
        assertFalse(ReportPages.of("q.sd", "compile", plain, List.of()).heading().facts().stream()
                .anyMatch(x -> x.label().equals("device choice")), "without the option, no such fact");
    }

    @Test
    void chartsWithoutDataAreAbsent() {
        ReportPage page = ReportPages.of("q.sd", "compile", report(), List.of());
        assertNull(page.ram(), "no device build: no RAM plan");
        assertNull(page.fpga());
        assertNull(page.ops());
        assertEquals(1, page.search().evaluated().size(), "the step refused unrun has no accuracy to plot");
        assertEquals(List.of(), page.search().frontier());
        assertNull(page.search().chosen());
    }

    @Test
    void theChosenFrontierProgramIsMarked() {
        ReportPage page = ReportPages.of("q.sd", "compile", report(), List.of(
                new ReportPages.FrontierProgram(90.0, 500, 20, false),
                new ReportPages.FrontierProgram(100.0, 900, 36, true)));
        assertEquals(new ReportPage.ProgramPoint("chosen", 100.0, 900, 36), page.search().chosen());
        assertEquals(2, page.search().frontier().size());
    }

    @Test
    void theDataReadBackAsWrittenAndNothingComesFromElsewhere() throws Exception {
        ReportPage page = ReportPages.of(HOSTILE, "compile", report(), List.of());
        String html = HtmlReport.render(page);
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"seedc-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        assertTrue(data.find());
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(json.writeValueAsString(page)), json.readTree(data.group(1)));
        assertFalse(html.contains("<script>document.title"), "a name cannot open a script element");
        String library;
        try (var in = HtmlReport.class.getResourceAsStream(HtmlReport.CHARTING_LIBRARY)) {
            library = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertTrue(library.contains("Licensed to the Apache Software Foundation") && html.contains(library),
                "ECharts is inlined whole, with its notice");
        // the library's own strings hold tag templates (its tooltips'); the page around it loads nothing
        assertFalse(Pattern.compile("<(script|img|link|iframe)[^>]*\\s(src|href)=", Pattern.CASE_INSENSITIVE)
                .matcher(html.replace(library, "")).find(), "every script and style is inline");
    }
}
