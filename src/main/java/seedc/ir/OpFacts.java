package seedc.ir;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Facts about each op, written once so that every stage reads them from here instead of keeping its own
 * switch with a default branch: what an op defines, its multiply-accumulates and the
 * work of running it. Every switch here names every op, so a new op must be given its facts.
 */
public final class OpFacts {
    private OpFacts() {}

    /** The values an op defines: its output and, for loops, the index and the accumulator. */
    public static List<Value> defines(Op op) {
        return switch (op) {
            case Op.SumLoop s -> List.of(s.out(), s.index());
            case Op.Loop l -> List.of(l.out(), l.index(), l.acc());
            case Op.Input o -> List.of(o.out());
            case Op.Param o -> List.of(o.out());
            case Op.Const o -> List.of(o.out());
            case Op.IntConst o -> List.of(o.out());
            case Op.IntArith o -> List.of(o.out());
            case Op.MatMul o -> List.of(o.out());
            case Op.SparseMatMul o -> List.of(o.out());
            case Op.Add o -> List.of(o.out());
            case Op.ScalarMul o -> List.of(o.out());
            case Op.Hadamard o -> List.of(o.out());
            case Op.VecOp o -> List.of(o.out());
            case Op.Neg o -> List.of(o.out());
            case Op.Exp o -> List.of(o.out());
            case Op.Tanh o -> List.of(o.out());
            case Op.Softplus o -> List.of(o.out());
            case Op.Softsign o -> List.of(o.out());
            case Op.Sigmoid o -> List.of(o.out());
            case Op.Relu o -> List.of(o.out());
            case Op.Relu6 o -> List.of(o.out());
            case Op.Quantize o -> List.of(o.out());
            case Op.Sgn o -> List.of(o.out());
            case Op.Argmax o -> List.of(o.out());
            case Op.NormaliseL2 o -> List.of(o.out());
            case Op.Transpose o -> List.of(o.out());
            case Op.Reshape o -> List.of(o.out());
            case Op.Reverse o -> List.of(o.out());
            case Op.Index o -> List.of(o.out());
            case Op.Splice o -> List.of(o.out());
            case Op.SpliceWrite o -> List.of(o.out());
            case Op.Conv2d o -> List.of(o.out());
            case Op.Maxpool o -> List.of(o.out());
            case Op.Select o -> List.of(o.out());
        };
    }

    /** The body an op runs over and over, and how often (a loop's and a sum loop's). */
    public record Repeated(Block body, int iterations) {}

    /** The body op repeats and its iterations, or null for an op without a body. */
    public static Repeated repeated(Op op) {
        return switch (op) {
            case Op.SumLoop s -> new Repeated(s.body(), s.to() - s.from());
            case Op.Loop l -> new Repeated(l.body(), l.to() - l.from());
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.MatMul o -> null;
            case Op.SparseMatMul o -> null;
            case Op.Add o -> null;
            case Op.ScalarMul o -> null;
            case Op.Hadamard o -> null;
            case Op.VecOp o -> null;
            case Op.Neg o -> null;
            case Op.Exp o -> null;
            case Op.Tanh o -> null;
            case Op.Softplus o -> null;
            case Op.Softsign o -> null;
            case Op.Sigmoid o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Quantize o -> null;
            case Op.Sgn o -> null;
            case Op.Argmax o -> null;
            case Op.NormaliseL2 o -> null;
            case Op.Transpose o -> null;
            case Op.Reshape o -> null;
            case Op.Reverse o -> null;
            case Op.Index o -> null;
            case Op.Splice o -> null;
            case Op.SpliceWrite o -> null;
            case Op.Conv2d o -> null;
            case Op.Maxpool o -> null;
            case Op.Select o -> null;
        };
    }

