package seedc.analysis;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.ir.Block;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * Sound ranges (Zac section 4.2): an interval for every element of every value, for every input inside the
 * program's declared input range, by interval arithmetic over the exact elements each element reads. Parameters
 * are their actual values (a row of W times a box of inputs is exact). Loops run their real number of iterations
 * on intervals (loop-boundary sensitive, as Zac's symbolic execution), with the loop index exact in each; an int
 * the analysis cannot pin down (Bonsai's tree walk) takes the union over every index it may have. A value whose
 * bound is not finite is reported with the reason, never dropped.
 *
 * <p>Takes a {@link Program} and its weights; gives {@link ValueRanges}.
 */
public final class RangeAnalysis {
    private final Program program;
    private final Map<String, double[]> weights;
    /** The current box of each real value (inside a loop: this iteration's). */
    private final Box[] boxes;
    /** Every element's interval over the whole run, per value: the union over a loop's iterations. */
    private final double[] min;
    private final double[] max;
    private final IntIntervals ints;
    private final List<ValueRanges.Unproven> unproven = new ArrayList<>();
    private final Map<Op, Layouts.Windows> windows = new IdentityHashMap<>();
    private final Map<Integer, Transpose> transposes = new java.util.HashMap<>();

    private RangeAnalysis(Program program, Map<String, double[]> weights) {
        this.program = program;
        this.weights = weights;
        int n = program.valueCount();
        boxes = new Box[n];
        min = new double[n];
        max = new double[n];
        java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        ints = new IntIntervals(n);
    }

    /** The sound ranges of every value of {@code program}, its input anywhere in its declared range. */
    public static ValueRanges of(Program program, Map<String, double[]> weights) {
        RangeAnalysis a = new RangeAnalysis(program, weights);
        a.block(program.body());
        return new ValueRanges(a.min, a.max, a.ints, List.copyOf(a.unproven));
    }

    private void block(Block b) {
        for (Op op : b.ops()) {
            op(op);
        }
    }

    private Box box(Value v) {
        return boxes[v.id()];
    }

    private void set(Value v, Box b) {
        boxes[v.id()] = b;
        min[v.id()] = Math.min(min[v.id()], b.min());
        max[v.id()] = Math.max(max[v.id()], b.max());
    }

    /** Records an op whose result has no finite bound, once per value, with the reason. */
    private void check(Op op) {
        Value v = op.out();
        if (v.isInt() || boxes[v.id()] == null || boxes[v.id()].bounded()
                || unproven.stream().anyMatch(u -> u.value().equals(v))) {
            return;
        }
        unproven.add(new ValueRanges.Unproven(v, why(op)));
    }

    /** Why an op's interval is not finite: an operand that is not, or the arithmetic itself overflowing. */
    private String why(Op op) {
        for (Value in : op.inputs()) {
            if (!in.isInt() && !(min[in.id()] > Double.NEGATIVE_INFINITY && max[in.id()] < Double.POSITIVE_INFINITY)) {
                return "it is computed from '" + in.name() + "', which has no finite bound";
            }
        }
        if (op instanceof Exp e) {
            return "e^x of an argument up to " + max[e.a().id()] + " exceeds every finite number";
        }
        return "its interval arithmetic exceeds every finite number (operands up to "
                + op.inputs().stream().filter(i -> !i.isInt()).mapToDouble(i -> Math.max(Math.abs(min[i.id()]),
                        Math.abs(max[i.id()]))).max().orElse(0) + ")";
    }

    /** Whether {@code a} is {@code b} transposed. */
    private boolean transposeOf(Value a, Value b) {
        return transposes.get(a.id()) instanceof Transpose t && t.a().equals(b);
    }

    private void op(Op op) {
        if (op instanceof Transpose t) {
            transposes.put(t.out().id(), t);
        }
        compute(op);
        check(op);
    }

    private void compute(Op op) {
        switch (op) {
            case Input in -> set(in.out(), Box.filled(in.out().size(), program.inputLo(), program.inputHi()));
            case Param p -> set(p.out(), Box.point(weights.get(p.paramName())));
            case Const c -> set(c.out(), Box.point(c.values()));
            case IntConst c -> ints.set(c.out(), c.value(), c.value());
            case IntArith a -> ints.arith(a);
            case MatMul m -> set(m.out(), BoxKernels.matmul(box(m.a()), box(m.b()), m.a().shape().dim(0),
                    m.a().shape().dim(1), m.b().shape().dim(1), transposeOf(m.a(), m.b())));
            case SparseMatMul m -> set(m.out(), BoxKernels.matmul(box(m.a()), box(m.b()), m.a().shape().dim(0),
                    m.a().shape().dim(1), 1, false));
            case Add a -> set(a.out(), BoxKernels.add(box(a.a()), box(a.b()), a.subtract(), a.out().size()));
            case ScalarMul m -> set(m.out(), BoxKernels.times(box(m.tensor()), box(m.scalar())));
            case Hadamard h -> set(h.out(), BoxKernels.times(box(h.a()), box(h.b())));
            case VecOp v -> set(v.out(), switch (v.kind()) {
                case ADD -> BoxKernels.addVector(box(v.a()), box(v.vec()), false);
                case SUB -> BoxKernels.addVector(box(v.a()), box(v.vec()), true);
                case MUL -> BoxKernels.times(box(v.a()), box(v.vec()));
            });
            case Neg n -> set(n.out(), BoxKernels.neg(box(n.a())));
            case Exp e -> set(e.out(), box(e.a()).mapIncreasing(Math::exp));
            case Tanh t -> set(t.out(), box(t.a()).mapIncreasing(Math::tanh));
            case Sigmoid s -> set(s.out(), box(s.a()).mapIncreasing(x -> 1 / (1 + Math.exp(-x))));
            case Softplus sp -> set(sp.out(), box(sp.a()).mapIncreasing(Softplus::real));
            case Softsign ss -> set(ss.out(), box(ss.a()).mapIncreasing(Softsign::real));
            case Relu r -> set(r.out(), box(r.a()).mapIncreasing(x -> Math.max(x, 0)));
            case Relu6 r -> set(r.out(), box(r.a()).mapIncreasing(x -> Math.min(Math.max(x, 0), 6)));
            case Quantize q -> set(q.out(), box(q.a()).mapIncreasing(x -> q.lo() + q.level(x) * q.step()));
            case Sgn s -> ints.set(s.out(), box(s.a()).lo()[0] > 0 ? 1 : 0, box(s.a()).hi()[0] > 0 ? 1 : 0);
            case Argmax a -> ints.argmax(a.out(), box(a.a()).size(), i -> box(a.a()).lo()[i], i -> box(a.a()).hi()[i]);
            case NormaliseL2 n -> set(n.out(), BoxKernels.normaliseL2(box(n.a())));
            case Transpose t -> set(t.out(), box(t.a()).gather(Layouts.transpose(t.a().shape()), 0));
            case Reshape r -> set(r.out(), box(r.a()).gather(Layouts.reshape(r.a().shape(), r.order()), 0));
            case Reverse r -> set(r.out(), box(r.a()).gather(Layouts.reverse(r.a().shape(), r.axis()), 0));
            case Index ix -> index(ix);
            case Splice sp -> splice(sp);
            case SpliceWrite sw -> spliceWrite(sw);
            case Conv2d c -> set(c.out(), BoxKernels.conv2d(box(c.x()), c.x().shape(), box(c.filter()),
                    c.filter().shape(), c.window(), c.groups(), c.out().shape()));
            case Maxpool m -> set(m.out(), BoxKernels.maxpool(box(m.x()), windows.computeIfAbsent(m,
                    k -> Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(), m.out().shape()))));
            case Select s -> select(s);
            case SumLoop s -> sumLoop(s);
            case Loop l -> loop(l);
        }
    }

    /** a[index]: the slice, or the union of the slices at every index the int may have. */
    private void index(Index ix) {
        Box a = box(ix.a());
        int n = ix.out().size(), rows = ix.a().shape().dim(0);
        long from = Math.max(0, ints.lo(ix.index())), to = Math.min(rows - 1, ints.hi(ix.index()));
        Box out = null;
        int[] identity = java.util.stream.IntStream.range(0, n).toArray();
        for (long r = from; r <= to; r++) {
            Box slice = a.gather(identity, (int) r * n);
            out = out == null ? slice : out.union(slice);
        }
        set(ix.out(), out != null ? out : a.flattened(n));
    }

    /** A sub-tensor at exact offsets; at offsets known only by range, any element of a. */
    private void splice(Splice sp) {
        Box a = box(sp.a());
        set(sp.out(), ints.exact(sp.offsets())
                ? a.gather(Layouts.splice(sp.a().shape(), sp.out().shape()),
                        ints.spliceBase(sp.a().shape(), sp.offsets()))
                : a.flattened(sp.out().size()));
    }

    /** base with part written at exact offsets; at offsets known only by range, any element may be either. */
    private void spliceWrite(SpliceWrite sw) {
        Box base = box(sw.base()), part = box(sw.part());
        if (!ints.exact(sw.offsets())) {
            set(sw.out(), base.union(part.flattened(base.size())));
            return;
        }
        double[] lo = base.lo().clone(), hi = base.hi().clone();
        Shape region = Layouts.fullPart(sw.base().shape(), sw.part().shape());
        int[] map = Layouts.splice(sw.base().shape(), region);
        int at = ints.spliceBase(sw.base().shape(), sw.offsets());
        for (int k = 0; k < map.length; k++) {
            lo[at + map[k]] = part.lo()[k];
            hi[at + map[k]] = part.hi()[k];
        }
        set(sw.out(), new Box(lo, hi));
    }

    /** cond >= 0 ? a : b: the branch the condition decides, or both. */
    private void select(Select s) {
        double lo = s.cond().isInt() ? ints.lo(s.cond()) : box(s.cond()).lo()[0];
        double hi = s.cond().isInt() ? ints.hi(s.cond()) : box(s.cond()).hi()[0];
        boolean a = hi >= 0, b = lo < 0;
        if (s.out().isInt()) {
            ints.select(s.out(), s.a(), s.b(), a, b);
        } else {
            set(s.out(), a && b ? box(s.a()).union(box(s.b())) : box(a ? s.a() : s.b()));
        }
    }

    private void sumLoop(SumLoop s) {
        Box acc = Box.filled(s.out().size(), 0, 0);
        for (int i = s.from(); i < s.to(); i++) {
            ints.set(s.index(), i, i);
            block(s.body());
            acc = BoxKernels.add(acc, box(s.result()), false, acc.size());
        }
        set(s.out(), acc);
    }

    /** Every iteration on intervals: the carried box of step i + 1 is the body's result at step i. */
    private void loop(Loop l) {
        Box acc = box(l.init());
        for (int i = l.from(); i < l.to(); i++) {
            ints.set(l.index(), i, i);
            set(l.acc(), acc);
            block(l.body());
            acc = box(l.result());
        }
        set(l.out(), acc);
    }
}
