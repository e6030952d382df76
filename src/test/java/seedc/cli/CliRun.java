package seedc.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import seedc.io.Npy;
import seedc.io.NpyArray;

/** One seedc command line run in-process, "{D}" standing for a test's folder: exit status, stdout, stderr. */
record CliRun(int status, String out, String err) {
    static CliRun of(Path dir, String line) {
        return args(line.replace("{D}", dir + "/").split(" "));
    }

    /** Arguments as given (one may hold a space). */
    static CliRun args(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        return new CliRun(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /**
     * The tiny classifier the CLI tests share, in {@code dir}: q.sd computes argmax(W * X) with
     * W (3, 2) = [[1, 0], [0, 1], [1, 1]] in m/W.npy; d.npy holds rows (label, x1, x2) = (0, 1, 0), (2, .5, .5).
     */
    static void tinyClassifier(Path dir) throws IOException {
        Files.writeString(dir.resolve("q.sd"), "let X = (2, 1) in [0, 1] in\nlet W = (3, 2) in [-1, 1] in\nargmax(W * X)\n");
        Files.createDirectories(dir.resolve("m"));
        Npy.write(dir.resolve("m/W.npy"), new NpyArray(new int[] {3, 2}, new double[] {1, 0, 0, 1, 1, 1}));
        Npy.write(dir.resolve("d.npy"), new NpyArray(new int[] {2, 3}, new double[] {0, 1, 0, 2, 0.5, 0.5}));
    }

    /**
     * A classifier of {@code n} inputs in {@code dir}: q.sd computes argmax(W * X) with W (rows, n) in m/W.npy, and
     * d.npy holds eight rows labelled by which of W's first two rows scores more (the tests of what fits a device).
     */
    static void wideClassifier(Path dir, int rows, int n) throws IOException {
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
}
