package seedc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * report.txt's held-out line names what refused the walk without the score guard: the accuracy limit, its wrap
 * events, or both (found on fixtures/unseen/fastgrnn-gestures12-8, whose unguarded walk matched float on its validation
 * rows, 89.33% against 89.33%, and was refused for wraps while the report said "beyond 1.0 points").
 */
class HeldOutTextTest {
    private static final SearchSummary.RowsFrom VALIDATION = SearchSummary.RowsFrom.VALIDATION_SET;

    private static String line(SearchSummary.Refused refused, SearchSummary.Guard guard) {
        return rendered(new SearchSummary.HeldOut(300, 600, 89.33, 89.33, 89.0, 89.0, guard, VALIDATION, null, refused,
                null));
    }

    /** The chosen program's rows counted against float's on 300 validation rows, the walk's program accepted. */
    private static String counted(int lost, int gained) {
        return rendered(new SearchSummary.HeldOut(300, 600, 89.33, 89.33, null, 89.33 - 100.0 * (lost - gained) / 300,
                SearchSummary.Guard.NOT_NEEDED, VALIDATION, null, null, null,
                new seedc.eval.PairedDrop(300, lost, gained)));
    }

    /** report.txt's held-out lines of a shiftry summary with {@code held}. */
    private static String rendered(SearchSummary.HeldOut held) {
        return rendered(held, null);
    }

    /** The same, the cycle model set aside as {@code aside} says. */
    private static String rendered(SearchSummary.HeldOut held, SearchSummary.ModelSetAside aside) {
        var search = new SearchSummary.Shiftry(13, 1.0, 0.05, null, 4128, List.of(), List.of(), null, null, 0.0, held,
                null, null, null, aside);
        StringBuilder sb = new StringBuilder();
        HeldOutText.render(sb, search);
        return sb.toString();
    }

    @Test
    void wrapsAloneAreNamedAsTheReason() {
        String text = line(new SearchSummary.Refused(false, 2, 0), SearchSummary.Guard.HELPED);
        assertEquals("held-out rows: 300 of the validation set, which no choice saw; float 89.33%, the walk without the\n"
                + "  score guard 89.33% (within 1.0 points, but refused for its wraps: 2 wrap events there, where the"
                + " walk's start had 0);\n  with the score guard 89.00%: that program chosen\n", text);
    }

    @Test
    void oneWrapEventIsSingular() {
        assertTrue(line(new SearchSummary.Refused(false, 1, 0), SearchSummary.Guard.HELPED)
                .contains("1 wrap event there, where"));
    }

    @Test
    void accuracyAloneAndBothAreNamed() {
        assertTrue(line(new SearchSummary.Refused(true, 0, 0), SearchSummary.Guard.DID_NOT_HELP)
                .contains("(beyond 1.0 points);\n  with the score guard 89.00%; chosen: the longest prefix"));
        assertTrue(line(new SearchSummary.Refused(true, 7, 3), SearchSummary.Guard.HELPED)
                .contains("(beyond 1.0 points, and 7 wrap events there, where the walk's start had 3);\n  with"));
    }

    /**
     * The chosen program's held-out rows against float's: 300 rows, 5 lost and 2 gained, a drop of 1.00 point;
     * sum d^2 = 7, sum d = 3, so the standard error is 100 * sqrt(7 - 9/300) / 300 = 0.880 points.
     */
    @Test
    void theChosenProgramsRowsAndTheDropsStandardError() {
        String text = counted(5, 2);
        assertTrue(text.contains("\n  the chosen program there: 5 rows float gets right it gets wrong, 2 the"
                + " other way: a drop of 1.00 +- 0.88 points\n  (the paired standard error; another 300 rows may show"
                + " a drop about that much higher or lower)\n"), text);
    }

    /** No row won or lost: a standard error of 0 would read as a promise, so none is given. */
    @Test
    void noRowLostOrGainedGivesNoStandardError() {
        String text = counted(0, 0);
        assertTrue(text.contains("\n  the chosen program there: right on exactly the rows float is right on (no"
                + " standard error to give:\n  no row there shows what new rows may)\n"), text);
    }

    @Test
    void aReportWithoutTheReasonNamesTheAccuracyLimit() {
        assertTrue(line(null, SearchSummary.Guard.HELPED)
                .contains("(beyond 1.0 points);\n  with the score guard 89.00%"));
    }

    @Test
    void aModelThatMeasuredTooLittleSaysHowMuchAndWhere() {
        var aside = new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED, 0.9, 0.76, 0.894,
                List.of(new SearchSummary.UnmeasuredOp("t11", "Quantize", 10703.4),
                        new SearchSummary.UnmeasuredOp("t2", "Loop", null)));
        String text = rendered(null, aside);
        assertEquals("cycle model: not used: it measured 76% of the work at the widest values, 89% at the narrowest"
                + " (it decides from 90%)\n"
                + "  the most work it did not measure: t11 (Quantize, 10,703 cycles), t2 (Loop, priced at nothing)\n",
                text);
    }

    @Test
    void aModelThatNeverMeasuredPlanesSaysSo() {
        var aside = new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.PLANES_UNMEASURED, null, null, null,
                null);
        assertEquals("cycle model: not used: it never measured products on bit planes, which this program has\n",
                rendered(null, aside));
    }

    /** A share just short of the 90% the model needs reads 89%, never 90% (mlp-digits-w2a2i2 measured 89.7%). */
    @Test
    void aShareShortOfTheLimitNeverReadsAsReachingIt() {
        var aside = new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED, 0.9, 0.897,
                0.954, List.of());
        assertEquals("cycle model: not used: it measured 89% of the work at the widest values, 95% at the narrowest"
                + " (it decides from 90%)\n", rendered(null, aside));
    }
}
