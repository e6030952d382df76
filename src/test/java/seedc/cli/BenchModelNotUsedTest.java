package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.report.Report;
import seedc.report.SearchSummary;

/**
 * seedc bench prints the target model's estimate beside the measured cycles; where the compile's search set that
 * model aside, the bench says so under it, and why, so the estimate is not read as what chose the program.
 */
class BenchModelNotUsedTest {
    private static String printed(SearchSummary.ModelSetAside aside) {
        var search = new SearchSummary.Shiftry(5, 1.0, 0.05, null, 40, List.of(), List.of(), null, null, null, null,
                null, null, null, aside);
        Report r = new Report(new Report.Compiled("shiftry", 16, -1, "reduced-disagreement", "arduino"),
                new Report.Accuracy(95.0, 94.0, 99.0, 98.0, null),
                new Report.ChosenProgram(List.of(), null, 36, List.of(), new Report.TestWraps(0, List.of()), null, null),
                new Report.Exploration(1.5, 12, List.of()), search, null, List.of());
        StringWriter w = new StringWriter();
        try (PrintWriter o = new PrintWriter(w)) {
            UnoBenchTable.modelNotUsed(o, r);
        }
        return w.toString();
    }

    @Test
    void aModelSetAsideIsSaidToBeUnusedAndWhy() {
        var aside = new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED, 0.9, 0.777, 0.876,
                List.of(new SearchSummary.UnmeasuredOp("H1", "Quantize", 840.0)));
        assertEquals("  the search did not use it: it measured 77% of the work at the widest values, 87% at the"
                + " narrowest (it decides from 90%)\n", printed(aside));
        assertEquals("  the search did not use it: it never measured products on bit planes, which this program has\n",
                printed(new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.PLANES_UNMEASURED, null, null,
                        null, null)));
    }

    @Test
    void aModelTheSearchUsedTakesNoLine() {
        assertEquals("", printed(null));
    }
}
