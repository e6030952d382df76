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

    /** NHWC convolution, filter (G, kh, kw, Cin/G, Cout/G), zero padding. */
    public static double[] conv2d(double[] x, Shape xs, double[] f, Shape fs, Window w, int groups, Shape os) {
        int n = xs.dim(0), h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        int oh = os.dim(1), ow = os.dim(2), oc = os.dim(3);
        double[] out = new double[os.size()];
        // Every output channel of a pixel accumulates at once, reading the filter along its contiguous last axis;
        // each channel's sum still adds its terms in (i, j, ci) order, so the results are those of one sum each.
        double[] acc = new double[cog];
        for (int b = 0; b < n; b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int g = 0; g < groups; g++) {
                        java.util.Arrays.fill(acc, 0);
                        for (int i = 0; i < kh; i++) {
                            int yi = w.inRow(y, i);
                            if (yi < 0 || yi >= h) {
                                continue;
                            }
                            for (int j = 0; j < kw; j++) {
                                int xi = w.inCol(xo, j);
                                if (xi < 0 || xi >= wd) {
                                    continue;
                                }
                                int xBase = ((b * h + yi) * wd + xi) * c + g * cig;
                                int fBase = ((g * kh + i) * kw + j) * cig * cog;
                                for (int ci = 0; ci < cig; ci++) {
                                    double xv = x[xBase + ci];
                                    int fr = fBase + ci * cog;
                                    for (int co = 0; co < cog; co++) {
                                        acc[co] += xv * f[fr + co];
                                    }
                                }
                            }
                        }
                        System.arraycopy(acc, 0, out, ((b * oh + y) * ow + xo) * oc + g * cog, cog);
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
