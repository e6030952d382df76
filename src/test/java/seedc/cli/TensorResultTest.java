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

    /**
     * With weights 1/3 and inputs 1/7 (not on a binary grid) the fixed outputs differ from float's: the search's
     * loss is the relative RMS error of the outputs, which the maxscale sweep shows per candidate. The chosen
     * candidate's loss is the report's train error, recomputed here from what 'run' prints.
     */
    @Test
    void theSearchMinimizesTheOutputError(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("m"));
        seedc.io.Npy.write(dir.resolve("m/W.npy"), new seedc.io.NpyArray(new int[] {1, 2}, new double[] {1.0 / 3, -1.0 / 3}));
        double[] rows = new double[3 * 20];
        for (int i = 0; i < 20; i++) {
            rows[3 * i + 1] = i / 7.0 / 3;
            rows[3 * i + 2] = (20 - i) / 7.0 / 3;
        }
        seedc.io.Npy.write(dir.resolve("d.npy"), new seedc.io.NpyArray(new int[] {20, 3}, rows));
        Files.writeString(dir.resolve("t.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (1, 2) in [-1, 1] in\nW * X\n");
        CliRun c = CliRun.of(dir, "compile {D}t.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}o"
                + " --strategy seedot --products narrow --jobs 1 --no-progress");
        assertEquals(0, c.status(), c.err());
        JsonNode report = new ObjectMapper().readTree(dir.resolve("o/report.json").toFile());
        CliRun.of(dir, "run {D}t.sd --model {D}m --data {D}d.npy --predictions {D}float.txt");
        CliRun.of(dir, "run {D}t.sd --model {D}m --data {D}d.npy --config {D}o/report.json --predictions {D}fixed.txt");
        double[] fl = numbers(dir.resolve("float.txt")), fx = numbers(dir.resolve("fixed.txt"));
        double diff = 0, norm = 0;
        for (int i = 0; i < fl.length; i++) {
            diff += (fx[i] - fl[i]) * (fx[i] - fl[i]);
            norm += fl[i] * fl[i];
        }
        double error = Math.sqrt(diff / norm);
        assertTrue(error > 0, "the fixed outputs differ from float's");
        assertEquals(error, report.get("outputError").get("train").asDouble(), 1e-9);
        double chosen = Double.NaN, worst = 0;
        for (JsonNode p : report.get("maxscaleSweep")) {
            worst = Math.max(worst, p.get("loss").asDouble());
            if (p.get("maxscale").asInt() == report.get("maxscale").asInt()) {
                chosen = p.get("loss").asDouble();
            }
        }
        assertEquals(error, chosen, 1e-9);
        assertTrue(worst > error, "the sweep ranks candidates by their error: " + report.get("maxscaleSweep"));
        assertTrue(Files.readString(dir.resolve("o/report.txt")).contains("metric output error"));
    }

    private static double[] numbers(Path file) throws IOException {
        return java.util.Arrays.stream(Files.readString(file).trim().split("\\s+")).mapToDouble(Double::parseDouble)
                .toArray();
    }
}
