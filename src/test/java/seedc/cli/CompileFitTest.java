package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.report.Report;
import seedc.report.SearchSummary;

/**
 * 'seedc compile --fit' end to end on a program small enough to count its flash by hand: W (3, 2) takes 12 B at
 * 16 bits and 6 B at 8; the Arduino code estimate is 3000 B + 120 B for each of its 4 ops (X, W, W * X, argmax).
 */
class CompileFitTest {

    @Test
    void demotesExactlyWhatTheDeviceNeeds(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\nargmax(W * X)\n");
        Files.createDirectories(dir.resolve("m"));
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {3, 2}, new double[] {1, 0, 0, 1, 1, 1}));
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {2, 3}, new double[] {0, 1, 0, 2, 0.5, 0.5}));
        Path out = dir.resolve("out");
        String d = dir + "/";
        // 12 + 3480 = 3492 B do not fit 3487; with W at 8 bits, 6 + 3480 = 3486 do.
        ByteArrayOutputStream stdout = new ByteArrayOutputStream(), stderr = new ByteArrayOutputStream();
        int status = Main.execute(("compile " + d + "q.sd --model " + d + "m --train " + d + "d.npy --test " + d
                + "d.npy --out " + out + " --jobs 1 --target arduino --device 2048:3487 --fit").split(" "),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8));
        assertEquals(0, status, stderr.toString(StandardCharsets.UTF_8));
        Report r = Report.read(out.resolve("report.json"));
        Map<String, Integer> bits = new java.util.HashMap<>();
        r.program().values().forEach(v -> bits.put(v.name(), v.bitwidth()));
        assertEquals(8, bits.get("W"));
        assertEquals(16, bits.get("X")); // in RAM, not flash: never demoted to fit
        assertEquals(new SearchSummary.FlashFit("the flash of 2048:3487 (2048 B RAM, 3487 B flash)", 3487, 3486,
                "parameters and tables take 6 B and the code about 3480 B"),
                ((SearchSummary.Shiftry) r.search()).flashBudget());
        String text = Files.readString(out.resolve("report.txt"));
        assertTrue(text.contains("fits: 3486 B of 3487 B (parameters and tables take 6 B and the code about 3480 B)\n"),
                text);
        assertTrue(stdout.toString(StandardCharsets.UTF_8).startsWith(text), "prints report.txt");
    }
}
