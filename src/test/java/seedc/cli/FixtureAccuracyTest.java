package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 'seedc run --encoding float' on each fixture model's test set reproduces the float accuracy
 * an independent implementation measured (float_accuracy.txt) within 0.1 percentage point.
 */
class FixtureAccuracyTest {

    static Path modelDir(String name) {
        try {
            return Path.of(FixtureAccuracyTest.class.getResource("/fixtures/models/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The correct and total counts 'seedc run --encoding float' prints for a fixture's whole test set. */
    static int[] floatRun(Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.execute(new String[] {"run", dir.resolve("input.sd").toString(), "--model", dir.toString(),
                "--data", dir.resolve("test.npy").toString(), "--encoding", "float", "--jobs", "2"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8), stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, stderr);
        assertEquals("", stderr);
        Matcher m = Pattern.compile("float accuracy: [0-9.]+% \\((\\d+)/(\\d+)\\)").matcher(stdout);
        assertTrue(m.find(), stdout);
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    @ParameterizedTest
    @ValueSource(strings = {"protonn-digits-10", "bonsai-digits-10", "fastgrnn-digits-10", "cnn-digits-10"})
    void floatAccuracyMatchesTheReference(String name) throws IOException {
        Path dir = modelDir(name);
        double reference = Double.parseDouble(Files.readString(dir.resolve("float_accuracy.txt")).trim());
        int[] counts = floatRun(dir);
        assertEquals(360, counts[1]);
        assertEquals(reference, 100.0 * counts[0] / counts[1], 0.1, name);
    }
}
