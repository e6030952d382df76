package seedc.analysis;

import seedc.ir.Shape;
import seedc.ir.Window;

/**
 * Interval arithmetic for the IR's compute ops, element by element (Zac 4.2: each output element's interval
 * from the intervals of exactly the elements it reads). Where one operand is a parameter (a point) a sum of
 * products is exact: every term takes its extreme at an end of the other operand's interval.
 */
final class BoxKernels {
    private BoxKernels() {}

    /**
     * (m, k) x (k, n): each output the sum of its k interval products. {@code gram}: a is b transposed (ProtoNN's
     * squared distance {@code del^T * del}), so each term of a diagonal output is an element times itself, a
     * square, which interval multiplication alone would let go negative.
     */
    static Box matmul(Box a, Box b, int m, int k, int n, boolean gram) {
        double[] lo = new double[m * n], hi = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double l = 0, h = 0;
                for (int p = 0; p < k; p++) {
                    int x = i * k + p, y = p * n + j;
                    double[] t = gram && i == j ? square(b.lo()[y], b.hi()[y])
                            : Box.times(a.lo()[x], a.hi()[x], b.lo()[y], b.hi()[y]);
                    l += t[0];
                    h += t[1];
                }
                lo[i * n + j] = l;
                hi[i * n + j] = h;
            }
        }
        return new Box(lo, hi).outward();
    }

    /** The interval of x * x for x in [lo, hi]. */
    private static double[] square(double lo, double hi) {
        double m = Math.max(lo * lo, hi * hi);
        return new double[] {lo <= 0 && hi >= 0 ? 0 : Math.min(lo * lo, hi * hi), m};
    }

    /** a + b or a - b, an operand of one element broadcast. */
    static Box add(Box a, Box b, boolean subtract, int size) {
        double[] lo = new double[size], hi = new double[size];
        for (int i = 0; i < size; i++) {
            int x = a.size() == 1 ? 0 : i, y = b.size() == 1 ? 0 : i;
            lo[i] = subtract ? a.lo()[x] - b.hi()[y] : a.lo()[x] + b.lo()[y];
            hi[i] = subtract ? a.hi()[x] - b.lo()[y] : a.hi()[x] + b.hi()[y];
        }
        return new Box(lo, hi).outward();
    }

    /** Element i of a times element {@code i % b.size()} of b: Hadamard, a scalar (b of one element), a vector. */
    static Box times(Box a, Box b) {
        double[] lo = new double[a.size()], hi = new double[a.size()];
        for (int i = 0; i < lo.length; i++) {
            int y = i % b.size();
            double[] t = Box.times(a.lo()[i], a.hi()[i], b.lo()[y], b.hi()[y]);
            lo[i] = t[0];
            hi[i] = t[1];
        }
        return new Box(lo, hi).outward();
    }

    /** Element i of a plus or minus element {@code i % v.size()} of v (a bias along the last axis). */
    static Box addVector(Box a, Box v, boolean subtract) {
        double[] lo = new double[a.size()], hi = new double[a.size()];
        for (int i = 0; i < lo.length; i++) {
            int y = i % v.size();
            lo[i] = subtract ? a.lo()[i] - v.hi()[y] : a.lo()[i] + v.lo()[y];
            hi[i] = subtract ? a.hi()[i] - v.lo()[y] : a.hi()[i] + v.hi()[y];
        }
        return new Box(lo, hi).outward();
    }

    /** -a. */
    static Box neg(Box a) {
        double[] lo = new double[a.size()], hi = new double[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = -a.hi()[i];
            hi[i] = -a.lo()[i];
        }
        return new Box(lo, hi);
    }

    /** NHWC convolution with filter (G, kh, kw, Cin/G, Cout/G); a tap in the padding adds exactly 0. */
    static Box conv2d(Box x, Shape xs, Box f, Shape fs, Window w, int groups, Shape os) {
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        int oh = os.dim(1), ow = os.dim(2), oc = os.dim(3);
        double[] lo = new double[os.size()], hi = new double[os.size()];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int co = 0; co < oc; co++) {
                        int g = co / cog;
                        double l = 0, u = 0;
                        for (int i = 0; i < kh; i++) {
                            for (int j = 0; j < kw; j++) {
                                if (!w.insideRows(y, i, h) || !w.insideCols(xo, j, wd)) {
                                    continue;
                                }
                                int in = ((b * h + w.inRow(y, i)) * wd + w.inCol(xo, j)) * c + g * cig;
                                int fr = (((g * kh + i) * kw + j) * cig) * cog + co % cog;
                                for (int ci = 0; ci < cig; ci++) {
                                    double[] t = Box.times(x.lo()[in + ci], x.hi()[in + ci], f.lo()[fr + ci * cog],
                                            f.hi()[fr + ci * cog]);
                                    l += t[0];
                                    u += t[1];
                                }
                            }
                        }
                        int o = ((b * oh + y) * ow + xo) * oc + co;
                        lo[o] = l;
                        hi[o] = u;
                    }
                }
            }
        }
        return new Box(lo, hi).outward();
    }

    /** Per pixel over channels for rank 4, else over the whole tensor: a / |a| lies in [-1, 1], signed as a. */
    static Box normaliseL2(Box a) {
        double[] lo = new double[a.size()], hi = new double[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = a.lo()[i] >= 0 ? 0 : -1;
            hi[i] = a.hi()[i] <= 0 ? 0 : 1;
        }
        return new Box(lo, hi);
    }

    /** NHWC max pooling over {@link seedc.ir.Layouts#maxpool}'s windows: max is monotone in every element. */
    static Box maxpool(Box x, seedc.ir.Layouts.Windows w) {
        double[] lo = new double[w.start().length - 1], hi = new double[lo.length];
        for (int k = 0; k < lo.length; k++) {
            double l = Double.NEGATIVE_INFINITY, h = Double.NEGATIVE_INFINITY;
            for (int e = w.start()[k]; e < w.start()[k + 1]; e++) {
                l = Math.max(l, x.lo()[w.index()[e]]);
                h = Math.max(h, x.hi()[w.index()[e]]);
            }
            boolean empty = w.start()[k] == w.start()[k + 1]; // wholly in the padding: 0
            lo[k] = empty ? 0 : l;
            hi[k] = empty ? 0 : h;
        }
        return new Box(lo, hi);
    }
}
