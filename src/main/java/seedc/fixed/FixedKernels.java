package seedc.fixed;

import static seedc.fixed.FixedArith.shr;
import static seedc.fixed.FixedArith.wrap;

import java.util.function.LongUnaryOperator;
import seedc.ir.Layouts;
import seedc.ir.Shape;

/**
 * Reference integer kernels: the definitions of docs/fixed-point-semantics.md, written once. Each kernel that
 * wraps also reports the elements whose wrap changed them to a {@link WrapSite}: it compares its result with the
 * exact value (no wrap anywhere), a compare on the paths that already wrap; a halving tree, whose intermediate
 * wraps do not cancel, computes the exact value only when some wrap changed a node.
 */
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
        treeLevels(t, n, shift, width);
        return t[0];
    }

    /**
     * The halving tree in place (the sum ends in t[0]); true when a wrap changed some node. Written without
     * branches per node: a halving is shr(v, 1) = (v + (v >>> 63)) >> 1 (toward zero), and a wrap to W bits is
     * (e << (64 - W)) >> (64 - W), whose difference from e marks a wrap.
     */
    private static boolean treeLevels(long[] t, int n, int shift, int width) {
        int sh = 64 - width;
        long changed = 0;
        for (int level = 0; n > 1; level++) {
            int half = n >> 1;
            if (level < shift) {
                for (int i = 0; i < half; i++) {
                    long x = t[2 * i], y = t[2 * i + 1];
                    long exact = ((x + (x >>> 63)) >> 1) + ((y + (y >>> 63)) >> 1);
                    long w = (exact << sh) >> sh;
                    t[i] = w;
                    changed |= w ^ exact;
                }
                if ((n & 1) != 0) {
                    long x = t[n - 1];
                    t[half] = (x + (x >>> 63)) >> 1;
                }
            } else {
                for (int i = 0; i < half; i++) {
                    long exact = t[2 * i] + t[2 * i + 1];
                    long w = (exact << sh) >> sh;
                    t[i] = w;
                    changed |= w ^ exact;
                }
                if ((n & 1) != 0) {
                    t[half] = t[n - 1];
                }
            }
            n = (n + 1) >> 1;
        }
        return changed != 0;
    }

    /**
     * The output of a halving tree over {@code t} (wrapped terms, {@code exact} the unwrapped products), checked:
     * with no wrap in the terms or the tree its sum is exact; else the tree is summed again without wrapping.
     */
    private static long treeOutput(long[] t, long[] exact, int n, boolean termsWrapped, OpParams.Mul p, int outBits,
                                   WrapSite site) {
        boolean wrapped = treeLevels(t, n, p.treeShift(), p.width()) | termsWrapped;
        long sum = t[0];
        long exactSum = sum;
        if (wrapped) {
            treeLevels(exact, n, p.treeShift(), 64);
            exactSum = exact[0];
        }
        return site.check(finish(sum, p, outBits), shr(exactSum, p.post()));
    }

    static long finish(long sum, OpParams.Mul p, int outBits) {
        return wrap(shr(sum, p.post()), outBits);
    }

    /** A sum of products that is modular in W (plain or one term): wrapped once, checked against the exact sum. */
    static long finishExact(long exact, OpParams.Mul p, int outBits, WrapSite site) {
        return site.check(finish(wrap(exact, p.width()), p, outBits), shr(exact, p.post()));
    }

    public static long[] matmul(long[] a, long[] b, int m, int k, int n, OpParams.Mul p, int outBits, WrapSite site) {
        return matmulShifted(shifted(a, p.shrA()), shifted(b, p.shrB()), m, k, n, p, outBits, site);
    }

    /**
     * Every element of {@code v} shifted by {@code n} ({@link FixedArith#shr}); v itself when n is 0. The product
     * kernels shift each operand element once this way instead of once per term it enters.
     */
    public static long[] shifted(long[] v, int n) {
        if (n == 0) {
            return v;
        }
        long[] o = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            o[i] = shr(v[i], n);
        }
        return o;
    }

    /** {@link #matmul} of operands already {@link #shifted} by shrA and shrB. */
    public static long[] matmulShifted(long[] a, long[] b, int m, int k, int n, OpParams.Mul p, int outBits,
                                       WrapSite site) {
        long[] c = new long[m * n];
        if (p.treeShift() <= 0) {
            // A plain sum wraps modulo 2^W like its wrapped terms, and Java's long arithmetic wraps modulo
            // 2^64: summing the unwrapped products and wrapping once gives the same integers, faster.
            for (int i = 0; i < m; i++) {
                if (n == 1) {
                    long sum = 0;
                    for (int q = 0; q < k; q++) {
                        sum += a[i * k + q] * b[q];
                    }
                    c[i] = sum;
                } else {
                    for (int q = 0; q < k; q++) {
                        long x = a[i * k + q];
                        for (int j = 0; j < n; j++) {
                            c[i * n + j] += x * b[q * n + j];
                        }
                    }
                }
                for (int j = 0; j < n; j++) {
                    c[i * n + j] = finishExact(c[i * n + j], p, outBits, site);
                }
            }
            return c;
        }
        long[] t = new long[k], exact = new long[k];
        int sh = 64 - p.width();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                long changed = 0;
                for (int q = 0; q < k; q++) {
                    long e = a[i * k + q] * b[q * n + j], w = (e << sh) >> sh; // wrap(e, W)
                    exact[q] = e;
                    t[q] = w;
                    changed |= w ^ e;
                }
                c[i * n + j] = treeOutput(t, exact, k, changed != 0, p, outBits, site);
            }
        }
        return c;
    }

    /**
     * Sparse (m, k) x (k): non-zero terms, each shifted by treeShift, accumulated in W bits. The accumulation is
     * modular, so only the final sum is checked, against the exact terms summed alongside.
     */
    public static long[] sparseMatmul(long[] a, long[] b, int m, int k, OpParams.Mul p, int outBits, WrapSite site) {
        long[] c = new long[m];
        for (int i = 0; i < m; i++) {
            long acc = 0, exact = 0;
            for (int q = 0; q < k; q++) {
                if (a[i * k + q] != 0) {
                    long prod = shr(a[i * k + q], p.shrA()) * shr(b[q], p.shrB());
                    acc = wrap(acc + shr(wrap(prod, p.width()), p.treeShift()), p.width());
                    exact += shr(prod, p.treeShift());
                }
            }
            c[i] = site.check(finish(acc, p, outBits), shr(exact, p.post()));
        }
        return c;
    }

    /** Element-wise products; b (or a) of one element, or a vector along the last axis, broadcasts by modulo. */
    public static long[] product(long[] a, long[] b, int n, OpParams.Mul p, int outBits, WrapSite site) {
        long[] c = new long[n];
        for (int i = 0, ia = 0, ib = 0; i < n; i++) { // ia = i % a.length, ib = i % b.length
            c[i] = finishExact(shr(a[ia], p.shrA()) * shr(b[ib], p.shrB()), p, outBits, site);
            ia = ia + 1 == a.length ? 0 : ia + 1;
            ib = ib + 1 == b.length ? 0 : ib + 1;
        }
        return c;
    }

    public static long[] add(long[] a, long[] b, int n, boolean subtract, OpParams.Add p, int outBits,
                             WrapSite site) {
        long[] c = new long[n];
        for (int i = 0, ia = 0, ib = 0; i < n; i++) { // ia = i % a.length, ib = i % b.length
            long x = shr(a[ia], p.shrA()), y = shr(b[ib], p.shrB()), exact = subtract ? x - y : x + y;
            c[i] = site.check(wrap(shr(wrap(exact, p.width()), p.post()), outBits), shr(exact, p.post()));
            ia = ia + 1 == a.length ? 0 : ia + 1;
            ib = ib + 1 == b.length ? 0 : ib + 1;
        }
        return c;
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
    /** quantize's level of {@code a} (see {@link OpParams.Quantize}): a binary search over the thresholds. */
    public static long quantize(long a, OpParams.Quantize p) {
        long[] t = p.thresholds();
        int lo = 0, hi = t.length; // the thresholds at or below a are t[0..lo)
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a >= t[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return p.levels()[p.base() + lo];
    }

    public static long exp(long a, OpParams.Exp p, int outBits, WrapSite site) {
        long v = expOfArgument(shr(a, p.inShift()), p);
        return site.check(wrap(v, outBits), v);
    }

    /**
     * exp's output before its wrap to the output's bits, for an argument x already at the exp tables' input scale (the
     * input shifted by inShift): what the C's table of an exp's outputs holds, wrapped (ExpKernels#outputTable).
     */
    public static long expOfArgument(long x, OpParams.Exp p) {
        return shr(p.table().lookup(x), p.post());
    }

    /** e^(-|x|) or e^(-2|x|) at the table's scale sf. */
    private static long expNeg(long magnitude, ExpTable t) {
        return shr(t.lookup(-magnitude), t.sg());
    }

    /**
     * Sigmoid's ({@code sigmoid}) or tanh's element as a function of its input, wraps ignored as the C's are: what the
     * C backends tabulate or search (ActivationSteps) in place of computing it.
     */
    public static LongUnaryOperator activation(boolean sigmoid, OpParams.Activation p, FixedType out) {
        return sigmoid ? a -> sigmoid(a, p, out, WrapSite.IGNORE) : a -> tanh(a, p, out, WrapSite.IGNORE);
    }

    public static long sigmoid(long a, OpParams.Activation p, FixedType out, WrapSite site) {
        long x = shr(a, p.inShift());
        ExpTable t = p.table();
        long e = expNeg(Math.abs(x), t);
        long one = 1L << t.sf();
        long num = x <= 0 ? e : one;
        long r = shr(num, -out.scale()) / (one + e);
        return site.check(wrap(r, out.bits()), r);
    }

    public static long tanh(long a, OpParams.Activation p, FixedType out, WrapSite site) {
        long x = shr(a, p.inShift());
        ExpTable t = p.table();
        long e = expNeg(2 * Math.abs(x), t);
        long one = 1L << t.sf();
        long r = shr(one - e, -out.scale()) / (one + e);
        return site.check(wrap(x < 0 ? -r : r, out.bits()), x < 0 ? -r : r);
    }

    /** Per pixel over channels for rank 4, else the whole tensor: a * 2^so / floor(sqrt(sum a^2)). */
    public static long[] normaliseL2(long[] a, Shape s, FixedType out, WrapSite site) {
        int group = s.rank() == 4 ? s.last() : a.length;
        long[] o = new long[a.length];
        for (int start = 0; start < a.length; start += group) {
            long sq = 0;
            for (int i = start; i < start + group; i++) {
                sq += a[i] * a[i];
            }
            long norm = FixedArith.isqrt(sq);
            for (int i = start; i < start + group; i++) {
                long q = norm == 0 ? 0 : shr(a[i], -out.scale()) / norm;
                o[i] = site.check(wrap(q, out.bits()), q);
            }
        }
        return o;
    }

    /** Converts every element from one type to another: wrap(shr(v, from.scale - to.scale)). */
    public static long[] convert(long[] a, FixedType from, FixedType to, WrapSite site) {
        if (from.equals(to)) { // a value of a type is already in its range: nothing to shift or wrap
            return a;
        }
        return reduce(a, from, to, site);
    }

    /**
     * conv of exact integers that may lie outside {@code from}'s range (a negation's -(-2^(B-1))):
     * shifted to {@code to}'s scale and wrapped to its width even when the two types are equal.
     */
    public static long[] reduce(long[] a, FixedType from, FixedType to, WrapSite site) {
        long[] o = new long[a.length];
        int n = from.scale() - to.scale();
        for (int i = 0; i < a.length; i++) {
            long v = shr(a[i], n);
            o[i] = site.check(wrap(v, to.bits()), v);
        }
        return o;
    }
}
