package seedc.eval;

import seedc.ir.Window;
import seedc.ir.Layouts;
import seedc.ir.Shape;

/** Reference kernels over doubles: the real-valued meaning of the IR's compute ops. */
public final class FloatKernels {
    private FloatKernels() {}

    public static double[] matmul(double[] a, double[] b, int m, int k, int n) {
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < k; p++) {
                    s += a[i * k + p] * b[p * n + j];
                }
                c[i * n + j] = s;
            }
        }
        return c;
    }

    /** Output pixels a convolution computes at once (see {@link #conv2d}). */
    private static final int BLOCK = 64;

    /**
     * NHWC convolution, filter (G, kh, kw, Cin/G, Cout/G), zero padding. Each output's terms are added in
     * (i, j, ci) order. A block of output pixels accumulates at once, each pixel a lane, so that each term is one
     * loop over equal indices that the JIT turns into vector instructions (cnn-fashion-10's profile stage, one
     * float run of 20,000 rows, took 2.3 s instead of 2.7 s: BENCHMARKS.md, "Large training sets"). A padding
     * term adds 0 * f (the filter is finite), which leaves a sum that starts at +0 unchanged.
     */
    public static double[] conv2d(double[] x, Shape xs, double[] f, Shape fs, Window w, int groups, Shape os) {
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        int ow = os.dim(2), oc = os.dim(3), pixels = os.dim(1) * ow, block = Math.min(BLOCK, pixels);
        double[] out = new double[os.size()];
        double[][] acc = new double[cog][block];
        double[] in = new double[block];
        int[] y0 = new int[block], x0 = new int[block], base = new int[block]; // per pixel: tap (0, 0)
        for (int b = 0; b < xs.dim(0); b++) {
            for (int g = 0; g < groups; g++) {
                for (int p0 = 0; p0 < pixels; p0 += block) {
                    int size = Math.min(block, pixels - p0);
                    for (int k = 0; k < size; k++) {
                        y0[k] = w.inRow((p0 + k) / ow, 0);
                        x0[k] = w.inCol((p0 + k) % ow, 0);
                        base[k] = ((b * h + y0[k]) * wd + x0[k]) * c + g * cig; // used only when the tap is inside
                    }
                    for (double[] a : acc) {
                        java.util.Arrays.fill(a, 0);
                    }
                    for (int i = 0; i < kh; i++) {
                        for (int j = 0; j < kw; j++) {
                            int dy = w.inRow(0, i) - w.inRow(0, 0), dx = w.inCol(0, j) - w.inCol(0, 0);
                            for (int ci = 0; ci < cig; ci++) {
                                int off = (dy * wd + dx) * c + ci;
                                for (int k = 0; k < size; k++) {
                                    int yi = y0[k] + dy, xi = x0[k] + dx;
                                    in[k] = yi >= 0 && yi < h && xi >= 0 && xi < wd ? x[base[k] + off] : 0;
                                }
                                int fr = (((g * kh + i) * kw + j) * cig + ci) * cog;
                                for (int co = 0; co < cog; co++) {
                                    double fv = f[fr + co];
                                    double[] a = acc[co];
                                    for (int k = 0; k < size; k++) {
                                        a[k] += in[k] * fv;
                                    }
                                }
                            }
                        }
                    }
                    for (int co = 0; co < cog; co++) {
                        for (int k = 0; k < size; k++) {
                            out[(b * pixels + p0 + k) * oc + g * cog + co] = acc[co][k];
                        }
                    }
                }
            }
        }
        return out;
    }

    /** NHWC max pooling over the windows of {@link Layouts#maxpool} (a window wholly in padding gives 0). */
    public static double[] maxpool(double[] x, Layouts.Windows w) {
        double[] out = new double[w.start().length - 1];
        for (int k = 0; k < out.length; k++) {
            double m = Double.NEGATIVE_INFINITY;
            for (int e = w.start()[k]; e < w.start()[k + 1]; e++) {
                m = Math.max(m, x[w.index()[e]]);
            }
            out[k] = m == Double.NEGATIVE_INFINITY ? 0 : m;
        }
        return out;
    }

    /** Per pixel over channels for rank 4 (NHWC), else over the whole tensor; a zero vector stays zero. */
    public static double[] normaliseL2(double[] a, Shape s) {
        int group = s.rank() == 4 ? s.last() : a.length;
        double[] out = new double[a.length];
        for (int start = 0; start < a.length; start += group) {
            double sq = 0;
            for (int i = start; i < start + group; i++) {
                sq += a[i] * a[i];
            }
            double norm = Math.sqrt(sq);
            for (int i = start; i < start + group; i++) {
                out[i] = norm == 0 ? 0 : a[i] / norm;
            }
        }
        return out;
    }

    public static int argmax(double[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (a[i] > a[best]) {
                best = i;
            }
        }
        return best;
    }
}
