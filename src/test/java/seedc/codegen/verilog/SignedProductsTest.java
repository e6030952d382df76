package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.ScoredBuild;
import seedc.bench.ModelBench;
import seedc.codegen.DifferentialTest;
import seedc.codegen.HandModel;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * Binary (-A, A) and ternary (-A, 0, A) weights on the FPGA (SignedProducts): each lane adds, subtracts or skips
 * the input and the sum is multiplied by A with shifts and adds; weights of 0 and +/- powers of two: each term is
 * the input shifted. Either way the product engine needs no DSP block; the design, simulated, predicts what the
 * interpreter predicts, in the cycles the planner estimated. A random model, its labels the float model's own.
 */
class SignedProductsTest {
    @TempDir
    Path dir;

    private static final double[] POWERS = {0, 0.125, -0.125, 0.25, -0.25, 0.5, -0.5};

    /** Levels 2 and 3: binary and ternary weights; 7: 0, +/- 1/8, 1/4 and 1/2 (powers of two). */
    @ParameterizedTest(name = "{0} levels")
    @ValueSource(ints = {2, 3, 7})
    void weightsOnFewLevelsNeedNoMultiplier(int levels) throws Exception {
        int classes = 10, features = 24, rows = 60;
        Random rnd = new Random(levels);
        double[] w = new double[classes * features];
        for (int i = 0; i < w.length; i++) {
            w[i] = levels == 2 ? (rnd.nextBoolean() ? 0.375 : -0.375) : levels == 3 ? (rnd.nextInt(3) - 1) * 0.375
                    : POWERS[rnd.nextInt(POWERS.length)];
        }
        double top = levels == 7 ? 0.5 : 0.375;
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W = (" + classes + ", " + features
                        + ") in [-" + top + ", " + top + "] in\nargmax(W * X)\n")
                .param("W", w, classes, features)
                .rows("data", HandModel.uniformRows(rnd, rows, features));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT,
                FpgaBackend.INSTANCE);

        Path out = dir.resolve("design");
        Emitted e = ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(fp, model.weights(),
                EmitOptions.on(Device.ICE40_UP5K), out));
        JsonNode fpga = new ObjectMapper().valueToTree(e.fpga());
        assertEquals(0, fpga.get("estimatedDsp").asLong(), fpga.toString());
        String engine = Files.readString(out.resolve("nodes/n" + fp.program().body().ops().stream()
                .filter(op -> op instanceof seedc.ir.Op.MatMul).findFirst().orElseThrow().out().id() + ".vh"));
        assertTrue(engine.contains(" : -(") || engine.contains(" ? -("), "a subtraction:\n" + engine);
        if (levels == 7) {
            java.util.Set<String> shifts = new java.util.TreeSet<>();
            java.util.regex.Matcher sh = java.util.regex.Pattern.compile("\\) <<< (\\d+)\\)").matcher(engine);
            while (sh.find()) {
                shifts.add(sh.group(1));
            }
            assertEquals(3, shifts.size(), "a shift for each of 1/8, 1/4 and 1/2:\n" + engine);
        }
        assertTrue(engine.contains(" <<< ") && engine.lines().filter(t -> t.contains("tt_") && t.contains("sd_wrap"))
                .noneMatch(t -> t.contains(" * ")), "terms without a product, one by A in shifts:\n" + engine);

        simulatesLikeTheInterpreter(fp, model, set, out, fpga);
    }

    /**
     * A binarized layer, argmax(W2 * sign(W1 X)) with binary W2 (and a 2-bit one, quantize(W1 X, 2, 0, 1.5) with
     * ternary W2): the second product counts bits (CountingProducts: no multiplier, no DSP), and the design,
     * simulated, predicts what the interpreter predicts in the cycles the planner estimated.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"sign", "quantize2"})
    void lowBitProductsCount(String activation) throws Exception {
        int classes = 10, features = 24, hidden = 16, rows = 60;
        Random rnd = new Random(9);
        boolean binary = activation.equals("sign");
        double[] w1 = new double[hidden * features], w2 = new double[classes * hidden];
        for (int i = 0; i < w1.length; i++) {
            w1[i] = 2 * rnd.nextDouble() - 1;
        }
        for (int i = 0; i < w2.length; i++) {
            w2[i] = binary ? (rnd.nextBoolean() ? 0.5 : -0.5) : (rnd.nextInt(3) - 1) * 0.5;
        }
        String act = binary ? "sign(W1 * X)" : "quantize(W1 * X, 2, 0.0, 1.5)";
        HandModel m = new HandModel(dir.resolve("counting"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W1 = (" + hidden + ", " + features
                        + ") in [-1, 1] in\nlet W2 = (" + classes + ", " + hidden + ") in [-0.5, 0.5] in\n"
                        + "let H = " + act + " in\nargmax(W2 * H)\n")
                .param("W1", w1, hidden, features).param("W2", w2, classes, hidden)
                .rows("data", HandModel.uniformRows(rnd, rows, features));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT,
                FpgaBackend.INSTANCE);
        Path out = dir.resolve("counting-design");
        Emitted e = ScoredBuild.of(() -> FpgaBackend.INSTANCE.emit(fp, model.weights(),
                EmitOptions.on(Device.ICE40_UP5K), out));
        JsonNode fpga = new ObjectMapper().valueToTree(e.fpga());
        int second = fp.program().body().ops().stream().filter(op -> op instanceof seedc.ir.Op.MatMul)
                .skip(1).findFirst().orElseThrow().out().id();
        String engine = Files.readString(out.resolve("nodes/n" + second + ".vh"));
        assertTrue(engine.contains("cb00_n" + second)
                && engine.lines().noneMatch(t -> t.contains("cb00") && t.contains(" * ")),
                "counters, no product:\n" + engine);
        for (JsonNode node : fpga.get("nodes")) {
            if (node.get("value").asText().equals(fp.program().body().ops().stream().filter(op -> op.out().id()
                    == second).findFirst().orElseThrow().out().name())) {
                assertEquals(0, node.get("dsp").asLong(), node.toString());
            }
        }
        simulatesLikeTheInterpreter(fp, model, set, out, fpga);
    }

    /**
     * The design in {@code out} (emitted {@link ScoredBuild scored}), simulated on every row, computes the
     * interpreter's raw scores and labels in the estimated cycles.
     */
    static void simulatesLikeTheInterpreter(FixedProgram fp, FloatModel model, DataSet set, Path out,
                                            JsonNode fpga) throws Exception {
        List<String> expected = ModelBench.scoredLines(fp, new QuantizedModel(fp, model.weights()), set, set.size());
        DifferentialTest.csv(set, out.resolve("examples.csv"));
        assertEquals(expected, FpgaFixturesTest.make(out, "sim", "examples.csv"));
        assertEquals(Collections.nCopies(set.size(), "cycles " + fpga.get("estimatedCycles").asLong()),
                FpgaFixturesTest.make(out, "sim-cycles", "examples.csv"));
    }
}
