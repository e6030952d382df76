package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.io.Npy;

/**
 * The fixtures trained by scripts/train (other data sets than digits: letter-like with 26 classes,
 * wine and breast cancer with raw wide-range features, synthetic gestures and shapes): 'seedc run
 * --encoding float' on the whole test set gives exactly the accuracy PyTorch computed for the
 * exported model (float_accuracy.txt, percent with three decimals), so each program computes its model.
 */
class TrainedFixtureAccuracyTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "protonn-letter-26", "protonn-wine-3", "protonn-cancer-2", "protonn-gestures-8",
        "bonsai-letter-26", "bonsai-wine-3", "bonsai-cancer-2",
        "fastgrnn-gestures-8", "fastgrnn-letter-26", "fastgrnn-cancer-2",
        "cnn-shapes-8", "cnn-gestures-8", "cnn-letter-26"})
    void floatAccuracyIsPyTorchs(String name) throws IOException {
        Path dir = FixtureAccuracyTest.modelDir(name);
        String reference = Files.readString(dir.resolve("float_accuracy.txt")).trim();
        int[] counts = FixtureAccuracyTest.floatRun(dir);
        int correct = counts[0], total = counts[1];
        assertEquals(Npy.read(dir.resolve("test.npy")).shape()[0], total, name + ": every test example is run");
        assertEquals(reference, String.format(Locale.ROOT, "%.3f", 100.0 * correct / total), name);
    }
}
