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
 * with the fixed interpreter and within 1.5 points of PyTorch's accuracy, and the shiftry program on the Uno under
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
}
