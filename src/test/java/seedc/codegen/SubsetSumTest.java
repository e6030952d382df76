package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.search.Metric;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * k-bit weights times wider activations by subset sums (BitSerial.SubsetSums): a random model whose two products
 * take them, A (2 x 11, two activation vectors) times 2-bit weights {-0.75, -0.25, 0.25, 0.75} (a base: the row
 * sums enter), then the flattened 18 values times 3-bit weights {0, 0.125, ..., 0.875} (no base); both sums end in a
 * partial group of 4 and an odd number of groups. Every row equal to the interpreter on x86 under the sanitizers and
 * on the Uno, with shiftry's choice (8-bit activations) and every value at 16 bits (tables of 32-bit sums); a
 * Cortex-M build run under Unicorn. (SeeDot's products are halving trees, which subset sums do not serve.)
 */
class SubsetSumTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(booleans = {false, true})
    void widerActivationsTimesKBitWeights(boolean all16) throws Exception {
        Random rnd = new Random(11);
        double[] w = new double[11 * 9], v = new double[18 * 12];
        for (int i = 0; i < w.length; i++) {
            w[i] = -0.75 + 0.5 * rnd.nextInt(4);
        }
        for (int i = 0; i < v.length; i++) {
            v[i] = 0.125 * rnd.nextInt(8);
        }
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (22, 1) in [-1, 1] in\nlet W = (11, 9) in [-0.75, 0.75] in\n"
                        + "let V = (18, 12) in [0, 0.875] in\nlet A = reshape(X, (2, 11), (1, 2)) in\n"
                        + "let H = reshape(relu(A * W), (1, 18), (1, 2)) in\nargmax(H * V)\n")
                .param("W", w, 11, 9).param("V", v, 18, 12)
                .rows("data", HandModel.uniformRows(rnd, 80, 22));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = all16 ? everyValueAt16(model, set)
                : HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        assertExactBySubsetSums(fp, model, set, 2, 30);
        CortexMBuildTest.assertRunsExact(fp, model.weights(), EmitOptions.NONE, set, dir.resolve("cortex-m"));
    }

    /**
     * The program's integers equal the interpreter's on every row on x86 under the sanitizers, and on {@code rows}
     * on the Uno; {@code products} of its products by subset sums.
     */
    private void assertExactBySubsetSums(FixedProgram fp, FloatModel model, DataSet set, int products, int rows)
            throws Exception {
        Path host = dir.resolve("x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, set.size());
        String code = Files.readString(host.resolve("predict.c"));
        assertEquals(products, code.split("/\\* subset sums: ", -1).length - 1, "products by subset sums:\n" + code);
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, rows, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * A table beyond the RAM planned for (202 activations: 51 groups of 16 16-bit sums, 1,632 B, against 1,200 B of
     * RAM for the model: a device of 1,604 B less the caller's 404 B input row, which the fit counts): the row is
     * summed in chunks of tables that fit, each vector's sum carried over them; x86 without a RAM limit builds one
     * table. The chunked C on x86 (planned for that RAM) under the sanitizers, and on the Uno.
     */
    @org.junit.jupiter.api.Test
    void aTableBeyondTheRamIsBuiltInChunks() throws Exception {
        Random rnd = new Random(2);
        int n = 202, m = 8; // a partial last group too
        double[] w = new double[n * m];
        for (int i = 0; i < w.length; i++) {
            w[i] = -0.75 + 0.5 * rnd.nextInt(4);
        }
        HandModel h = new HandModel(dir.resolve("wide"))
                .program("let X = (" + n + ", 1) in [-1, 1] in\nlet W = (" + n + ", " + m + ") in [-0.75, 0.75] in\n"
                        + "argmax(X^T * W)\n")
                .param("W", w, n, m).rows("data", HandModel.uniformRows(rnd, 30, n));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        assertEquals(16, fp.type(fp.program().input()).bits());
        Device small = new Device("1604 B", 1200 + 2 * n, 32768); // X at 16 bits: 2 B an element, held by the caller
        var planned = CBackend.ARDUINO.emit(fp, model.weights(), new EmitOptions(small, null, null),
                dir.resolve("uno"));
        assertTrue(kernel(planned).startsWith("subset sums: ") && kernel(planned).endsWith(" a row)"), kernel(planned));
        var x86 = CBackend.X86.emit(fp, model.weights(), EmitOptions.NONE, dir.resolve("x86"));
        assertEquals("subset sums: the 16 sums of each 4 activations, looked up by the nibbles of the weights' 2 bit"
                + " planes", kernel(x86));
        Path host = dir.resolve("x86-chunked");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, set.size(), new EmitOptions(small, null, null));
        assertTrue(Files.readString(host.resolve("predict.c")).contains("sd_acc[f]"), "chunks on x86");
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, 10, small, AvrToolchain.MCU, dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");
    }

    /**
     * The weights on the left and the activation on the right (W * A, ProtoNN's and Bonsai's form): each of A's two
     * columns (22 elements: five full groups and a partial one) gets its table, looked up by W's 9 rows of 2-bit
     * weights {-0.75, -0.25, 0.25, 0.75}. Every row equal to the interpreter on x86 under the sanitizers and on the Uno.
     */
    @org.junit.jupiter.api.Test
    void theActivationOnTheRight() throws Exception {
        Random rnd = new Random(5);
        int k = 22, m = 9;
        double[] w = new double[m * k];
        for (int i = 0; i < w.length; i++) {
            w[i] = -0.75 + 0.5 * rnd.nextInt(4);
        }
        HandModel h = new HandModel(dir.resolve("right"))
                .program("let X = (" + 2 * k + ", 1) in [-1, 1] in\nlet W = (" + m + ", " + k + ") in [-0.75, 0.75] in\n"
                        + "let A = reshape(X, (" + k + ", 2), (1, 2)) in\n"
                        + "argmax(reshape(W * A, (1, " + 2 * m + "), (1, 2)))\n")
                .param("W", w, m, k).rows("data", HandModel.uniformRows(rnd, 60, 2 * k));
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);
        assertExactBySubsetSums(fp, model, set, 1, 20);
    }

    private static String kernel(seedc.backend.Emitted e) {
        return e.memoryPlan().lowBitProducts().getFirst().kernel();
    }

    /**
     * A padded convolution of the input (not quantized: pixels) with 2-bit filters {-0.75, -0.25, 0.25, 0.75}, stride
     * 2 in rows: two input channels in one group (a window of 18 taps: a partial last group; 8 output channels share
     * each window's table), and four input channels in two groups (each group's 18-tap window read by its 8
     * channels); every row equal on x86 under the sanitizers and on the Uno.
     */
    @ParameterizedTest(name = "{0} input channels in {1} groups")
    @org.junit.jupiter.params.provider.CsvSource({"2, 1", "4, 2"})
    void aConvolutionOfWiderActivations(int c, int groups) throws Exception {
        Random rnd = new Random(4);
        int h = 6, co = 8 * groups;
        double[] f = new double[3 * 3 * c * co / groups];
        for (int i = 0; i < f.length; i++) {
            f[i] = -0.75 + 0.5 * rnd.nextInt(4);
        }
        HandModel m = new HandModel(dir.resolve("conv"))
                .program(HandModel.convProgram(h, c, co, groups, "[-0.75, 0.75]", "Xt", 2))
                .param("F", f, groups, 3, 3, c / groups, co / groups)
                .rows("data", HandModel.uniformRows(rnd, 60, h * h * c));
        BitSerialTest.assertConvolutionExact(dir, m, "/* subset sums: ");
    }

    /** The program with every value at 16 bits and its data-driven scale: tables of 18-bit (32-bit C) sums. */
    private static FixedProgram everyValueAt16(FloatModel model, DataSet set) {
        Profile profile = Evaluation.profile(model, set, 2);
        var p = model.program();
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            bits[v.id()] = 16;
            scales[v.id()] = ShiftryStrategy.dataDrivenScale(profile.maxAbs(v), 16);
        }
        return ShiftryStrategy.assign(p, profile, bits, scales, ShiftryLadder.shiftry(ContainerWidths.C));
    }
}
