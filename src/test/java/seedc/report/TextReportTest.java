package seedc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.report.SearchSummary.Demotion;
import seedc.report.SearchSummary.FlashFit;
import seedc.report.SearchSummary.Step;

/** report.txt: what report.json says, in aligned columns. */
class TextReportTest {
    static final List<Report.ValueType> VALUES = List.of(new Report.ValueType("X", 16, 13),
            new Report.ValueType("W", 8, 3), new Report.ValueType("WX", 16, 10), new Report.ValueType("res", 16, 11));

    /** A shiftry report that stopped by accuracy (fit null) or by fitting a flash budget. */
    static Report shiftry(FlashFit fit) {
        return shiftry(fit, null);
    }

    static Report shiftry(FlashFit fit, SearchSummary.Subset subset) {
        var search = new SearchSummary.Shiftry(13, fit == null ? 1.0 : null, fit == null ? 0.1 : null, fit, 4128,
                List.of(new Demotion("W", 3, 0.0), new Demotion("Z", 4, 2.0 / 1437)),
                List.of(new Step("W", true, 100.0, 0.05, 3104, 0), new Step("Z", false, 98.5, 0.25, 3104, 0)), subset);
        return new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "x86"),
                new Report.Accuracy(95.83, 95.56, 100.0, 99.5, null),
                new Report.ChosenProgram(VALUES, null, 3104, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 102, List.of()), search, null, List.of());
    }

    /**
     * A search that counted a step and the chosen program 7 B over the device's RAM: the cycles column and the chosen
     * line give the figures as they are (no penalty added here: the report prints what the summary holds), the bytes
     * in the RAM column and under the chosen line, and report.json keeps them.
     */
    @Test
    void bytesCountedOverTheRamAreWordsBesideTheCycles() throws Exception {
        var search = new SearchSummary.Shiftry(13, 1.0, 0.1, null, 4128, List.of(),
                List.of(new Step("W", true, "kept", 100.0, 0.05, 3104, 0, 5000.0, 7L),
                        new Step("Z", false, "no: not faster", null, null, 3104, 0, 5100.0, null)),
                null, null, null, null, new SearchSummary.CycleModel("cycles", 5000.0, 7L), null, null, null);
        Report r = new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "arduino"),
                new Report.Accuracy(95.83, 95.56, 100.0, 99.5, null),
                new Report.ChosenProgram(VALUES, null, 3104, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 102, List.of()), search, null, List.of());
        String text = TextReport.render(r);
        assertTrue(text.contains("""
                  W                kept    100.00%       0.0500         3104    5000  7 B over
                  Z      no: not faster          -            -         3104    5100      fits
                """), text);
        assertTrue(text.contains("  RAM: the bytes the search counted a program over the device's RAM"), text);
        assertTrue(text.contains("modelled cost of the chosen program: 5000 (cycles)\n  the search counted it 7 B"
                + " over the device's RAM"), text);
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(text, TextReport.render(back));
    }

    /**
     * A search whose stage IV kept its second walk's end (by loss alone): the heading says the table is not in stage
     * III's order and why, and report.json keeps it.
     */
    @Test
    void aSecondWalkSaysItsTableIsThatWalks() throws Exception {
        var search = new SearchSummary.Shiftry(13, 1.0, 0.1, null, 4128, List.of(),
                List.of(new Step("W", true, "kept", 100.0, 0.05, 3104, 0, 5000.0)),
                null, null, null, null, new SearchSummary.CycleModel("cycles", 5000.0, null, true), null, null, null);
        Report r = new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "arduino"),
                new Report.Accuracy(95.83, 95.56, 100.0, 99.5, null),
                new Report.ChosenProgram(VALUES, null, 3104, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 102, List.of()), search, null, List.of());
        String text = TextReport.render(r);
        assertTrue(text.contains("stage IV: values demoted by their loss alone (below), each kept while train accuracy"
                + " stays\n"), text);
        assertTrue(text.contains("  (stage IV walked twice from the same start: in the order above, and by each value's"
                + " loss alone;\n  the model prices the second walk's program below the first's by more than its own"
                + " error,\n  so the table is the second walk's)\n"), text);
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(text, TextReport.render(back));
        String plain = TextReport.render(new Report(r.compiled(), r.accuracy(), r.program(), r.exploration(),
                new SearchSummary.Shiftry(13, 1.0, 0.1, null, 4128, List.of(), search.demotionCurve(), null, null,
                        null, null, new SearchSummary.CycleModel("cycles", 5000.0), null, null, null), null,
                List.of()));
        assertTrue(plain.contains("stage IV: values demoted in that order,") && !plain.contains("walked twice"), plain);
    }

    @Test
    void aLargeTrainingSetSaysWhichRowsDecidedAndWhatAllRowsConfirmed() throws Exception {
        Report r = shiftry(null, new SearchSummary.Subset(2000, 20000, 1, 0));
        String text = TextReport.render(r);
        assertTrue(text.contains("""
                  Z        no     98.50%       0.2500         3104
                stages II-IV decided on 2000 evenly spaced training rows of 20000 (the figures above are theirs);
                  on every row, 0 of the 1 demotions kept there hold
                """), text);
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(text, TextReport.render(back));
    }

    @Test
    void shiftryShowsTypesDemotionOrderCurveAndFlash() throws Exception {
        Report r = shiftry(null);
        String expected = """
                strategy shiftry (8/16 bits), metric reduced-disagreement, target x86
                accuracy        float     fixed
                  train       100.00%    99.50%
                  test         95.83%    95.56%
                accuracy lost: 0.50 points on the training set, 0.27 on the test set; no value kept at 8 bits loses any alone (stage III): the loss is their combination's (stage IV)
                explored 102 candidates in 1.50 s

                values (stage II chose the input's scale: 13)
                  value  bits  scale
                  X        16     13
                  W         8      3
                  WX       16     10
                  res      16     11

                no value wraps on the training set

                no value wraps on the test set

                stage III: each value alone at 8 bits, least loss (reduced-disagreement on the training set) first
                  value  scale  loss %
                  W          3    0.00
                  Z          4    0.14

                stage IV: values demoted in that order, each kept while train accuracy stays
                  within 1.0 points of float (100.00%) and the score error within 0.1
                  value  kept  train acc  score error  param bytes
                  W      kept    100.00%       0.0500         3104
                  Z        no     98.50%       0.2500         3104

                parameter flash: 3104 B with 8/16-bit values, 4128 B with all 16-bit (25% less)
                """;
        assertEquals(expected, TextReport.render(r));
        // The same text from the report read back from its JSON.
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(expected, TextReport.render(back));
    }

    @Test
    void fittingAFlashBudgetSaysWhatAndHowMuch() {
        Report r = shiftry(new FlashFit("the flash of uno (2048 B RAM, 32768 B flash)", 32768, 30000,
                "parameters and tables take 27000 B and the code about 3000 B"))
                .withDeviceUse(new DeviceUse(512, 27000, null, null));
        String text = TextReport.render(r);
        assertTrue(text.contains("""
                stage IV: values demoted in that order (those that take flash) until the model fits
                  the flash of uno (2048 B RAM, 32768 B flash)
                  value  kept  train acc  score error  param bytes
                """), text);
        assertTrue(text.contains("fits: 30000 B of 32768 B (parameters and tables take 27000 B and the code about"
                + " 3000 B)\n"), text);
        assertTrue(text.endsWith("on the device: 27000 B of constants in flash, a 512 B RAM buffer\n"), text);
    }

    @Test
    void seedotShowsItsMaxscaleSweep() {
        Report r = new Report(new Report.Compiled("seedot", 16, 2, "accuracy", "arduino"),
                new Report.Accuracy(95.83, 95.83, 100.0, 100.0, null),
                new Report.ChosenProgram(VALUES, null, 4128, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(4.0, 16, List.of(new Report.SweepPoint(1, 99.0, 0.01, 0), new Report.SweepPoint(2, 100.0, 0, 0))), null, null, List.of());
        String text = TextReport.render(r);
        assertTrue(text.startsWith("strategy seedot, 16 bits, maxscale 2, metric accuracy, target arduino\n"), text);
        assertTrue(text.contains("""
                maxscale  train accuracy
                   1       99.00%
                   2      100.00%  <- chosen
                """), text);
        assertTrue(text.contains("\nvalues\n  value  bits  scale\n  X        16     13\n"), text);
        assertTrue(text.endsWith("\nparameter flash: 4128 B\n"), text);
    }

    @Test
    void wrapEventsAreShownAndWarnedOf() throws Exception {
        Report r = new Report(new Report.Compiled("seedot", 16, 3, "accuracy", "x86"),
                new Report.Accuracy(92.0, 63.5, 98.0, 66.7, null),
                new Report.ChosenProgram(VALUES, null, 4128, List.of(new Report.Wrap("t13", 4000, 700), new Report.Wrap("t14", 321, 90)), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(4.0, 32, List.of(new Report.SweepPoint(3, 66.7, 0.3, 4321))), null, null, List.of());
        String text = TextReport.render(r);
        assertTrue(text.contains("   3       66.70%  (4321 wrap events)  <- chosen\n"), text);
        assertTrue(text.contains("""
                wrap events on the training set (elements that lost information to a two's complement wrap)
                  value  events  examples
                  t13      4000       700
                  t14       321        90
                """), text);
        assertEquals("the chosen program wraps on its training data: t13 (4000 elements in 700 examples), t14 (321 "
                + "elements in 90 examples); see report.txt", ReportWarnings.wrapWarning(r).orElseThrow());
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(r.program().wraps(), back.program().wraps());
        assertTrue(ReportWarnings.wrapWarning(shiftry(null)).isEmpty());
    }

    @Test
    void aCollapsedProgramIsWarnedOfWithWhatToTry() {
        // Train accuracy: float 98.0%, fixed 66.7%: 31.3 points lost, more than the 10 a rounding loss could explain.
        Report r = new Report(new Report.Compiled("seedot", 8, 3, "accuracy", "x86"),
                new Report.Accuracy(92.0, 63.5, 98.0, 66.7, null),
                new Report.ChosenProgram(VALUES, null, 4128, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(4.0, 32, List.of()), null, null, List.of());
        assertEquals("the fixed-point program reaches 66.70% on the training set where float reaches 98.00% (31.30 points"
                + " lost); try --bitwidth 16 or --strategy shiftry", ReportWarnings.collapseWarning(r).orElseThrow());
        assertTrue(ReportWarnings.collapseWarning(shiftry(null)).isEmpty()); // 100.0 vs 99.5
    }

    @Test
    void stageTimesFollowTheExplorationLineAndSurviveTheJson() throws Exception {
        Report r = shiftry(null).withStages(List.of(new Report.StageTime("load", 0.25),
                new Report.StageTime("search", 1.5, List.of(new Report.StageTime("stage II: input scale", 0.5),
                        new Report.StageTime("stage IV: cumulative demotion", 1.0))),
                new Report.StageTime("emit", 0.125)));
        String text = TextReport.render(r);
        assertTrue(text.contains("explored 102 candidates in 1.50 s\ntime per stage: load 0.25 s; search 1.50 s;"
                + " emit 0.13 s\nsearch stages: stage II: input scale 0.50 s; stage IV: cumulative demotion 1.00 s\n"),
                text);
        assertTrue(Report.JSON.writeValueAsString(r.toJson()).contains("\"stage\" : \"load\",\n    \"seconds\" : 0.25\n"),
                "a stage without parts has no parts key");
        Report back = Report.fromJson(Report.JSON.readTree(Report.JSON.writeValueAsString(r.toJson())));
        assertEquals(r.stages(), back.stages());
    }

    /**
     * Ranges: X at scale 12 has (2^15 - 1) / (3 * 2^12) = 2.67, 1.4 bits, to spare; WX's sound range at scale 13
     * needs 56,746 where 16 bits hold 32,767 (-0.8 bits), and the proof says where it may wrap.
     */
    @Test
    void valuesAnInputInTheDeclaredRangeMayWrapAreListed() {
        List<Report.ValueType> values = List.of(
                new Report.ValueType("X", 16, 12, new double[] {-1, 2}, new double[] {-3, 3}, null, null, 1.2e-4),
                new Report.ValueType("WX", 16, 13, new double[] {-2.87, 3.053}, new double[] {-6.927, 6.044}, null,
                        "may need [-56746, 49512] in the sum of products", 0.0123),
                new Report.ValueType("e", 16, 14, new double[] {0, 1}, null, "e^x of an argument up to 1000.0"
                        + " exceeds every finite number", null, null));
        Report r = new Report(new Report.Compiled("seedot", 16, 3, "accuracy", "x86"),
                new Report.Accuracy(92.0, 92.0, 98.0, 98.0, null),
                new Report.ChosenProgram(values, null, 4128, List.of(), new Report.TestWraps(2, List.of(new Report.Wrap("WX", 3, 2))), null, null),
                new Report.Exploration(4.0, 32, List.of()), null, null, List.of());
        String text = TextReport.render(r);
        assertTrue(text.contains("  X        16     12  [-1.000, 2.000]  [-3.000, 3.000]   1.4 bits     0.000120\n"),
                text);
        assertTrue(text.contains("  WX       16     13  [-2.870, 3.053]  [-6.927, 6.044]  -0.8 bits       0.0123\n"),
                text);
        assertTrue(text.contains("""
                values an input inside the declared range may wrap (1; --ranges sound prevents it)
                  value      sound range      type                                         may wrap
                  WX     [-6.927, 6.044]  int16@13  may need [-56746, 49512] in the sum of products
                no sound range for e: e^x of an argument up to 1000.0 exceeds every finite number
                """), text);
        assertTrue(text.contains("""
                values that overflowed on the test set (in 2 examples)
                  value  events  examples
                  WX          3         2
                """), text);
    }

    /** With every value's ranges known and no value at risk, the report says the program is proved free of wraps. */
    @Test
    void aProgramWithNoRiskIsSaidToBeProved() {
        Report r = new Report(new Report.Compiled("seedot", 16, 3, "accuracy", "x86"),
                new Report.Accuracy(92.0, 92.0, 98.0, 98.0, null),
                new Report.ChosenProgram(List.of(new Report.ValueType("X", 16, 12, new double[] {-1, 2}, new double[] {-3, 3}, null, null, null)), null, 4128, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(4.0, 32, List.of()), null, null, List.of());
        assertTrue(TextReport.render(r).contains("\nproved: no input inside the declared range makes any value wrap\n"));
    }
}
