package seedc.fixed;

import static seedc.fixed.FixedArith.shr;
import static seedc.fixed.FixedArith.wrap;

import seedc.ir.Window;
import seedc.ir.Layouts;
import seedc.ir.Shape;

/** Reference integer kernels: the definitions of docs/fixed-point-semantics.md, written once. */
public final class FixedKernels {
    private FixedKernels() {}

    /** Sum of t[0..n) in W bits, halving at the first {@code shift} levels of a balanced tree. */
    public static long treeSum(long[] t, int n, int shift, int width) {
        if (shift <= 0) {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += t[i];
            }
            return wrap(s, width);
        }
        int remaining = shift;
        while (n > 1) {
            int s = remaining > 0 ? 1 : 0;
            remaining--;
            int half = n / 2;
            for (int i = 0; i < half; i++) {
                t[i] = wrap(shr(t[2 * i], s) + shr(t[2 * i + 1], s), width);
            }
            if (n % 2 != 0) {
                t[half] = shr(t[n - 1], s);
            }
            n = (n + 1) / 2;
        }
        return t[0];
    }

    static long term(long a, long b, OpParams.Mul p) {
        return wrap(shr(a, p.shrA()) * shr(b, p.shrB()), p.width());
    }

    static long finish(long sum, OpParams.Mul p, int outBits) {
        return wrap(shr(sum, p.post()), outBits);
    }

    public static long[] matmul(long[] a, long[] b, int m, int k, int n, OpParams.Mul p, int outBits) {
        long[] c = new long[m * n];
        if (p.treeShift() <= 0) {
            // A plain sum wraps modulo 2^W like its wrapped terms, and Java's long arithmetic wraps modulo
            // 2^64: summing the unwrapped products and wrapping once gives the same integers, faster.
            for (int i = 0; i < m; i++) {
                if (n == 1) {
                    long sum = 0;
                    for (int q = 0; q < k; q++) {
                        sum += shr(a[i * k + q], p.shrA()) * shr(b[q], p.shrB());
                    }
                    c[i] = sum;
                } else {
                    for (int q = 0; q < k; q++) {
                        long x = shr(a[i * k + q], p.shrA());
                        for (int j = 0; j < n; j++) {
                            c[i * n + j] += x * shr(b[q * n + j], p.shrB());
                        }
                    }
                }
                for (int j = 0; j < n; j++) {
                    c[i * n + j] = finish(wrap(c[i * n + j], p.width()), p, outBits);
                }
            }
            return c;
        }
        long[] t = new long[k];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                for (int q = 0; q < k; q++) {
                    t[q] = term(a[i * k + q], b[q * n + j], p);
                }
                c[i * n + j] = finish(treeSum(t, k, p.treeShift(), p.width()), p, outBits);
            }
        }
        return c;
    }

    /** Sparse (m, k) x (k): non-zero terms, each shifted by treeShift, accumulated in W bits. */
    public static long[] sparseMatmul(long[] a, long[] b, int m, int k, OpParams.Mul p, int outBits) {
        long[] c = new long[m];
        for (int i = 0; i < m; i++) {
            long acc = 0;
            for (int q = 0; q < k; q++) {
                if (a[i * k + q] != 0) {
                    acc = wrap(acc + shr(term(a[i * k + q], b[q], p), p.treeShift()), p.width());
                }
            }
            c[i] = finish(acc, p, outBits);
        }
        return c;
    }

    /** Element-wise products; b (or a) of one element, or a vector along the last axis, broadcasts by modulo. */
    public static long[] product(long[] a, long[] b, int n, OpParams.Mul p, int outBits) {
        long[] c = new long[n];
        for (int i = 0, ia = 0, ib = 0; i < n; i++) { // ia = i % a.length, ib = i % b.length
            c[i] = finish(term(a[ia], b[ib], p), p, outBits);
            ia = ia + 1 == a.length ? 0 : ia + 1;
            ib = ib + 1 == b.length ? 0 : ib + 1;
        }
        return c;
    }

    public static long[] add(long[] a, long[] b, int n, boolean subtract, OpParams.Add p, int outBits) {
        long[] c = new long[n];
        for (int i = 0, ia = 0, ib = 0; i < n; i++) { // ia = i % a.length, ib = i % b.length
            long x = shr(a[ia], p.shrA()), y = shr(b[ib], p.shrB());
            c[i] = wrap(shr(wrap(subtract ? x - y : x + y, p.width()), p.post()), outBits);
            ia = ia + 1 == a.length ? 0 : ia + 1;
            ib = ib + 1 == b.length ? 0 : ib + 1;
        }
        return c;
    }

    /** NHWC convolution: per output, the kh*kw*cin/G terms in (i, j, c) order, padding terms 0. */
    public static long[] conv2d(long[] x, Shape xs, long[] f, Shape fs, Window w, int groups, Shape os,
                                OpParams.Mul p, int outBits) {
        if (p.treeShift() <= 0) {
            return conv2dPlainSum(x, xs, f, fs, w, groups, os, p, outBits);
        }
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        int oh = os.dim(1), ow = os.dim(2), oc = os.dim(3);
        long[] out = new long[os.size()];
        long[] t = new long[kh * kw * cig];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int g = 0; g < groups; g++) {
                        for (int co = 0; co < cog; co++) {
                            int q = 0;
                            for (int i = 0; i < kh; i++) {
                                int yi = w.inRow(y, i);
                                for (int j = 0; j < kw; j++) {
                                    int xi = w.inCol(xo, j);
                                    boolean inside = yi >= 0 && yi < h && xi >= 0 && xi < wd;
                                    for (int ci = 0; ci < cig; ci++) {
                                        t[q++] = inside ? term(x[((b * h + yi) * wd + xi) * c + g * cig + ci],
                                                f[(((g * kh + i) * kw + j) * cig + ci) * cog + co], p) : 0;
                                    }
                                }
                            }
                            out[((b * oh + y) * ow + xo) * oc + g * cog + co] =
                                    finish(treeSum(t, q, p.treeShift(), p.width()), p, outBits);
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * conv2d with a plain (unhalved) sum: as in {@link #matmul}, the unwrapped products summed in 64 bits and
     * wrapped once equal the wrapped terms' sum; padding terms are 0 and skipped. Every output channel of a
     * pixel accumulates at once, so the filter is read along its contiguous last axis.
     */
    private static long[] conv2dPlainSum(long[] x, Shape xs, long[] f, Shape fs, Window w, int groups, Shape os,
                                         OpParams.Mul p, int outBits) {
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        int oh = os.dim(1), ow = os.dim(2), oc = os.dim(3);
        long[] out = new long[os.size()];
        long[] acc = new long[cog];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int g = 0; g < groups; g++) {
                        java.util.Arrays.fill(acc, 0);
                        for (int i = 0; i < kh; i++) {
                            int yi = w.inRow(y, i);
                            for (int j = 0; j < kw; j++) {
                                int xi = w.inCol(xo, j);
                                if (yi < 0 || yi >= h || xi < 0 || xi >= wd) {
                                    continue;
                                }
                                int xb = ((b * h + yi) * wd + xi) * c + g * cig;
                                int fb = ((g * kh + i) * kw + j) * cig * cog;
                                for (int ci = 0; ci < cig; ci++) {
                                    long xv = shr(x[xb + ci], p.shrA());
                                    int fr = fb + ci * cog;
                                    for (int co = 0; co < cog; co++) {
                                        acc[co] += xv * shr(f[fr + co], p.shrB());
                                    }
                                }
                            }
                        }
                        int ob = ((b * oh + y) * ow + xo) * oc + g * cog;
                        for (int co = 0; co < cog; co++) {
                            out[ob + co] = finish(wrap(acc[co], p.width()), p, outBits);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** NHWC max pooling over the windows of {@link Layouts#maxpool} (a window wholly in padding gives 0). */
    public static long[] maxpool(long[] x, Layouts.Windows w) {
        long[] out = new long[w.start().length - 1];
        for (int k = 0; k < out.length; k++) {
            long m = Long.MIN_VALUE;
            for (int e = w.start()[k]; e < w.start()[k + 1]; e++) {
                m = Math.max(m, x[w.index()[e]]);
            }
            out[k] = m == Long.MIN_VALUE ? 0 : m;
        }
        return out;
    }

    /** e^x: x shifted to the table's scale, looked up, shifted to the output. */
    public static long exp(long a, OpParams.Exp p, int outBits) {
        return wrap(shr(p.table().lookup(shr(a, p.inShift())), p.post()), outBits);
    }

    /** e^(-|x|) or e^(-2|x|) at the table's scale sf. */
    private static long expNeg(long magnitude, ExpTable t) {
        return shr(t.lookup(-magnitude), t.sg());
    }

    public static long sigmoid(long a, OpParams.Activation p, FixedType out) {
        long x = shr(a, p.inShift());
        ExpTable t = p.table();
        long e = expNeg(Math.abs(x), t);
        long one = 1L << t.sf();
        long num = x <= 0 ? e : one;
        return wrap(shr(num, -out.scale()) / (one + e), out.bits());
    }

    public static long tanh(long a, OpParams.Activation p, FixedType out) {
        long x = shr(a, p.inShift());
        ExpTable t = p.table();
        long e = expNeg(2 * Math.abs(x), t);
        long one = 1L << t.sf();
        long r = shr(one - e, -out.scale()) / (one + e);
        return wrap(x < 0 ? -r : r, out.bits());
    }

    /** Per pixel over channels for rank 4, else the whole tensor: a * 2^so / floor(sqrt(sum a^2)). */
    public static long[] normaliseL2(long[] a, Shape s, FixedType out) {
        int group = s.rank() == 4 ? s.last() : a.length;
        long[] o = new long[a.length];
        for (int start = 0; start < a.length; start += group) {
            long sq = 0;
            for (int i = start; i < start + group; i++) {
                sq += a[i] * a[i];
            }
            long norm = FixedArith.isqrt(sq);
            for (int i = start; i < start + group; i++) {
                o[i] = norm == 0 ? 0 : wrap(shr(a[i], -out.scale()) / norm, out.bits());
            }
        }
        return o;
    }

    /** Converts every element from one type to another: wrap(shr(v, from.scale - to.scale)). */
    public static long[] convert(long[] a, FixedType from, FixedType to) {
        if (from.equals(to)) {
            return a;
        }
        long[] o = new long[a.length];
        int n = from.scale() - to.scale();
        for (int i = 0; i < a.length; i++) {
            o[i] = wrap(shr(a[i], n), to.bits());
        }
        return o;
    }
}
