package seedc.eval;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The accuracy limit counts rows: a program losing exactly the limit's rows is within it, one more row is not, whatever
 * a double makes of the percentages (827 of 1000 is 82.69999999999999 as 100 * (827 / 1000), 837 of 1000 less 1.0 is
 * 82.7).
 */
class WithinDropTest {
    private static double percent(int correct, int total) {
        return new Evaluation.Accuracy(correct, total).percent();
    }

    @Test
    void aLossOfExactlyTheLimitsRowsIsWithinItOnEveryCount() {
        // 1.0 point of 1000 rows is 10 rows, of 300 rows 3: every float count, the program 10 (3) rows below it
        for (int[] n : new int[][] {{1000, 10}, {300, 3}, {600, 6}, {400, 4}}) {
            for (int floatRight = n[1]; floatRight <= n[0]; floatRight++) {
                assertTrue(WithinDrop.within(percent(floatRight - n[1], n[0]), percent(floatRight, n[0]), 1.0),
                        floatRight + " of " + n[0]);
                assertFalse(WithinDrop.within(percent(floatRight - n[1] - 1, n[0]), percent(floatRight, n[0]), 1.0),
                        "one row more, " + floatRight + " of " + n[0]);
            }
        }
    }

    @Test
    void theCaseFoundOnTheUnseenProtoNN() {
        double program = percent(827, 1000), flt = percent(837, 1000);
        assertTrue(program < flt - 1.0, "the rounding this guards against still happens: " + program);
        assertTrue(WithinDrop.within(program, flt, 1.0));
        assertTrue(WithinDrop.within(percent(90, 100), percent(90, 100), 0.0));
        assertFalse(WithinDrop.within(percent(89, 100), percent(90, 100), 0.5));
    }
}
