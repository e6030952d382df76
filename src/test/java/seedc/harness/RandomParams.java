package seedc.harness;

import java.util.Random;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.search.ScaleRules;

/**
 * Op parameters drawn at random from what docs/fixed-point-semantics.md defines, around the values a
 * strategy would pick and beyond them: operand shifts of either sign, any accumulator width W in
 * {8, 16, 32, 64} (also narrower than an operand), any TreeSum halving count up to the tree's depth,
 * output shifts that wrap, exp tables over random ranges and entry widths.
 */
final class RandomParams {
    private RandomParams() {}

    private static final int[] WIDTHS = {8, 16, 32, 64};

    /** Parameters of the same kind as {@code shiftry} (what Shiftry derives for the op) for {@code op}. */
    static OpParams draw(Op op, OpParams shiftry, FixedProgram typed, Random r) {
        return switch (shiftry) {
            case OpParams.Mul m -> mul(op, typed, r);
            case OpParams.Add a -> add(op, typed, r);
            case OpParams.Exp e -> exp((Op.Exp) op, typed, r);
            case OpParams.Activation a -> new OpParams.Activation(a.table(), a.inShift() + between(r, -3, 3));
            case OpParams.Quantize q -> quantize((Op.Quantize) op, typed, r);
        };
    }

    /** Any ascending thresholds inside the input's range, any levels of the output's, any base that fits. */
    private static OpParams.Quantize quantize(Op.Quantize q, FixedProgram typed, Random r) {
        FixedType in = typed.type(q.a()), out = typed.type(q.out());
        int n = 1 << q.bits(), inside = r.nextInt(n);
        long[] thresholds = new long[inside];
        for (int j = 0; j < inside; j++) {
            thresholds[j] = in.min() + 1 + (long) (r.nextDouble() * (in.max() - in.min()));
        }
        java.util.Arrays.sort(thresholds);
        long[] levels = new long[n];
        for (int i = 0; i < n; i++) {
            levels[i] = out.min() + (long) (r.nextDouble() * (out.max() - out.min() + 1.0));
        }
        return new OpParams.Quantize(r.nextInt(n - inside), thresholds, levels);
    }

    static int between(Random r, int lo, int hi) {
        return lo + r.nextInt(hi - lo + 1);
    }

    private static int shift(Random r, int bits) {
        return r.nextInt(5) < 2 ? 0 : between(r, -2, bits / 2 + 1);
    }

    private static OpParams.Mul mul(Op op, FixedProgram typed, Random r) {
        FixedType ta = typed.type(op.inputs().get(0)), tb = typed.type(op.inputs().get(1));
        long terms = switch (op) {
            case Op.MatMul m -> m.a().shape().dim(1);
            case Op.Conv2d c -> (long) c.filter().shape().dim(1) * c.filter().shape().dim(2) * c.filter().shape().dim(3);
            case Op.SparseMatMul m -> m.a().shape().dim(1);
            default -> 1;
        };
        int maxTree = op instanceof Op.SparseMatMul ? 3 : FixedArith.ceilLog2(terms);
        int width = WIDTHS[r.nextInt(WIDTHS.length)];
        int shrA = shift(r, ta.bits()), shrB = shift(r, tb.bits());
        int tree = between(r, 0, maxTree);
        int sumBits = Math.min(width, ta.bits() - shrA + tb.bits() - shrB + FixedArith.ceilLog2(terms) - tree);
        int out = typed.type(op.out()).bits();
        int post = r.nextInt(10) < 7 ? Math.max(-3, sumBits - out + between(r, -3, 3)) : between(r, -3, width / 2 + 2);
        return new OpParams.Mul(shrA, shrB, width, tree, post);
    }

    private static OpParams.Add add(Op op, FixedProgram typed, Random r) {
        FixedType ta = typed.type(op.inputs().get(0)), tb = typed.type(op.inputs().get(1));
        int shrA, shrB;
        if (r.nextBoolean()) { // to the smaller scale, as the strategies do, maybe one more
            int lo = Math.min(ta.scale(), tb.scale()), extra = r.nextInt(2);
            shrA = ta.scale() - lo + extra;
            shrB = tb.scale() - lo + extra;
        } else {
            shrA = between(r, -3, ta.bits() - 1);
            shrB = between(r, -3, tb.bits() - 1);
        }
        int width = WIDTHS[r.nextInt(WIDTHS.length)];
        return new OpParams.Add(shrA, shrB, width, between(r, -3, 4));
    }

    /** A two-table (or one-table) exp over a random part of the argument's range, entries of 8 or 16 bits. */
    private static OpParams.Exp exp(Op.Exp e, FixedProgram typed, Random r) {
        FixedType ta = typed.type(e.a()), to = typed.type(e.out());
        int inShift = between(r, -3, 5);
        int sIn = ta.scale() - inShift;
        double lo = Math.max(-30, ta.toReal(ta.min()) * r.nextDouble());
        double hi = Math.min(lo + Math.min(20, ta.toReal(ta.max()) - lo) * r.nextDouble(), 12);
        hi = Math.max(hi, lo);
        int hiBits = between(r, 1, 7), loBits = between(r, 0, 7), entryBits = r.nextBoolean() ? 8 : 16;
        ScaleRules entries = new ScaleRules(entryBits, 0);
        ExpTable probe = ExpTable.build(sIn, lo, hi, hiBits, loBits, 0, 0, 64);
        double tgMax = Math.min(1e30, Math.exp(Math.scalb((double) (((1L << loBits) - 1) << probe.drop()), -sIn) + 1e-9));
        int sf = entries.getP(Math.exp(hi)) + between(r, -1, 1), sg = entries.getP(tgMax) + between(r, -1, 1);
        ExpTable table = ExpTable.build(sIn, lo, hi, hiBits, loBits, sf, sg, entryBits);
        return new OpParams.Exp(table, inShift, sf + sg - to.scale() + between(r, -2, 2));
    }
}