    /**
     * Multiply-accumulates of one execution of op: matrix and convolution terms (convolution taps in the
     * padding are not counted), element-wise products, loops times their trip count. A sparse product's
     * count depends on its matrix's non-zeros, which the caller knows: {@code sparse} gives it.
     */
    public static long macs(Op op, ToLongFunction<Op.SparseMatMul> sparse) {
        return switch (op) {
            case Op.MatMul m -> (long) m.a().shape().dim(0) * m.a().shape().dim(1) * m.b().shape().dim(1);
            case Op.SparseMatMul m -> sparse.applyAsLong(m);
            case Op.Conv2d c -> convMacs(c);
            case Op.ScalarMul m -> m.out().size();
            case Op.Hadamard h -> h.out().size();
            case Op.VecOp v -> v.kind() == Op.VecKind.MUL ? v.out().size() : 0;
            case Op.SumLoop s -> (long) (s.to() - s.from()) * macs(s.body(), sparse);
            case Op.Loop l -> (long) (l.to() - l.from()) * macs(l.body(), sparse);
            case Op.Input o -> 0;
            case Op.Param o -> 0;
            case Op.Const o -> 0;
            case Op.IntConst o -> 0;
            case Op.IntArith o -> 0;
            case Op.Add o -> 0;
            case Op.Neg o -> 0;
            case Op.Exp o -> 0;
            case Op.Tanh o -> 0;
            case Op.Softplus o -> 0;
            case Op.Softsign o -> 0;
            case Op.Sigmoid o -> 0;
            case Op.Relu o -> 0;
            case Op.Relu6 o -> 0;
            case Op.Quantize o -> 0;
            case Op.Sgn o -> 0;
            case Op.Argmax o -> 0;
            case Op.NormaliseL2 o -> 0;
            case Op.Transpose o -> 0;
            case Op.Reshape o -> 0;
            case Op.Reverse o -> 0;
            case Op.Index o -> 0;
            case Op.Splice o -> 0;
            case Op.SpliceWrite o -> 0;
            case Op.Maxpool o -> 0;
            case Op.Select o -> 0;
        };
    }

    public static long macs(Block b, ToLongFunction<Op.SparseMatMul> sparse) {
        return b.ops().stream().mapToLong(op -> macs(op, sparse)).sum();
    }

    /**
     * The interpreter's work for one execution, in about one unit per element computed: products count
     * their terms (a convolution all its filter taps), loops their body times the trip count. A guide for
     * choosing what to recompute and for bounding a program's cost, not a measurement. Saturates at
     * Long.MAX_VALUE (nested loops of a billion iterations each do not wrap around to a small number).
     */
    public static long work(Op op) {
        return switch (op) {
            case Op.SumLoop s -> times(s.to() - s.from(), work(s.body()));
            case Op.Loop l -> times(l.to() - l.from(), work(l.body()));
            case Op.MatMul m -> (long) m.out().size() * m.a().shape().dim(1);
            case Op.Conv2d c -> (long) c.out().size() * c.filter().size() / c.filter().shape().dim(0)
                    / c.filter().shape().dim(4);
            case Op.Input o -> elements(o);
            case Op.Param o -> elements(o);
            case Op.Const o -> elements(o);
            case Op.IntConst o -> elements(o);
            case Op.IntArith o -> elements(o);
            case Op.SparseMatMul o -> elements(o);
            case Op.Add o -> elements(o);
            case Op.ScalarMul o -> elements(o);
            case Op.Hadamard o -> elements(o);
            case Op.VecOp o -> elements(o);
            case Op.Neg o -> elements(o);
            case Op.Exp o -> elements(o);
            case Op.Tanh o -> elements(o);
            case Op.Softplus o -> elements(o);
            case Op.Softsign o -> elements(o);
            case Op.Sigmoid o -> elements(o);
            case Op.Relu o -> elements(o);
            case Op.Relu6 o -> elements(o);
            case Op.Quantize o -> elements(o);
            case Op.Sgn o -> elements(o);
            case Op.Argmax o -> elements(o);
            case Op.NormaliseL2 o -> elements(o);
            case Op.Transpose o -> elements(o);
            case Op.Reshape o -> elements(o);
            case Op.Reverse o -> elements(o);
            case Op.Index o -> elements(o);
            case Op.Splice o -> elements(o);
            case Op.SpliceWrite o -> elements(o);
            case Op.Maxpool o -> elements(o);
            case Op.Select o -> elements(o);
        };
    }

