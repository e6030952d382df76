package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.driver.Compilation;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Stage IV's look past one step ({@link StageFourPairs}) on a two-layer model, X -> t1 = W1 * X -> t2 = W2 * t1 ->
 * argmax, with a made-up target: 100 cycles, 50 less when W1 and t1 are both 8 bits (the first product's kernel pays
 * only with both), 60 more when W1 and W2 are both 8 bits. Every value alone at 8 bits costs 100 (W1 and W2 touch no
 * common op, so neither does alone), so no demotion is faster alone and stage IV tries them by their loss alone,
 * which is none on these rows, in the program's order: X, W1, W2, t1, t2.
 *
 * <p>Worked by hand, with limits that refuse nothing (a 100-point drop, no score guard). One step at a time every
 * demotion is refused as not faster, and the groups tried after the walk take the refusals in that order: X (100),
 * X W1 (100), X W1 W2 (160), X W1 W2 t1 (110), all five (110): never below 100, so every value stays at 16 bits.
 * Looking past one step, each refusal is priced with the earlier refusals it shares an op with: W1 with X, 100 (not
 * faster); W2 has none (its ops are t2's); t1 with X, 100, then with W1, 50: a saving of 50 of the current 100
 * cycles, 50%. Where the model says its error on whole programs is 25%, that is beyond it: run and kept, W1's step
 * and t1's both kept as a pair; t2 with W2, 110 beside the 8-bit W1. The groups X, W2, t2 never fall below 50. The
 * program: W1 and t1 at 8 bits, X, W2 and t2 at 16, 50 cycles. Where its error is 50%, a saving of 50% is not beyond
 * it, and where the error is unmeasured nothing is: the pair is not run and the walk is the one-step walk's, every
 * value at 16 bits, 100 cycles.
 */
class StageFourPairsTest {
    private static final String PROGRAM = """
            let X = (2, 1) in [-4, 4] in
            let W1 = (2, 2) in [-2, 2] in
            let W2 = (2, 2) in [-2, 2] in
            let t1 = W1 * X in
            let t2 = W2 * t1 in
            argmax(t2)
            """;
    private static final Map<String, double[]> WEIGHTS = Map.of(
            "W1", new double[] {1.25, -0.5, 0.375, 1.5}, "W2", new double[] {0.75, -1.25, -0.625, 1.0});
    /** Rows far from the decision boundary, labelled by the float model, so no demotion alone changes a label. */
    private static final double[][] ROWS = {{3.1, 0.4}, {-2.7, 1.9}, {0.6, -3.3}, {-1.4, -2.2}, {2.2, 2.9},
                                            {-3.5, -0.8}, {1.7, -1.1}, {-0.9, 3.6}};

    /** The made-up target, its model saying its error on whole programs it was not fitted on is {@code error}. */
    private static CycleModel target(double error) {
        return new CycleModel() {
            @Override
            public String describe() {
                return "W1 with t1 fast, W1 with W2 slow";
            }

            @Override
            public CycleEstimate estimate(FixedProgram fp, Map<String, double[]> weights) {
                boolean w1 = eight(fp, "W1"), t1 = eight(fp, "t1"), w2 = eight(fp, "W2");
                return new CycleEstimate(100 - (w1 && t1 ? 50 : 0) + (w1 && w2 ? 60 : 0), List.of());
            }

            @Override
            public double heldOutError() {
                return error;
            }
        };
    }

    private static boolean eight(FixedProgram fp, String name) {
        return fp.type(named(fp.program(), name)).bits() == 8;
    }

    static Value named(Program p, String name) {
        return p.values().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aPairFasterOnlyTogetherBeyondTheModelsErrorIsKept() {
        ShiftryOutcome o = walk(input(), 0.25);
        assertEquals(List.of("X", "W1", "W2", "t1", "t2"),
                o.order().stream().map(ShiftryOutcome.Demotion::name).toList(), "the premise: the order");
        assertEquals(Map.of("X", 16, "W1", 8, "W2", 16, "t1", 8, "t2", 16), widths(o.best()));
        assertEquals(50, o.cycles());
        assertEquals(List.of("X", "W1", "W2", "t1", "t2"),
                o.curve().stream().map(ShiftryOutcome.Step::name).toList(), "a step per demotion, in the order");
        assertEquals(List.of(StageFourVerdict.COST, StageFourVerdict.KEPT_PAIR, StageFourVerdict.COST,
                        StageFourVerdict.KEPT_PAIR, StageFourVerdict.COST),
                o.curve().stream().map(ShiftryOutcome.Step::verdict).toList());
    }

    @Test
    void aPairSavingNoMoreThanTheModelsErrorOrAnUnmeasuredOneIsNotRun() {
        SearchInput in = input();
        for (double error : new double[] {0.5, Double.NaN}) {
            ShiftryOutcome o = walk(in, error);
            assertEquals(Map.of("X", 16, "W1", 16, "W2", 16, "t1", 16, "t2", 16), widths(o.best()), "error " + error);
            assertEquals(100, o.cycles(), "error " + error);
            assertEquals(List.of(StageFourVerdict.COST, StageFourVerdict.COST, StageFourVerdict.COST,
                            StageFourVerdict.COST, StageFourVerdict.COST),
                    o.curve().stream().map(ShiftryOutcome.Step::verdict).toList(), "error " + error);
        }
    }

    private static ShiftryOutcome walk(SearchInput in, double modelError) {
        return ShiftrySearch.walk(in, new ShiftrySettings(ShiftryLadder.shiftry(ContainerWidths.C), 100,
                Double.POSITIVE_INFINITY, null, null, target(modelError))).outcome();
    }

    /** Each value's width in {@code fp}, by name. */
    static Map<String, Integer> widths(FixedProgram fp) {
        Map<String, Integer> out = new java.util.TreeMap<>();
        for (String name : List.of("X", "W1", "W2", "t1", "t2")) {
            out.put(name, fp.type(named(fp.program(), name)).bits());
        }
        return out;
    }

    /** The two-layer model on rows labelled by its float run, no row near a decision boundary. */
    static SearchInput input() {
        FloatModel model = new FloatModel(SeeDotProgram.from(new SourceFile("pairs.sd", PROGRAM)).program(), WEIGHTS);
        DataSet unlabelled = new DataSet(1, new double[ROWS.length][], ROWS);
        Result[] floats = Compilation.floatRun(model, unlabelled, 1);
        double[][] labels = new double[ROWS.length][];
        for (int i = 0; i < ROWS.length; i++) {
            labels[i] = new double[] {floats[i].label()};
        }
        DataSet train = new DataSet(1, labels, ROWS);
        Profile profile = Evaluation.profile(model, train, 1);
        return new SearchInput(model, profile, train, floats, Metric.ACCURACY, 1, StageLog.quiet());
    }
}
