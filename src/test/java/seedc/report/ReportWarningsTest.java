package seedc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What compile warns of after the report, beyond the cases TextReportTest covers with the text. */
class ReportWarningsTest {
    private static final SearchSummary.Guard NOT_NEEDED = SearchSummary.Guard.NOT_NEEDED;
    private static final SearchSummary.RowsFrom TRAINING = SearchSummary.RowsFrom.TRAINING_SET;
    private static final SearchSummary.RowsFrom VALIDATION = SearchSummary.RowsFrom.VALIDATION_SET;

    /** A shiftry report with a held-out judgement, the test accuracies given. */
    private static Report withHeldOut(double floatTest, double fixedTest, SearchSummary.HeldOut h) {
        var search = new SearchSummary.Shiftry(13, 1.0, 0.05, null, 4128, List.of(), List.of(), null, null, 0.0, h,
                null, null, null, null);
        return new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "arduino"),
                new Report.Accuracy(floatTest, fixedTest, 98.0, 97.2, null),
                new Report.ChosenProgram(TextReportTest.VALUES, null, 3104, List.of(),
                        new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 102, List.of()), search, null, List.of());
    }

    @Test
    void aTestDropBeyondTheLimitThatTrainingRowsDidNotShowNamesTheCauseAndTheRemedy() {
        // 375 held-out training rows: float and the chosen program both 98.00%, so they showed 0.00 points; the test
        // rows show 92.00 - 90.00 = 2.00 points, beyond the 1.0 asked for.
        Report r = withHeldOut(92.0, 90.0, new SearchSummary.HeldOut(375, 1125, 98.0, 98.0, null, 98.0, NOT_NEEDED,
                TRAINING, null, null, null));
        assertEquals("on the test rows the fixed-point program is 2.00 points below float (90.00% against 92.00%),"
                + " beyond --max-accuracy-drop 1.0: the 375 held-out rows showed 0.00, but they are training rows,"
                + " which the model fits better than new ones; give --validation FILE with rows it was not trained"
                + " on (or put them beside the training set as validation.npy)",
                ReportWarnings.testDropWarning(r).orElseThrow());
        assertTrue(ReportWarnings.all(r).contains(ReportWarnings.testDropWarning(r).orElseThrow()));
        assertTrue(TextReport.render(r).contains("note: on the test rows the fixed-point program is 2.00 points"));
    }

    @Test
    void onValidationRowsItSaysHowMuchOneRowWeighs() {
        // 200 validation rows: 93.00 - 92.00 = 1.00 point shown; one row of 200 is 0.50 points.
        Report r = withHeldOut(91.0, 88.5, new SearchSummary.HeldOut(200, 1500, 93.0, 92.0, null, 92.0, NOT_NEEDED,
                VALIDATION, null, null, null));
        assertEquals("on the test rows the fixed-point program is 2.50 points below float (88.50% against 91.00%),"
                + " beyond --max-accuracy-drop 1.0: the 200 validation rows showed 1.00 (one row is 0.50 points of"
                + " them); they and the test rows are both samples, whose figures differ by chance too, so try more"
                + " validation rows, or a lower --max-accuracy-drop",
                ReportWarnings.testDropWarning(r).orElseThrow());
    }

    /**
     * The remedies named are those that could choose otherwise: held-out rows that showed no drop accept the same
     * program at any lower --max-accuracy-drop (lowbit/cnn-digits-w1a1i1 at --max-accuracy-drop 0: the same 1.39 test
     * points), so it is not named; where the score guard's walk chose the program, a lower --max-score-error is.
     */
    @Test
    void onlyRemediesThatCouldChooseOtherwiseAreNamed() {
        Report guarded = withHeldOut(84.44, 83.06, new SearchSummary.HeldOut(359, 1078, 89.97, null, 89.97, 89.97,
                SearchSummary.Guard.NO_CYCLE_MODEL, TRAINING, null, null, null));
        String w = ReportWarnings.testDropWarning(guarded).orElseThrow();
        assertTrue(w.endsWith("(or put them beside the training set as validation.npy), or a lower --max-score-error"
                + " (the score guard's walk chose this program)"), w);
        assertFalse(w.contains("a lower --max-accuracy-drop"), w);
        Report lost = withHeldOut(84.44, 83.06, new SearchSummary.HeldOut(359, 1078, 89.97, 89.69, 89.69, 89.69,
                SearchSummary.Guard.HELPED, TRAINING, null, null, null));
        assertTrue(ReportWarnings.testDropWarning(lost).orElseThrow().endsWith("validation.npy), or a lower"
                + " --max-accuracy-drop, or a lower --max-score-error (the score guard's walk chose this program)"));
    }

    /**
     * With the test rows counted against float's the warning gives the drop's standard error: 200 rows, 6 lost and 1
     * gained, 2.50 points; sum d^2 = 7, sum d = 5, so 100 * sqrt(7 - 25/200) / 200 = 1.31 points. The accuracy line
     * of report.txt gives it too.
     */
    @Test
    void theTestRowsCountedGiveTheDropsStandardError() {
        Report counted = withHeldOut(91.0, 88.5, new SearchSummary.HeldOut(200, 1500, 93.0, 92.0, null, 92.0,
                NOT_NEEDED, VALIDATION, null, null, null));
        Report r = new Report(counted.compiled(), counted.accuracy().withTestRows(new seedc.eval.PairedDrop(200, 6, 1)),
                counted.program(), counted.exploration(), counted.search(), counted.deviceUse(), counted.stages());
        assertTrue(ReportWarnings.testDropWarning(r).orElseThrow().startsWith("on the test rows the fixed-point program"
                + " is 2.50 points below float (88.50% against 91.00%; 2.50 +- 1.31 from 6 rows lost, 1 gained),"
                + " beyond --max-accuracy-drop 1.0"), ReportWarnings.testDropWarning(r).orElseThrow());
        assertTrue(TextReport.render(r).contains("0.80 points on the training set, 2.50 on the test set (+- 1.31: 6"
                + " rows lost, 1 gained)"), TextReport.render(r));
    }

    @Test
    void withinTheLimitOrWithoutHeldOutRowsNothingIsSaid() {
        SearchSummary.HeldOut h = new SearchSummary.HeldOut(375, 1125, 98.0, 98.0, null, 98.0, NOT_NEEDED,
                TRAINING, null, null, null);
        assertTrue(ReportWarnings.testDropWarning(withHeldOut(92.0, 91.0, h)).isEmpty()); // exactly 1.0: within
        assertTrue(ReportWarnings.testDropWarning(withHeldOut(92.0, 90.0, null)).isEmpty());
        assertTrue(ReportWarnings.testDropWarning(TextReportTest.shiftry(null)).isEmpty());
    }
}