    /**
     * An element-wise product or sum of two operands, in the op's order: a vector op (its vector broadcast along the
     * last dimension), a Hadamard product, a scalar's product, an addition or subtraction ({@code product} false).
     * Null for every other op. What a fused chain from a product to a quantize is made of (seedc.fixed.ChainLink).
     */
    public record TwoOperands(boolean product, Value first, Value second) {}

    /** Whether the op is a sum that subtracts its second operand from its first (a VecOp's SUB, an Add's subtract). */
    public static boolean subtracts(Op op) {
        return op instanceof Op.VecOp v ? v.kind() == Op.VecKind.SUB : op instanceof Op.Add a && a.subtract();
    }

    /** {@link TwoOperands} of {@code op}, or null when it is not an element-wise product or sum of two. */
    public static TwoOperands elementwiseOfTwo(Op op) {
        return switch (op) {
            case Op.VecOp v -> new TwoOperands(v.kind() == Op.VecKind.MUL, v.a(), v.vec());
            case Op.Hadamard h -> new TwoOperands(true, h.a(), h.b());
            case Op.ScalarMul m -> new TwoOperands(true, m.scalar(), m.tensor());
            case Op.Add a -> new TwoOperands(false, a.a(), a.b());
            case Op.SumLoop o -> null;
            case Op.Loop o -> null;
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.MatMul o -> null;
            case Op.SparseMatMul o -> null;
            case Op.Conv2d o -> null;
            case Op.Neg o -> null;
            case Op.Exp o -> null;
            case Op.Tanh o -> null;
            case Op.Softplus o -> null;
            case Op.Softsign o -> null;
            case Op.Sigmoid o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Quantize o -> null;
            case Op.Sgn o -> null;
            case Op.Argmax o -> null;
            case Op.NormaliseL2 o -> null;
            case Op.Transpose o -> null;
            case Op.Reshape o -> null;
            case Op.Reverse o -> null;
            case Op.Index o -> null;
            case Op.Splice o -> null;
            case Op.SpliceWrite o -> null;
            case Op.Maxpool o -> null;
            case Op.Select o -> null;
        };
    }

    /** The work of a block's ops, one execution each (saturating). */
    public static long work(Block b) {
        long total = 0;
        for (Op op : b.ops()) {
            total = plus(total, work(op));
        }
        return total;
    }

    /** a + b for counts (both >= 0), saturating at Long.MAX_VALUE. */
    public static long plus(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s; // both are >= 0: a negative sum overflowed
    }

    /** {@code trips} (0 when negative) times {@code work}, saturating at Long.MAX_VALUE. */
    public static long times(long trips, long work) {
        trips = Math.max(0, trips);
        return trips == 0 || work <= Long.MAX_VALUE / trips ? trips * work : Long.MAX_VALUE;
    }

    private static long elements(Op op) {
        return Math.max(1, op.out().size());
    }

    /** Taps inside the input, times the input channels of a group, for every output element. */
    private static long convMacs(Op.Conv2d c) {
        Window w = c.window();
        int h = c.x().shape().dim(1), wd = c.x().shape().dim(2);
        int kh = c.filter().shape().dim(1), kw = c.filter().shape().dim(2), cig = c.filter().shape().dim(3);
        int oh = c.out().shape().dim(1), ow = c.out().shape().dim(2), oc = c.out().shape().dim(3);
        long rows = 0, cols = 0;
        for (int y = 0; y < oh; y++) {
            for (int i = 0; i < kh; i++) {
                rows += w.insideRows(y, i, h) ? 1 : 0;
            }
        }
        for (int x = 0; x < ow; x++) {
            for (int j = 0; j < kw; j++) {
                cols += w.insideCols(x, j, wd) ? 1 : 0;
            }
        }
        return (long) c.x().shape().dim(0) * rows * cols * cig * oc;
    }
}
