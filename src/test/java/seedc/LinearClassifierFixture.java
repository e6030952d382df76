package seedc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * A linear classifier argmax(W * X) written into a test's folder (issue 45's end-to-end tests, whose cycles and
 * bytes are counted by hand from its shape): q.sd, m/W.npy (rows x n, seeded uniform in [-1, 1)) and d.npy
 * (examples rows: the float model's class, then X uniform in [0, 1)).
 */
public final class LinearClassifierFixture {
    private LinearClassifierFixture() {}

    public static void write(Path dir, int rows, int n, int examples, long seed) throws IOException {
        Random random = new Random(seed);
        double[] w = new double[rows * n];
        for (int i = 0; i < w.length; i++) {
            w[i] = 2 * random.nextDouble() - 1;
        }
        double[] data = new double[examples * (n + 1)];
        for (int r = 0; r < examples; r++) {
            double[] x = new double[n];
            for (int k = 0; k < n; k++) {
                x[k] = random.nextDouble();
                data[r * (n + 1) + 1 + k] = x[k];
            }
            data[r * (n + 1)] = floatClass(w, rows, x);
        }
        Files.writeString(dir.resolve("q.sd"), "let X = (" + n + ", 1) in [0, 1] in\nlet W = (" + rows + ", " + n
                + ") in [-1, 1] in\nargmax(W * X)\n");
        Files.createDirectories(dir.resolve("m"));
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {rows, n}, w));
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {examples, n + 1}, data));
    }

    /** The first row of W whose product with x is the largest. */
    private static int floatClass(double[] w, int rows, double[] x) {
        int best = 0;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < rows; i++) {
            double s = 0;
            for (int k = 0; k < x.length; k++) {
                s += w[i * x.length + k] * x[k];
            }
            if (s > bestScore) {
                best = i;
                bestScore = s;
            }
        }
        return best;
    }
}
