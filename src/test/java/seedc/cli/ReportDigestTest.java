package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * 'seedc run --config' refuses a report compiled from another model: value names alone match across models (the
 * same program with other weights came out at any input's 1.98), so the report records a digest of the program and
 * weights it was made for (issue 42).
 */
class ReportDigestTest {
    @Test
    void aReportRunsOnlyOnTheModelItWasCompiledFrom(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun c = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}out"
                + " --no-progress");
        assertEquals(0, c.status(), c.err());
        assertTrue(Files.readString(dir.resolve("out/report.json")).matches("(?s).*\"modelDigest\" : \"[0-9a-f]{64}\".*"));
        CliRun same = CliRun.of(dir, "run {D}q.sd --model {D}m --data {D}d.npy --config {D}out/report.json");
        assertEquals(0, same.status(), same.err());
        // the same program, one weight changed: W (3, 2) = [[1, 0], [0, 1], [1, 0.5]]
        Files.createDirectories(dir.resolve("m2"));
        Npy.write(dir.resolve("m2/W.npy"), new NpyArray(new int[] {3, 2}, new double[] {1, 0, 0, 1, 1, 0.5}));
        CliRun other = CliRun.of(dir, "run {D}q.sd --model {D}m2 --data {D}d.npy --config {D}out/report.json");
        assertEquals(1, other.status());
        assertEquals(dir + "/out/report.json: error: was compiled from another model (its program or weights differ"
                + " from these); compile this model, or run the model the report was made for",
                other.err().stripTrailing());
        // another program over the same weights: W * X + W * X
        Files.writeString(dir.resolve("q2.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\n"
                + "argmax(W * X + W * X)\n");
        assertEquals(1, CliRun.of(dir, "run {D}q2.sd --model {D}m --data {D}d.npy --config {D}out/report.json")
                .status());
    }
}
