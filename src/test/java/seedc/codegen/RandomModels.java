package seedc.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * Random models within each algorithm's structure (the structure of the trained fixtures' programs:
 * ProtoNN, Bonsai, FastGRNN, the two-block CNN), with random shapes and random, often extreme,
 * ranges: the scale rules meet inputs up to thousands, projections and squared distances far beyond
 * the digits fixtures', tiny and large weights. {@link #write} writes {@code input.sd}, one
 * {@code .npy} per parameter and {@code train.npy} / {@code test.npy} (features drawn within X's
 * declared range, label column 0: {@link RandomModelDifferentialTest} relabels them with the float
 * model's predictions). The same (algorithm, seed) always gives the same model.
 */
public final class RandomModels {
    public enum Algorithm { PROTONN, BONSAI, FASTGRNN, CNN }

    /** What was generated: a one-line description (shapes and scales) for failure messages. */
    public record Generated(Algorithm algorithm, long seed, String description, int inputLength) {}

    private final SplittableRandom rnd;
    private final Path dir;
    private final StringBuilder decls = new StringBuilder();

    private RandomModels(long seed, Path dir) {
        this.rnd = new SplittableRandom(seed);
        this.dir = dir;
    }

    public static Generated write(Algorithm algorithm, long seed, Path dir, int trainRows, int testRows)
            throws IOException {
        Files.createDirectories(dir);
        RandomModels g = new RandomModels(seed * 4 + algorithm.ordinal(), dir);
        return switch (algorithm) {
            case PROTONN -> g.protonn(seed, trainRows, testRows);
            case BONSAI -> g.bonsai(seed, trainRows, testRows);
            case FASTGRNN -> g.fastgrnn(seed, trainRows, testRows);
            case CNN -> g.cnn(seed, trainRows, testRows);
        };
    }

    // ---- random numbers ----

    private int between(int lo, int hi) {
        return lo + rnd.nextInt(hi - lo + 1);
    }

    /** 10^u, u uniform in [lo, hi]: a scale spanning orders of magnitude. */
    private double decades(double lo, double hi) {
        return Math.pow(10, lo + (hi - lo) * rnd.nextDouble());
    }

    private double gaussian() {
        double u = 1 - rnd.nextDouble(), v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    private double[] gaussians(int n, double sd) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = gaussian() * sd;
        }
        return a;
    }

    /** X's range: [0, hi], [-hi, hi] or [lo, hi] with hi from 0.5 to about 4000. */
    private double[] inputRange() {
        double hi = decades(-0.3, 3.6);
        return switch (rnd.nextInt(3)) {
            case 0 -> new double[] {0, hi};
            case 1 -> new double[] {-hi, hi};
            default -> new double[] {-hi * rnd.nextDouble(), hi};
        };
    }

    /** Examples drawn within [lo, hi]: uniform, or skewed (u^4: mostly near lo, a few up to hi). */
    private double[][] examples(int rows, int len, double lo, double hi) {
        boolean skewed = rnd.nextBoolean();
        double[][] x = new double[rows][len];
        for (double[] row : x) {
            for (int j = 0; j < len; j++) {
                double u = rnd.nextDouble();
                row[j] = (float) (lo + (hi - lo) * (skewed ? u * u * u * u : u));
            }
        }
        return x;
    }

    // ---- output ----

    private void param(String name, int[] declared, int[] stored, double[] values) throws IOException {
        Npy.write(dir.resolve(name + ".npy"), new NpyArray(stored, toFloat(values)));
        String dims = String.join(", ", Arrays.stream(declared).mapToObj(Integer::toString).toList());
        decls.append("let ").append(name).append(" = (").append(dims).append(") in ").append(range(values))
                .append(" in\n");
    }

    private static double[] toFloat(double[] a) {
        double[] f = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            f[i] = (float) a[i];
        }
        return f;
    }

    private static String range(double[] values) {
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            lo = Math.min(lo, (float) v);
            hi = Math.max(hi, (float) v);
        }
        return String.format(Locale.ROOT, "[%.6f, %.6f]", Math.floor(lo * 1e6) / 1e6, Math.ceil(hi * 1e6) / 1e6);
    }

    private void input(int len, double[] r, int trainRows, int testRows) throws IOException {
        input(len, r, examples(trainRows, len, r[0], r[1]), examples(testRows, len, r[0], r[1]));
    }

    private void input(int len, double[] r, double[][] train, double[][] test) throws IOException {
        decls.insert(0, String.format(Locale.ROOT, "let X = (%d, 1) in %s in\n", len, range(r)));
        data("train.npy", train);
        data("test.npy", test);
    }

    private void data(String file, double[][] x) throws IOException {
        int cols = x[0].length + 1;
        double[] flat = new double[x.length * cols];
        for (int i = 0; i < x.length; i++) {
            System.arraycopy(x[i], 0, flat, i * cols + 1, x[i].length);
        }
        Npy.write(dir.resolve(file), new NpyArray(new int[] {x.length, cols}, flat));
    }

    private void program(String comment, String body) throws IOException {
        Files.writeString(dir.resolve("input.sd"), "// " + comment + "\n" + decls + "\n" + body);
    }

    private static String lit(double v) {
        return String.format(Locale.ROOT, "%.8f", v);
    }

    // ---- the four structures ----

    private Generated protonn(long seed, int trainRows, int testRows) throws IOException {
        int d = between(2, 24), dcap = between(1, 12), m = between(1, 40), labels = between(2, 12);
        double[] r = inputRange();
        double xs = Math.max(Math.abs(r[0]), Math.abs(r[1]));
        double k = decades(-1, 1.5); // the projection's scale: W and B times k, gamma^2 / k^2
        double[] w = gaussians(dcap * d, k / (xs * Math.sqrt(d)));
        double[][] train = examples(trainRows, d, r[0], r[1]), test = examples(testRows, d, r[0], r[1]);
        // Prototypes at the projections of random training examples, moved a little; gamma from
        // the typical squared distance, times a random factor: some models are smooth, some sharp.
        double[] b = new double[m * dcap];
        double[] mean = new double[dcap], spread = new double[dcap]; // of W x over the training set
        for (int i = 0; i < trainRows; i++) {
            for (int p = 0; p < dcap; p++) {
                double wx = 0;
                for (int j = 0; j < d; j++) {
                    wx += w[p * d + j] * train[i][j];
                }
                mean[p] += wx / trainRows;
                spread[p] += wx * wx / trainRows;
            }
        }
        for (int p = 0; p < dcap; p++) {
            spread[p] = Math.max(spread[p] - mean[p] * mean[p], 0);
        }
        double typical = 0;
        for (int j = 0; j < m; j++) {
            double[] x = train[rnd.nextInt(trainRows)];
            for (int p = 0; p < dcap; p++) {
                double wx = 0;
                for (int q = 0; q < d; q++) {
                    wx += w[p * d + q] * x[q];
                }
                b[j * dcap + p] = wx + gaussian() * 0.3 * Math.sqrt(spread[p]);
                typical += spread[p] / m;
            }
        }
        double[] z = gaussians(m * labels, decades(-1, 1.3));
        double g2 = decades(-0.5, 1.0) / Math.max(typical, 1e-12);
        param("W", new int[] {dcap, d}, new int[] {dcap, d}, w);
        param("B", new int[] {m, dcap, 1}, new int[] {m, dcap}, b);
        param("Z", new int[] {m, labels, 1}, new int[] {m, labels}, z);
        input(d, r, train, test);
        String desc = String.format(Locale.ROOT, "ProtoNN seed %d: d=%d d_cap=%d m=%d L=%d X in %s W %s B %s Z %s g2=%s",
                seed, d, dcap, m, labels, range(r), range(w), range(b), range(z), lit(g2));
        program(desc, String.format(Locale.ROOT, """
                let g2 = %s in
                let XX = reshape(X, (%d, 1), (1, 2)) in
                let WX = W * XX in
                let res = $(i = [0:%d])
                (
                \tlet del = WX - B[i] in
                \tZ[i] * exp(-g2 * (del^T * del))
                ) in
                argmax(res)
                """, lit(g2), d, m));
        return new Generated(Algorithm.PROTONN, seed, desc, d);
    }

    private Generated bonsai(long seed, int trainRows, int testRows) throws IOException {
        int d = between(2, 24), proj = between(1, 12), depth = between(0, 3), labels = between(2, 12);
        int nodes = (1 << (depth + 1)) - 1, internal = Math.max((1 << depth) - 1, 1);
        double[] r = inputRange();
        double xs = Math.max(Math.abs(r[0]), Math.abs(r[1]));
        double[] z = gaussians(proj * d, decades(-1, 1) / (xs * Math.sqrt(d)));
        double[] w = gaussians(nodes * labels * proj, decades(-1, 1));
        double[] v = gaussians(nodes * labels * proj, decades(-1, 1));
        double[] t = gaussians(internal * proj, decades(-1, 1));
        param("Z", new int[] {proj, d}, new int[] {proj, d}, z);
        param("W", new int[] {nodes, labels, proj}, new int[] {nodes, labels * proj}, w);
        param("V", new int[] {nodes, labels, proj}, new int[] {nodes, labels * proj}, v);
        param("T", new int[] {internal, 1, proj}, new int[] {internal, proj}, t);
        input(d, r, trainRows, testRows);
        StringBuilder body = new StringBuilder(String.format(Locale.ROOT, """
                let XX = reshape(X, (%d, 1), (1, 2)) in
                let ZX = Z * XX in
                let node0 = 0 in
                let W0 = W[node0] * ZX in
                let V0 = V[node0] * ZX in
                let V0_tanh = tanh(V0) in
                let score0 = W0 <*> V0_tanh in
                """, d));
        for (int k = 1; k <= depth; k++) {
            body.append(String.format(Locale.ROOT, """
                    let node%1$d = (T[node%2$d] * ZX) >= 0 ? 2 * node%2$d + 1 : 2 * node%2$d + 2 in
                    let W%1$d = W[node%1$d] * ZX in
                    let V%1$d = V[node%1$d] * ZX in
                    let V%1$d_tanh = tanh(V%1$d) in
                    let score%1$d = score%2$d + W%1$d <*> V%1$d_tanh in
                    """, k, k - 1));
        }
        body.append("argmax(score").append(depth).append(")\n");
        String desc = String.format(Locale.ROOT, "Bonsai seed %d: d=%d proj=%d depth=%d L=%d X in %s Z %s W %s V %s T %s",
                seed, d, proj, depth, labels, range(r), range(z), range(w), range(v), range(t));
        program(desc, body.toString());
        return new Generated(Algorithm.BONSAI, seed, desc, d);
    }

    private Generated fastgrnn(long seed, int trainRows, int testRows) throws IOException {
        int steps = between(1, 10), inp = between(1, 8), hidden = between(2, 24), labels = between(2, 12);
        double[] r = inputRange();
        double xs = Math.max(Math.abs(r[0]), Math.abs(r[1]));
        double[] w = gaussians(inp * hidden, decades(-0.5, 0.7) / (xs * Math.sqrt(inp)));
        double[] u = gaussians(hidden * hidden, decades(-1, 0.5) / Math.sqrt(hidden));
        double[] bg = gaussians(hidden, decades(-1, 0.5));
        double[] bh = gaussians(hidden, decades(-1, 0.5));
        double[] fc = gaussians(hidden * labels, decades(-1, 1));
        double[] fcb = gaussians(labels, decades(-2, -0.5));
        double zeta = rnd.nextDouble(), nu = rnd.nextDouble() * 0.5;
        param("W", new int[] {inp, hidden}, new int[] {inp, hidden}, w);
        param("U", new int[] {hidden, hidden}, new int[] {hidden, hidden}, u);
        param("Bg", new int[] {1, hidden}, new int[] {1, hidden}, bg);
        param("Bh", new int[] {1, hidden}, new int[] {1, hidden}, bh);
        param("FC", new int[] {hidden, labels}, new int[] {hidden, labels}, fc);
        param("FCbias", new int[] {1, labels}, new int[] {1, labels}, fcb);
        input(steps * inp, r, trainRows, testRows);
        String desc = String.format(Locale.ROOT, "FastGRNN seed %d: %d steps x %d features, hidden %d, L=%d, X in %s W %s U %s FC %s zeta=%s nu=%s",
                seed, steps, inp, hidden, labels, range(r), range(w), range(u), range(fc), lit(zeta), lit(nu));
        program(desc, String.format(Locale.ROOT, """
                let XX = reshape(X, (%d, 1, %d), (1, 2)) in
                let zeta = %s in
                let nu = %s in
                let H = init([1, %d], 0.0) in
                let res = loop(i = [0:%d], H)
                (
                \tlet a = (XX[i] * W) in
                \tlet b = (H * U) in
                \tlet c = a + b in
                \tlet g = sigmoid(c + Bg) in
                \tlet h = tanh(c + Bh) in
                \tlet H = (g <*> H) + (zeta * (1.0 - g) + nu) <*> h in H
                ) in
                let score = (res * FC) + FCbias in
                argmax(score)
                """, steps, inp, lit(zeta), lit(nu), hidden, steps));
        return new Generated(Algorithm.FASTGRNN, seed, desc, steps * inp);
    }

    private Generated cnn(long seed, int trainRows, int testRows) throws IOException {
        int pool = between(1, 2), c = between(1, 3), c1 = between(1, 6), c2 = between(1, 6), labels = between(2, 12);
        int h = pool * pool * between(1, 3), wd = pool * pool * between(1, 3);
        int kh = List.of(1, 3).get(rnd.nextInt(2)), kw = List.of(1, 3, 5).get(rnd.nextInt(3));
        double[] r = inputRange();
        double xs = Math.max(Math.abs(r[0]), Math.abs(r[1]));
        int flat = (h / pool / pool) * (wd / pool / pool) * c2;
        double[] f1 = gaussians(kh * kw * c * c1, decades(-0.5, 0.7) / (xs * Math.sqrt(kh * kw * c)));
        double[] b1 = gaussians(c1, decades(-2, 0));
        double[] f2 = gaussians(kh * kw * c1 * c2, decades(-0.5, 0.7) / Math.sqrt(kh * kw * c1));
        double[] b2 = gaussians(c2, decades(-2, 0));
        double[] fc = gaussians(flat * labels, decades(-1, 1) / Math.sqrt(flat));
        double[] fcb = gaussians(labels, decades(-3, -1));
        param("F1", new int[] {1, kh, kw, c, c1}, new int[] {1, kh, kw, c, c1}, f1);
        param("B1", new int[] {c1}, new int[] {c1}, b1);
        param("F2", new int[] {1, kh, kw, c1, c2}, new int[] {1, kh, kw, c1, c2}, f2);
        param("B2", new int[] {c2}, new int[] {c2}, b2);
        param("FC", new int[] {flat, labels}, new int[] {flat, labels}, fc);
        param("FCb", new int[] {labels}, new int[] {labels}, fcb);
        input(h * wd * c, r, trainRows, testRows);
        int pt = (kh - 1) / 2, pl = (kw - 1) / 2;
        String block = "maxpool(relu(conv2d(%s, %s, {s 1 1}, {p " + pt + " " + pt + " " + pl + " " + pl
                + "}, {d 1 1}, {g 1}) <+> %s), {k " + pool + " " + pool + "}, {p 0 0 0 0}, {s " + pool + " " + pool + "})";
        String desc = String.format(Locale.ROOT, "CNN seed %d: %dx%dx%d, kernel %dx%d, channels %d/%d, pool %d, L=%d, X in %s F1 %s F2 %s FC %s",
                seed, h, wd, c, kh, kw, c1, c2, pool, labels, range(r), range(f1), range(f2), range(fc));
        program(desc, String.format(Locale.ROOT, """
                let Xt = reshape(X, (1, %d, %d, %d), (1, 2)) in
                let C1 = %s in
                let C2 = %s in
                let flat = reshape(C2, (1, %d), (1, 2, 3, 4)) in
                let score = (flat * FC) <+> FCb in
                argmax(score)
                """, h, wd, c, String.format(block, "Xt", "F1", "B1"), String.format(block, "C1", "F2", "B2"), flat));
        return new Generated(Algorithm.CNN, seed, desc, h * wd * c);
    }
}
