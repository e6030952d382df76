package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Device;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * The models of fixtures/unseen (scripts/train/regenerate-unseen.sh: data, shapes and a seed that no kernel, cost or
 * search choice was tuned on; among them a 4x4 letter image of 26 classes through 12 and 16 channels without pooling,
 * 12 steps of 3 gesture channels through 1x3 kernels, a ProtoNN whose 16-bit distance wraps unhalved), compiled for
 * the Uno with the search's defaults: the C, with its kernels (a convolution's channels summed in one call a run, its
 * bias and ReLU at its store, ProtoNN's squared distance in one loop), computes the interpreter's raw scores and labels
 * on x86 under the sanitizers and on the Uno under simavr.
 */
class UnseenModelsOnTheUnoTest {
    @TempDir
    Path dir;

    static final int ROWS = 20;

    @ParameterizedTest
    @ValueSource(strings = {"cnn-letter57-26", "cnn-gestures12-8", "protonn-letter57-26", "protonn-gestures12-8",
            "bonsai-letter57-26", "fastgrnn-gestures12-8"})
    void theUnosCodeComputesTheInterpretersIntegers(String name) throws Exception {
        Path d = Path.of("src/test/resources/fixtures/unseen", name);
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        DataSet test = DataInputs.load(model.program(), d.resolve("test.npy"), 1);
        FixedProgram fp = Compilation.compile(model, train, test, new Compilation.Options(Strategy.SHIFTRY, 16,
                Metric.DISAGREEMENT, 2, false, CBackend.ARDUINO, 1.0, null)).fixed();
        X86DifferentialTest.assertHostMatches(dir.resolve("x86"), fp, model, test, ROWS);
        ModelBench.Outcome uno = ModelBench.fixed(fp, model, test, ROWS, Device.UNO, AvrToolchain.MCU,
                dir.resolve("avr"));
        assertEquals(uno.expected(), uno.fixed().outputs(), name + ": the Uno's outputs differ from the interpreter's");
    }
}
