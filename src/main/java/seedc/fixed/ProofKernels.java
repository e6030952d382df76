package seedc.fixed;

import static seedc.fixed.FixedArith.shr;

import seedc.fixed.OverflowProof.IntBox;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Window;

/**
 * The kernels of {@link FixedKernels} on intervals of exact integers, for {@link OverflowProof}: each computes the
 * interval of every output element's exact value and reports terms and temporaries that may leave the op's
 * temporary width W. Every step of the semantics is monotone in each operand (shr truncates toward zero, which is
 * monotone; sums; clamps), except products, which take the extremes of the four corners.
 */
final class ProofKernels {
    private ProofKernels() {}

    private static long[] times(long a, long b, long c, long d) {
        long p1 = a * c, p2 = a * d, p3 = b * c, p4 = b * d;
        return new long[] {Math.min(Math.min(p1, p2), Math.min(p3, p4)), Math.max(Math.max(p1, p2), Math.max(p3, p4))};
    }

    /**
     * The sum of terms [tlo, thi] as the op's tree sums them (TreeSum: halving at the first T levels, as the
     * semantics' levels; T = 0 a plain sum), each term and node checked against W; then shifted by post.
     */
    private static long[] treeSum(OverflowProof proof, Op op, long[] tlo, long[] thi, int n, OpParams.Mul p) {
        String where = "a term or partial sum of the product's " + p.width() + "-bit temporary";
        for (int i = 0; i < n; i++) {
            proof.check(op.out(), tlo[i], thi[i], p.width(), where);
        }
        int shift = Math.max(0, p.treeShift());
        for (int level = 0; n > 1; level++) {
            int half = n >> 1, s = level < shift ? 1 : 0;
            for (int i = 0; i < half; i++) {
                tlo[i] = shr(tlo[2 * i], s) + shr(tlo[2 * i + 1], s);
                thi[i] = shr(thi[2 * i], s) + shr(thi[2 * i + 1], s);
                proof.check(op.out(), tlo[i], thi[i], p.width(), where);
            }
            if ((n & 1) != 0) {
                tlo[half] = shr(tlo[n - 1], s);
                thi[half] = shr(thi[n - 1], s);
            }
            n = (n + 1) >> 1;
        }
        return n == 0 ? new long[] {0, 0} : new long[] {shr(tlo[0], p.post()), shr(thi[0], p.post())};
    }

