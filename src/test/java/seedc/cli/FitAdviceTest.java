package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * Errors that teach (issue 44, part 6): a model over a microcontroller's flash or RAM is refused saying by how much
 * and the options most likely to make it fit, and following the first advice does make it fit.
 */
class FitAdviceTest {
    /**
     * argmax(W * X) with W (rows, n) and eight data rows labelled by which of the first two rows of W scores more, in
     * {@code dir}: q.sd, m/W.npy and d.npy.
     */
    private static void model(Path dir, int rows, int n) throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (" + n + ", 1) in [0, 1] in\nlet W = (" + rows + ", " + n
                + ") in [-1, 1] in\nargmax(W * X)\n");
        Files.createDirectories(dir.resolve("m"));
        double[] w = new double[rows * n];
        for (int i = 0; i < w.length; i++) {
            w[i] = ((i * 37) % 19 - 9) / 9.0;
        }
        double[] data = new double[8 * (n + 1)];
        for (int r = 0; r < 8; r++) {
            double s0 = 0, s1 = 0;
            for (int j = 0; j < n; j++) {
                double x = ((r * 13 + j * 7) % 16) / 16.0;
                data[r * (n + 1) + 1 + j] = x;
                s0 += w[j] * x;
                s1 += w[n + j] * x;
            }
            data[r * (n + 1)] = s1 > s0 ? 1 : 0;
        }
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {rows, n}, w));
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {8, n + 1}, data));
    }

    private static final String INPUTS = "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress";

    /**
     * 4000 weights: even at 8 bits they take 4000 B, and the Arduino code about 3000 B + 120 B for each of the 4 ops
     * (X, W, W * X, argmax; CTarget's estimate) = 3480 B: 7480 B, 1480 B over 6000. At 4 bits they would take 2000 B
     * (saving 2000 >= 1480; at 8 bits they save nothing), and the MKR1000 has 256 KB of flash.
     */
    @Test
    void overTheFlashSaysByHowMuchAndThatFourBitWeightsFit(@TempDir Path dir) throws IOException {
        model(dir, 10, 400);
        CliRun r = CliRun.of(dir, INPUTS + " --target arduino --device 8192:6000 --out {D}o");
        assertEquals(1, r.status(), r.out());
        assertEquals("seedc: error: the model does not fit the flash of 8192:6000 (8192 B RAM, 6000 B flash) even with"
                + " every value demoted to 8 bits: parameters and tables take 4000 B and the code about 3480 B,"
                + " 1480 B over; to make it fit, try --weight-bits 4 (the weights at 4 bits: about 2000 B of"
                + " parameters instead of 4000 B; the report gives the float accuracy after) or --target cortex-m"
                + " --device mkr1000 (256 KB of flash)", r.err().lines().filter(l -> !l.contains(": warning: "))
                .reduce("", (a, b) -> a + b));
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(Files.exists(dir.resolve("o")));
        // the advice holds: with 4-bit weights the same model fits the same device
        CliRun advised = CliRun.of(dir, INPUTS + " --target arduino --device 8192:6000 --out {D}o --weight-bits 4");
        assertEquals(0, advised.status(), advised.err());
    }
}
