package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.codegen.DifferentialTest;
import seedc.codegen.HandModel;
import seedc.fixed.FixedInterpreter;
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
        Emitted e = FpgaBackend.INSTANCE.emit(fp, model.weights(), EmitOptions.on(Device.ICE40_UP5K), out);
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

        FixedInterpreter fi = new FixedInterpreter(fp, new QuantizedModel(fp, model.weights()));
        List<String> expected = new ArrayList<>();
        for (double[] x : set.features()) {
            fi.run(x);
            expected.add(Long.toString(fi.label()));
        }
        DifferentialTest.csv(set, out.resolve("examples.csv"));
        assertEquals(expected, FpgaFixturesTest.make(out, "sim", "examples.csv"));
        assertEquals(Collections.nCopies(rows, "cycles " + fpga.get("estimatedCycles").asLong()),
                FpgaFixturesTest.make(out, "sim-cycles", "examples.csv"));
    }
}
