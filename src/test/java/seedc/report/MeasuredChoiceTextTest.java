package seedc.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** report.txt's --select measured table, and report.json's measuredChoice read back as written. */
class MeasuredChoiceTextTest {
    private static final MeasuredChoice CHOICE = new MeasuredChoice("uno", 5, 0.118, 3, 6, List.of(
            new MeasuredChoice.Rival(1, 1000, 1040.0, 95.0, 94.5, true, false),
            new MeasuredChoice.Rival(2, 1050, 980.0, 94.75, 94.25, true, true),
            new MeasuredChoice.Rival(3, 1100, null, null, null, false, false)), 2, "the fewest measured cycles");

    @Test
    void theTableGivesEachProgramAndTheChoice() {
        StringBuilder sb = new StringBuilder();
        MeasuredChoiceText.render(sb, CHOICE);
        assertEquals("""

                --select measured: 3 program(s) the search ran meet the same limits, within the cycle model's error (11.8%) of its choice;
                  3 measured on uno (at most 6), on the first 5 test rows each
                  rank  modelled  measured  held-out %  test %    device
                  1         1000      1040       95.00   94.50    agrees
                  * 2       1050       980       94.75   94.25    agrees
                  3         1100         -           -       -  no build
                  written: rank 2 (1: the model's choice), the fewest measured cycles
                """, sb.toString());
    }

    @Test
    void reportJsonReadsItBack() throws Exception {
        Report.Exploration e = new Report.Exploration(1.5, 10, List.of(), CHOICE);
        Report.Exploration back = Report.JSON.treeToValue(Report.JSON.valueToTree(e), Report.Exploration.class);
        assertEquals(e, back);
        assertEquals(false, Report.JSON.valueToTree(new Report.Exploration(1.5, 10, List.of())).has("measuredChoice"));
    }
}
