package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * A batch-norm style scale and bias followed by sign (a binarized layer; a random model, its labels the float
 * model's own) compiles to one comparison per element (Zac 4.3's threshold customization, Thresholds.java), and the
 * integers are the interpreter's: on x86 under the sanitizers, on the Uno under simavr, and in the clean Cortex-M
 * build under Unicorn. Scales of both signs: a negative one turns the step around.
 */
class ThresholdSignTest {
    @TempDir
    Path dir;

    @Test
    void scaleBiasSignIsOneComparison() throws Exception {
        int features = 16, hidden = 12, classes = 4;
        Random rnd = new Random(3);
        double[] w1 = uniform(rnd, features * hidden, 1), s = uniform(rnd, hidden, 2), b = uniform(rnd, hidden, 1);
        double[] w2 = uniform(rnd, hidden * classes, 1);
        // random rows, then for each hidden unit the two corners of the box that drive its sum to the ends of its
        // type, where the product by the scale wraps (a step more in the comparison)
        int random = 150, rows = random + 2 * hidden;
        double[][] data = java.util.Arrays.copyOf(HandModel.uniformRows(rnd, random, features), rows);
        for (int h = 0; h < 2 * hidden; h++) {
            data[random + h] = new double[1 + features];
            for (int j = 0; j < features; j++) {
                data[random + h][1 + j] = Math.signum(w1[j * hidden + h / 2]) * (h % 2 == 0 ? 1 : -1);
            }
        }
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\n"
                        + "let W1 = (" + features + ", " + hidden + ") in [-1, 1] in\n"
                        + "let S = (1, " + hidden + ") in [-2, 2] in\nlet B = (1, " + hidden + ") in [-1, 1] in\n"
                        + "let W2 = (" + hidden + ", " + classes + ") in [-1, 1] in\n"
                        + "let H = sign(((X^T * W1) <*> S) + B) in\nargmax(H * W2)\n")
                .param("W1", w1, features, hidden).param("S", s, 1, hidden).param("B", b, 1, hidden)
                .param("W2", w2, hidden, classes)
                .rows("data", data);
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, Strategy.SHIFTRY, Metric.DISAGREEMENT, CBackend.ARDUINO);

        Path host = dir.resolve("x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, rows);
        String code = Files.readString(host.resolve("predict.c"));
        // compared where the product stores each sum, column j's thresholds (x is never stored)
        assertEquals(2, code.split("in the comparison of the quantize below", -1).length - 1, code);
        assertTrue(code.contains("compared where the product above stores each element"), code);
        assertTrue(code.matches("(?s).*if \\(sd_x >= SD_R(8|16)\\(l_\\d+, j \\* \\d+ \\+ 0\\)\\) sd_y = .*"),
                "thresholds per channel:\n" + code);

        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, 8, Device.UNO, AvrToolchain.MCU, dir.resolve("avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), "the Uno's predictions differ from the interpreter");

        CortexMBuildTest.assertRunsExact(fp, model.weights(), seedc.backend.EmitOptions.NONE, set,
                dir.resolve("cortex-m"));
    }

    /** Values uniform in [-r, r]; the scale vector's of both signs. */
    private static double[] uniform(Random rnd, int n, double r) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r * (2 * rnd.nextDouble() - 1);
        }
        return v;
    }
}
