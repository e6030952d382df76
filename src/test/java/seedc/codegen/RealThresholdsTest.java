package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * sign(x w + b) with a bias far below any type's step, b = -1e-5, where x w is exactly 0 (issue 41): float gives -1
 * there, and so must every fixed program, since the sum of 1-bit pixels and weights of +-0.5 is exact and the
 * comparison takes b's real value (RealThresholds), where b rounded at its own type became 0 and sign(0) = +1. On
 * the interpreter, x86 (sanitizers), the Uno (simavr) and the Cortex-M (Unicorn); the FPGA design: RealQuantizeTest.
 *
 * <p>By hand: X's two pixels are quantized to 0 or 1 (at 0.5); hidden unit 0 sums 0.5 x0 - 0.5 x1 - 1e-5 and unit 1
 * sums 0.5 x0 + 0.5 x1 - 1e-5, so (x0, x1) = (0, 0) gives (-1, -1), (1, 1) gives (-1, +1), (1, 0) (+1, +1) and (0, 1)
 * (-1, +1). The output's four columns are the four sign patterns, so the argmax is the pattern's number: class 0 for
 * (-1, -1), 1 for (-1, +1), 2 for (+1, -1), 3 for (+1, +1) (its score 2, the others 0 or -2).
 */
public class RealThresholdsTest {
    @TempDir
    Path dir;

    /** Rows (x0, x1) and the class worked by hand above; each pattern with pixels on both sides of 0.5's cut. */
    public static final double[][] ROWS = {
            {0, 0, 0}, {1, 1, 1}, {3, 1, 0}, {1, 0, 1},
            {0, 0.2, 0.4}, {1, 0.9, 0.6}, {3, 0.7, 0.1}, {1, 0.3, 0.8},
            {0, 0.49, 0.01}, {1, 0.51, 0.99}, {3, 0.99, 0.49}, {1, 0.01, 0.51}};

    /** The model above, its parameters and the rows written to {@code dir}. */
    public static HandModel handModel(Path dir) throws java.io.IOException {
        return new HandModel(dir)
                .program("let X = (2, 1) in [0, 1] in\nlet W = (2, 2) in [-0.5, 0.5] in\n"
                        + "let B = (2) in [-0.00001, 0.00001] in\nlet P = (2, 4) in [-1, 1] in\n"
                        + "let Xq = quantize(X, 1, 0.0, 1.0) in\n"
                        + "let H = sign((Xq^T * W) <+> B) in\nargmax(H * P)\n")
                .param("W", new double[] {0.5, 0.5, -0.5, 0.5}, 2, 2)
                .param("B", new double[] {-1e-5, -1e-5}, 2)
                .param("P", new double[] {-1, -1, 1, 1, -1, 1, -1, 1}, 2, 4)
                .rows("data", ROWS);
    }

    @Test
    void aBiasBelowTheStepGivesFloatsSignWhereTheSumIsZero() throws Exception {
        Checked c = checkedByHand(handModel(dir.resolve("model")), ROWS, 1,
                "the hidden sign is compared with real thresholds");
        FixedProgram fp = c.fp();
        FloatModel model = c.model();
        DataSet set = c.set();
        X86DifferentialTest.assertHostMatches(dir.resolve("x86"), fp, model, set, ROWS.length);
        ModelBench.Outcome uno = ModelBench.fixed(fp, model, set, ROWS.length, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr"));
        assertEquals(uno.expected(), uno.fixed().outputs(), "the Uno's predictions differ from the interpreter");
        CortexMBuildTest.assertRunsExact(fp, model.weights(), EmitOptions.NONE, set, dir.resolve("cortex-m"));

    }

    /**
     * sign(B <-> x w) with B = +1e-5: the known operand first, k - x, which the rule does not cover (it would compare
     * x - k: the comparison turned round), so the ops run step by step. By hand, with the sums above, the signs are
     * (+1, +1) for (0, 0) (B rounds to 0 at its type and sign(0) = +1, as float's sign(1e-5)), (+1, -1) for (1, 1) and
     * (0, 1), (-1, -1) for (1, 0): classes 3, 2, 2 and 0.
     */
    @Test
    void aKnownLessTheSumIsNotComparedTurnedRound() throws Exception {
        double[][] rows = {{3, 0, 0}, {2, 1, 1}, {0, 1, 0}, {2, 0, 1}, {3, 0.2, 0.4}, {2, 0.9, 0.6}, {0, 0.7, 0.1},
                {2, 0.3, 0.8}};
        HandModel m = new HandModel(dir.resolve("known-first"))
                .program("let X = (2, 1) in [0, 1] in\nlet W = (2, 2) in [-0.5, 0.5] in\n"
                        + "let B = (1, 2) in [-0.00001, 0.00001] in\nlet P = (2, 4) in [-1, 1] in\n"
                        + "let Xq = quantize(X, 1, 0.0, 1.0) in\n"
                        + "let H = sign(B <-> (Xq^T * W)) in\nargmax(H * P)\n")
                .param("W", new double[] {0.5, 0.5, -0.5, 0.5}, 2, 2)
                .param("B", new double[] {1e-5, 1e-5}, 1, 2)
                .param("P", new double[] {-1, -1, 1, 1, -1, 1, -1, 1}, 2, 4)
                .rows("data", rows);
        Checked c = checkedByHand(m, rows, 0, "k - x is not compared with real thresholds");
        X86DifferentialTest.assertHostMatches(dir.resolve("x86-known-first"), c.fp(), c.model(), c.set(), rows.length);
    }

    /** A hand model compiled for the Uno, with its data. */
    private record Checked(FixedProgram fp, FloatModel model, DataSet set) {}

    /**
     * {@code m} compiled for the Uno: {@code chains} quantizes compared with real thresholds ({@code why}), and on
     * the interpreter every row's class the one worked by hand (each row's first column).
     */
    private static Checked checkedByHand(HandModel m, double[][] rows, int chains, String why) throws Exception {
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        assertEquals(chains, qm.realThresholds(fp).size(), why);
        FixedInterpreter interpreter = new FixedInterpreter(fp, qm);
        for (int r = 0; r < rows.length; r++) {
            interpreter.run(set.features()[r]);
            assertEquals((long) rows[r][0], interpreter.label(), "row " + r + ": the class worked by hand");
        }
        return new Checked(fp, model, set);
    }
}
