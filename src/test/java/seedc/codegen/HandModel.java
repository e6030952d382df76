package seedc.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import seedc.backend.Backend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * A small model written by a test in a folder: its program, its parameters, and data rows (label column 0),
 * loaded and compiled the way the command line would. The tests of customized kernels (few-level weights,
 * thresholds, bit-serial products) build their models with it, each choosing its own weights.
 */
public final class HandModel {
    private final Path dir;

    public HandModel(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Writes input.sd. */
    public HandModel program(String sd) throws IOException {
        Files.writeString(dir.resolve("input.sd"), sd);
        return this;
    }

    /** Writes NAME.npy with these dimensions and row-major values. */
    public HandModel param(String name, double[] values, int... shape) throws IOException {
        Npy.write(dir.resolve(name + ".npy"), new NpyArray(shape, values));
        return this;
    }

    /** Writes FILE.npy: one row per example, the label (column 0) then the features. */
    public HandModel rows(String file, double[][] rows) throws IOException {
        int width = rows[0].length;
        double[] data = new double[rows.length * width];
        for (int r = 0; r < rows.length; r++) {
            System.arraycopy(rows[r], 0, data, r * width, width);
        }
        Npy.write(dir.resolve(file + ".npy"), new NpyArray(new int[] {rows.length, width}, data));
        return this;
    }

    /** {@code n} rows of label 0 and features uniform in [-1, 1]. */
    public static double[][] uniformRows(Random rnd, int n, int features) {
        double[][] rows = new double[n][1 + features];
        for (double[] row : rows) {
            for (int j = 1; j <= features; j++) {
                row[j] = 2 * rnd.nextDouble() - 1;
            }
        }
        return rows;
    }

    /** Labels each row (in place) with the argmax of W x, W a row-major (classes, features) matrix. */
    public static double[][] labelledByArgmax(double[][] rows, double[] w, int classes) {
        int features = rows[0].length - 1;
        for (double[] row : rows) {
            double best = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                double score = 0;
                for (int j = 0; j < features; j++) {
                    score += w[c * features + j] * row[1 + j];
                }
                if (score > best) {
                    best = score;
                    row[0] = c;
                }
            }
        }
        return rows;
    }

    public FloatModel load() {
        return SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
    }

    public DataSet data(FloatModel model, String file) {
        return DataInputs.load(model.program(), dir.resolve(file + ".npy"), 1);
    }

    /** The fixed-point program the search chooses on {@code train} (16 bits, two threads, accuracy 1 point). */
    public static FixedProgram compile(FloatModel model, DataSet train, DataSet test, Strategy strategy,
                                       Metric metric, Backend target) {
        return compile(model, train, test, strategy, metric, target, 16);
    }

    /** The same at {@code bits} bits. */
    public static FixedProgram compile(FloatModel model, DataSet train, DataSet test, Strategy strategy,
                                       Metric metric, Backend target, int bits) {
        return Compilation.compile(model, train, test, new Compilation.Options(strategy, bits, metric, 2, false,
                target, 1.0, null)).fixed();
    }

    /**
     * A program: X (h h c inputs in [-1, 1]) as an h x h x c image, {@code activation} of it (Xt: the image), a 3 x 3
     * convolution in {@code groups} groups with filter F (groups, 3, 3, c / groups, co / groups; values in
     * {@code range}), padding 1 and the stride {@code sh} x 1, then the argmax of its flattened output (co channels).
     */
    static String convProgram(int h, int c, int co, int groups, String range, String activation, int sh) {
        int rows = (h - 1) / sh + 1;
        return "let X = (" + h * h * c + ", 1) in [-1, 1] in\nlet F = (" + groups + ", 3, 3, " + c / groups + ", "
                + co / groups + ") in " + range + " in\nlet Xt = reshape(X, (1, " + h + ", " + h + ", " + c
                + "), (1, 2)) in\nlet A = " + activation + " in\n"
                + "let C = conv2d(A, F, {s " + sh + " 1}, {p 1 1 1 1}, {d 1 1}, {g " + groups + "}) in\n"
                + "argmax(reshape(C, (1, " + rows * h * co + "), (1, 2, 3, 4)))\n";
    }
}
