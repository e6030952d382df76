package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.report.Report;

/** A model trained with ternary weights: compile reports the 2-bit grid its parameter already lies on. */
class ParameterStorageTest {
    @TempDir
    Path tmp;

    @Test
    void ternaryWeightsAreReportedAsATwoBitGrid() throws Exception {
        Path d = Files.createDirectories(tmp.resolve("m"));
        Files.writeString(d.resolve("p.sd"), "let X = (8, 1) in [0.0, 1.0] in let W = (4, 8) in [-0.5, 0.5] in W * X");
        double[] w = new double[32];
        for (int i = 0; i < w.length; i++) {
            w[i] = (i % 3 - 1) * 0.5; // -0.5, 0, 0.5
        }
        Npy.write(d.resolve("W.npy"), new NpyArray(new int[] {4, 8}, w));
        double[] rows = new double[5 * 9];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 9 == 0 ? 0 : (i * 7 % 10) / 10.0;
        }
        Npy.write(d.resolve("data.npy"), new NpyArray(new int[] {5, 9}, rows));
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int status = Main.execute(new String[] {"compile", d.resolve("p.sd").toString(), "--model", d.toString(),
            "--train", d.resolve("data.npy").toString(), "--test", d.resolve("data.npy").toString(), "--no-progress",
            "--jobs", "1", "--out", tmp.resolve("out").toString()}, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        assertEquals(0, status, e.toString(StandardCharsets.UTF_8));
        JsonNode s = Report.JSON.readTree(tmp.resolve("out/report.json").toFile()).get("parameterStorage");
        assertEquals(1, s.size(), String.valueOf(s));
        assertEquals("W", s.get(0).get("parameter").asText());
        assertEquals("grid", s.get(0).get("kind").asText());
        assertEquals(2, s.get(0).get("bits").asInt());
        assertEquals(3, s.get(0).get("distinct").asInt());
        assertEquals(8, s.get(0).get("packedBytes").asInt()); // 32 elements at 2 bits
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("parameters whose values already lie on a smaller"
                + " storage"));
    }
}
