package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A model whose result is a tensor has no accuracy: compile reports how far its outputs are from float's. */
class TensorResultTest {

    @Test
    void noAccuracyButTheOutputError(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        Files.writeString(dir.resolve("t.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\nW * X\n");
        CliRun c = CliRun.of(dir, "compile {D}t.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}o --jobs 1"
                + " --no-progress");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().contains("no accuracy: the result is a tensor, not a class; fixed outputs against"
                + " float's (relative RMS error):\n  train "), c.out());
        assertFalse(c.out().contains("accuracy        float"), c.out());
        JsonNode report = new ObjectMapper().readTree(dir.resolve("o/report.json").toFile());
        for (String key : List.of("floatTestAccuracy", "fixedTestAccuracy", "floatTrainAccuracy", "fixedTrainAccuracy")) {
            assertTrue(report.get(key).isNull(), key);
        }
        // the error recomputed from what 'run' prints for each encoding: sqrt(sum (fixed - float)^2 / sum float^2)
        CliRun.of(dir, "run {D}t.sd --model {D}m --data {D}d.npy --predictions {D}float.txt");
        CliRun.of(dir, "run {D}t.sd --model {D}m --data {D}d.npy --config {D}o/report.json --predictions {D}fixed.txt");
        double[] fl = numbers(dir.resolve("float.txt")), fx = numbers(dir.resolve("fixed.txt"));
        // W X on the rows (1, 0) and (.5, .5): (1, 0, 1) and (.5, .5, 1)
        assertEquals(List.of(1.0, 0.0, 1.0, 0.5, 0.5, 1.0), java.util.Arrays.stream(fl).boxed().toList());
        double diff = 0, norm = 0;
        for (int i = 0; i < fl.length; i++) {
            diff += (fx[i] - fl[i]) * (fx[i] - fl[i]);
            norm += fl[i] * fl[i];
        }
        assertEquals(Math.sqrt(diff / norm), report.get("outputError").get("test").asDouble(), 1e-9);
        String text = Files.readString(dir.resolve("o/report.txt"));
        assertFalse(text.contains("0.00%"), text);
    }

    private static double[] numbers(Path file) throws IOException {
        return java.util.Arrays.stream(Files.readString(file).trim().split("\\s+")).mapToDouble(Double::parseDouble)
                .toArray();
    }
}
