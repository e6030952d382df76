package seedc.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The LeakyReLU / per-channel PReLU MLP of issue 43 (fixtures/onnx/mlp-letter-26-prelu: 16->96->48->26 on a
 * 26-class letter-like set, a LogSoftmax head; scripts/train/activation_mlp.py) through the whole pipeline as
 * {@link OnnxDifferentialTest} takes the digits fixtures: each strategy bit-exact on x86 under the sanitizers
 * with the fixed interpreter and within 1.5 points of PyTorch's accuracy, and each program on the Uno under
 * simavr and on Cortex-M bit-exact as well.
 */
class OnnxActivationModelTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/onnx/mlp-letter-26-prelu").toAbsolutePath();

    @ParameterizedTest
    @ValueSource(strings = {"shiftry", "seedot"})
    void bitExactAndAccurate(String strategy, @TempDir Path dir) throws IOException {
        double pytorch = Double.parseDouble(Files.readString(DIR.resolve("float_accuracy.txt")).trim());
        OnnxDifferentialTest.bitExactAndAccurate("mlp-letter-26-prelu", DIR.resolve("model.onnx"), DIR, "-1,1",
                pytorch, strategy, dir);
    }

    /**
     * Its float baseline (7,610 weights, 30 KB as floats) passes the code writer's flash estimate for the Uno but
     * not avr-gcc's link: the bench then runs it on the ATmega1284P, as a float build too big for the Uno's RAM,
     * and predicts there the float interpreter's classes.
     */
    @org.junit.jupiter.api.Test
    void theFloatBaselineTooBigForTheUnosFlashRunsOnTheLargerAvr(@TempDir Path dir) {
        var model = seedc.frontend.onnx.OnnxFrontEnd.load(DIR.resolve("model.onnx"),
                new seedc.frontend.onnx.OnnxFrontEnd.Options(-1, 1, true));
        var test = seedc.driver.DataInputs.load(model.program(), DIR.resolve("test.npy"), 1);
        var run = seedc.bench.FloatBench.run(model, test, 2, dir);
        org.junit.jupiter.api.Assertions.assertEquals(seedc.bench.FloatBench.BIG_MCU, run.mcu());
        var floats = new seedc.eval.FloatInterpreter(model.program(), model.weights());
        for (int i = 0; i < 2; i++) {
            String line = run.outputs().get(i).trim();
            org.junit.jupiter.api.Assertions.assertEquals(Long.toString(floats.run(test.features()[i], null).label()),
                    line.split("\\s+")[0], "example " + i + ": " + line);
        }
    }
}
