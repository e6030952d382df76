package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;

/**
 * Stage IV walked in two orders ({@link StageFourTwoWalks}) on StageFourPairsTest's two-layer model, X -> t1 = W1 * X
 * -> t2 = W2 * t1 -> argmax, whose rows lie far from the decision boundary (no demotion alone changes a label: every
 * loss is 0), with limits that refuse nothing by accuracy (a 100-point drop, no score guard) and made-up targets whose
 * models say their error on whole programs is 10%. StageFourPairs then prices each "not faster" refusal with the
 * earlier ones it shares an op with (X with W1 and t1; t1 with W1, X, W2 and t2; W2 with t1 and t2): below, no such
 * pair saves anything, so none is run.
 *
 * <p>The trap, worked by hand: 100 cycles; t2 at 8 bits saves 30, W1 20, W2 20, but t2 together with either W costs 30
 * back (cycles = 100 - 30 t2 - 20 W1 - 20 W2 + 30 t2 W1 + 30 t2 W2, each name 1 when at 8 bits). The first order puts
 * the savers first, every loss per cycle saved 0, so by saving: t2 (30), W1, W2 (20 each, the program's order), then
 * X and t1 (none). It keeps t2 (70); W1 and W2 each then give 80, X and t1 70: all "not faster". The groups of those
 * refusals from 70: W1 80, W1 W2 90, with X 90, with t1 90: none falls. First walk: t2 at 8 bits, 70 cycles. The
 * second order, by loss alone (all 0) in the program's order: X, W1, W2, t1, t2. X 100 (not faster), W1 80 kept, W2 60
 * kept, t1 60 and t2 90 (not faster); the groups from 60: X 60, X t1 60, X t1 t2 90: none. Second walk: W1 and W2 at
 * 8 bits, 60 cycles, 14.3% below 70, beyond the model's 10%: it is the result, its steps the curve. Where the model
 * says its error is 20%, or gives none, the saving is not beyond it and the first walk's program stays, 70 cycles,
 * none of the second walk's programs on the frontier's list.
 *
 * <p>Without the trap (no term for t2 with a W) both walks reach every saver at 8 bits, 30 cycles: on that tie the
 * first walk's program and curve stay.
 */
class StageFourTwoWalksTest {
    /** The target: 100 cycles less each saver's saving, plus {@code clash} for t2 with each W at 8 bits. */
    private static CycleModel target(double clash, double error) {
        return new CycleModel() {
            @Override
            public String describe() {
                return "t2 saves 30, W1 and W2 20 each, t2 with a W costs " + clash + " back";
            }

            @Override
            public CycleEstimate estimate(FixedProgram fp, Map<String, double[]> weights) {
                int t2 = eight(fp, "t2"), w1 = eight(fp, "W1"), w2 = eight(fp, "W2");
                return new CycleEstimate(100 - 30 * t2 - 20 * w1 - 20 * w2 + clash * t2 * (w1 + w2), List.of());
            }

            @Override
            public double heldOutError() {
                return error;
            }
        };
    }

    private static int eight(FixedProgram fp, String name) {
        return fp.type(StageFourPairsTest.named(fp.program(), name)).bits() == 8 ? 1 : 0;
    }

    @Test
    void theSecondOrderReachesTheCheaperProgramTheFirstMisses() {
        ShiftryOutcome o = walk(30, 0.10);
        assertEquals(List.of("t2", "W1", "W2", "X", "t1"), names(o.order()), "the premise: the first order");
        assertEquals(Map.of("X", 16, "W1", 8, "W2", 8, "t1", 16, "t2", 16), StageFourPairsTest.widths(o.best()));
        assertEquals(60, o.cycles());
        assertEquals(List.of("X COST", "W1 KEPT", "W2 KEPT", "t1 COST", "t2 COST"), steps(o), "the second walk's");
        Map<String, Integer> firstEnd = Map.of("X", 16, "W1", 16, "W2", 16, "t1", 16, "t2", 8);
        assertTrue(o.explored().stream().anyMatch(e -> e.cycles() == 70
                        && StageFourPairsTest.widths(e.program()).equals(firstEnd)),
                "the first walk's end was run and is on the list the frontier is drawn from");
    }

    @Test
    void onATieTheFirstWalkStays() {
        ShiftryOutcome o = walk(0, 0.10);
        assertEquals(Map.of("X", 16, "W1", 8, "W2", 8, "t1", 16, "t2", 8), StageFourPairsTest.widths(o.best()));
        assertEquals(30, o.cycles());
        assertEquals(List.of("t2 KEPT", "W1 KEPT", "W2 KEPT", "X COST", "t1 COST"), steps(o), "the first walk's");
    }

    @Test
    void aSavingWithinTheModelsErrorOrAnUnmeasuredOneLeavesTheFirstWalk() {
        for (double error : new double[] {0.20, Double.NaN}) {
            ShiftryOutcome o = walk(30, error);
            assertEquals(Map.of("X", 16, "W1", 16, "W2", 16, "t1", 16, "t2", 8), StageFourPairsTest.widths(o.best()),
                    "error " + error);
            assertEquals(70, o.cycles(), "error " + error);
            assertEquals(List.of("t2 KEPT", "W1 COST", "W2 COST", "X COST", "t1 COST"), steps(o), "error " + error);
            assertTrue(o.explored().stream().noneMatch(e -> e.cycles() == 60), "error " + error);
        }
    }

    private static ShiftryOutcome walk(double clash, double error) {
        return ShiftrySearch.walk(StageFourPairsTest.input(), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 100, Double.POSITIVE_INFINITY, null, null,
                target(clash, error))).outcome();
    }

    /** Each step of stage IV's curve: the value's name and its verdict. */
    private static List<String> steps(ShiftryOutcome o) {
        return o.curve().stream().map(t -> t.name() + " " + t.verdict().name()).toList();
    }

    private static List<String> names(List<ShiftryOutcome.Demotion> order) {
        return order.stream().map(ShiftryOutcome.Demotion::name).toList();
    }
}