    static IntBox matmul(OverflowProof proof, Op.MatMul op, IntBox a, IntBox b, OpParams.Mul p) {
        int m = op.a().shape().dim(0), k = op.a().shape().dim(1), n = op.b().shape().dim(1);
        long[] lo = new long[m * n], hi = new long[m * n], tlo = new long[k], thi = new long[k];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                for (int q = 0; q < k; q++) {
                    int x = i * k + q, y = q * n + j;
                    long[] t = times(shr(a.lo()[x], p.shrA()), shr(a.hi()[x], p.shrA()), shr(b.lo()[y], p.shrB()),
                            shr(b.hi()[y], p.shrB()));
                    tlo[q] = t[0];
                    thi[q] = t[1];
                }
                long[] s = treeSum(proof, op, tlo, thi, k, p);
                lo[i * n + j] = s[0];
                hi[i * n + j] = s[1];
            }
        }
        return new IntBox(lo, hi);
    }

    /** Sparse: the non-zero entries' products, each in W, each shifted by T, summed. */
    static IntBox sparse(OverflowProof proof, Op.SparseMatMul op, IntBox a, IntBox b, OpParams.Mul p) {
        int m = op.a().shape().dim(0), k = op.a().shape().dim(1);
        long[] lo = new long[m], hi = new long[m];
        for (int i = 0; i < m; i++) {
            for (int q = 0; q < k; q++) {
                if (a.lo()[i * k + q] == 0 && a.hi()[i * k + q] == 0) {
                    continue;
                }
                long[] t = times(shr(a.lo()[i * k + q], p.shrA()), shr(a.hi()[i * k + q], p.shrA()),
                        shr(b.lo()[q], p.shrB()), shr(b.hi()[q], p.shrB()));
                proof.check(op.out(), t[0], t[1], p.width(), "a product in the " + p.width() + "-bit temporary");
                lo[i] += shr(t[0], p.treeShift());
                hi[i] += shr(t[1], p.treeShift());
            }
            proof.check(op.out(), lo[i], hi[i], p.width(), "the sum in the " + p.width() + "-bit temporary");
            lo[i] = shr(lo[i], p.post());
            hi[i] = shr(hi[i], p.post());
        }
        return new IntBox(lo, hi);
    }

    /** Terms in (i, j, c) order, 0 in the padding (ConvKernels' order), summed as the tree. */
    static IntBox conv2d(OverflowProof proof, Op.Conv2d op, IntBox x, IntBox f, OpParams.Mul p) {
        Shape xs = op.x().shape(), fs = op.filter().shape(), os = op.out().shape();
        Window w = op.window();
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3), kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3);
        int cog = fs.dim(4), oh = os.dim(1), ow = os.dim(2), oc = os.dim(3), terms = kh * kw * cig;
        long[] lo = new long[os.size()], hi = new long[os.size()], tlo = new long[terms], thi = new long[terms];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int co = 0; co < oc; co++) {
                        int g = co / cog, t = 0;
                        for (int i = 0; i < kh; i++) {
                            for (int j = 0; j < kw; j++) {
                                boolean inside = w.insideRows(y, i, h) && w.insideCols(xo, j, wd);
                                int in = inside ? ((b * h + w.inRow(y, i)) * wd + w.inCol(xo, j)) * c + g * cig : 0;
                                for (int ci = 0; ci < cig; ci++, t++) {
                                    int fi = (((g * kh + i) * kw + j) * cig + ci) * cog + co % cog;
                                    long[] v = inside ? times(shr(x.lo()[in + ci], p.shrA()), shr(x.hi()[in + ci],
                                            p.shrA()), shr(f.lo()[fi], p.shrB()), shr(f.hi()[fi], p.shrB()))
                                            : new long[] {0, 0};
                                    tlo[t] = v[0];
                                    thi[t] = v[1];
                                }
                            }
                        }
                        long[] s = treeSum(proof, op, tlo, thi, terms, p);
                        int o = ((b * oh + y) * ow + xo) * oc + co;
                        lo[o] = s[0];
                        hi[o] = s[1];
                    }
                }
            }
        }
        return new IntBox(lo, hi);
    }

    /** Element-wise products (modulo broadcast as FixedKernels.product): the exact product in W, then post. */
    static IntBox product(OverflowProof proof, Op op, IntBox a, IntBox b, OpParams.Mul p) {
        int n = op.out().size();
        long[] lo = new long[n], hi = new long[n];
        for (int i = 0; i < n; i++) {
            int x = i % a.size(), y = i % b.size();
            long[] t = times(shr(a.lo()[x], p.shrA()), shr(a.hi()[x], p.shrA()), shr(b.lo()[y], p.shrB()),
                    shr(b.hi()[y], p.shrB()));
            proof.check(op.out(), t[0], t[1], p.width(), "the product in the " + p.width() + "-bit temporary");
            lo[i] = shr(t[0], p.post());
            hi[i] = shr(t[1], p.post());
        }
        return new IntBox(lo, hi);
    }

    static IntBox add(OverflowProof proof, Op op, IntBox a, IntBox b, boolean subtract, OpParams.Add p) {
        int n = op.out().size();
        long[] lo = new long[n], hi = new long[n];
        for (int i = 0; i < n; i++) {
            int x = i % a.size(), y = i % b.size();
            long al = shr(a.lo()[x], p.shrA()), ah = shr(a.hi()[x], p.shrA());
            long bl = shr(b.lo()[y], p.shrB()), bh = shr(b.hi()[y], p.shrB());
            long l = subtract ? al - bh : al + bl, h = subtract ? ah - bl : ah + bh;
            proof.check(op.out(), l, h, p.width(), "the sum in the " + p.width() + "-bit temporary");
            lo[i] = shr(l, p.post());
            hi[i] = shr(h, p.post());
        }
        return new IntBox(lo, hi);
    }

    static IntBox neg(IntBox a) {
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = -a.hi()[i];
            hi[i] = -a.lo()[i];
        }
        return new IntBox(lo, hi);
    }

    static IntBox clamp(IntBox a, long min, long max) {
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = Math.min(Math.max(a.lo()[i], min), max);
            hi[i] = Math.min(Math.max(a.hi()[i], min), max);
        }
        return new IntBox(lo, hi);
    }

    /** The most arguments an exp's interval is scanned over; wider, the table's extremes bound it. */
    private static final long SCAN = 1 << 16;

    /** e^x by the tables: the looked-up values over each element's interval (scanned, or the tables' extremes). */
    static IntBox exp(IntBox a, OpParams.Exp p) {
        ExpTable t = p.table();
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            long x0 = shr(a.lo()[i], p.inShift()), x1 = shr(a.hi()[i], p.inShift());
            long l = Long.MAX_VALUE, h = Long.MIN_VALUE;
            if (x1 - x0 <= SCAN) {
                for (long x = x0; x <= x1; x++) {
                    long v = t.lookup(x);
                    l = Math.min(l, v);
                    h = Math.max(h, v);
                }
            } else {
                l = extreme(t.tf(), false) * extreme(t.tg(), false);
                h = extreme(t.tf(), true) * extreme(t.tg(), true);
            }
            lo[i] = shr(l, p.post());
            hi[i] = shr(h, p.post());
        }
        return new IntBox(lo, hi);
    }

    private static long extreme(long[] v, boolean max) {
        long e = v[0];
        for (long x : v) {
            e = max ? Math.max(e, x) : Math.min(e, x);
        }
        return e;
    }

    /**
     * sigmoid, tanh and normaliseL2 give at most 2^so in magnitude (a fraction of one at the output's scale:
     * sigmoid's num <= one + e, tanh's one - e < one + e, normaliseL2's |a| <= floor(sqrt(sum a^2))); sigmoid is not
     * negative.
     */
    static IntBox activation(int n, FixedType out, boolean sigmoid) {
        long one = shr(1, -out.scale());
        long[] lo = new long[n], hi = new long[n];
        java.util.Arrays.fill(lo, sigmoid ? 0 : -one);
        java.util.Arrays.fill(hi, one);
        return new IntBox(lo, hi);
    }

    /**
     * softplus is never negative (relu and the table's entries are not) and at most relu(hi) at the table's scale
     * plus its first (largest) entry, rounded to the output: a sound bound, not a tight one.
     */
    static IntBox softplus(IntBox a, FixedType in, FixedType out) {
        SoftplusTable t = SoftplusTable.of(in, out);
        int down = t.tableScale() - out.scale();
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            long y = shr(Math.max(a.hi()[i], 0), in.scale() - t.tableScale()) + t.entries()[0];
            hi[i] = shr(y + (down > 0 ? 1L << (down - 1) : 0), down);
        }
        return new IntBox(lo, hi);
    }

    /** softsign's quotient does not decrease with the operand: the quotients at the interval's ends, unwrapped. */
    static IntBox softsign(IntBox a, FixedType in, FixedType out) {
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = signedQuotient(a.lo()[i], in, out);
            hi[i] = signedQuotient(a.hi()[i], in, out);
        }
        return new IntBox(lo, hi);
    }

    private static long signedQuotient(long a, FixedType in, FixedType out) {
        long q = SoftKernels.softsignMagnitude(Math.abs(a), in.scale(), out.scale());
        return a < 0 ? -q : q;
    }

    /** quantize's level is monotone in the operand: the levels at the interval's ends. */
    static IntBox quantize(IntBox a, OpParams.Quantize p) {
        long[] lo = new long[a.size()], hi = new long[a.size()];
        for (int i = 0; i < lo.length; i++) {
            lo[i] = FixedKernels.quantize(a.lo()[i], p);
            hi[i] = FixedKernels.quantize(a.hi()[i], p);
        }
        return new IntBox(lo, hi);
    }

    static IntBox maxpool(IntBox x, Layouts.Windows w) {
        return new IntBox(FixedKernels.maxpool(x.lo(), w), FixedKernels.maxpool(x.hi(), w));
    }
}
