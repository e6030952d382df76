package seedc.fixed;

import static seedc.fixed.FixedArith.shr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.ir.Block;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Whether any input inside the program's declared range can make a fixed program wrap (Zac 4.2 on the integers):
 * the semantics of docs/fixed-point-semantics.md run on intervals of exact integers, element by element, every
 * parameter a point. Where an op's exact result, a product term, a tree node or a temporary could leave its
 * width, the value is listed as one that may wrap. Sound, not complete: it never misses a wrap the interpreter
 * could count, and it may list a value whose wraps would cancel modulo 2^W. Loops run their real iterations.
 */
public final class OverflowProof {
    /** A value that may wrap for some input in the declared range: the exact integers it may need, and its type. */
    public record Risk(Value value, long lo, long hi, String where) {}

    private final FixedProgram fp;
    private final QuantizedModel qm;
    private final IntBox[] boxes;
    private final seedc.analysis.IntIntervals ints;
    private final Map<Integer, Risk> risks = new LinkedHashMap<>();

    private OverflowProof(FixedProgram fp, QuantizedModel qm) {
        this.fp = fp;
        this.qm = qm;
        int n = fp.program().valueCount();
        boxes = new IntBox[n];
        ints = new seedc.analysis.IntIntervals(n);
    }

    /** The values of {@code fp} that some input inside the declared range may wrap, in program order. */
    public static List<Risk> risks(FixedProgram fp, QuantizedModel qm) {
        OverflowProof p = new OverflowProof(fp, qm);
        p.block(fp.program().body());
        return new ArrayList<>(p.risks.values());
    }

    /**
     * The integers a matrix product's or a convolution's output can hold, [lo, hi] over its elements, whatever the
     * program's input, when its operand {@code bounded} holds integers in [lo, hi] (a quantize's levels) and the other
     * is a parameter: null when the product may wrap there (then its output may be any of its type's), or the other
     * operand is not a parameter.
     */
    public static long[] productRange(FixedProgram fp, QuantizedModel qm, Op product, int bounded, long lo, long hi) {
        Value b = product.inputs().get(bounded), k = product.inputs().get(1 - bounded);
        if (qm.stored(k) == null) {
            return null;
        }
        OverflowProof p = new OverflowProof(fp, qm);
        long[] l = new long[b.size()], h = new long[b.size()];
        java.util.Arrays.fill(l, lo);
        java.util.Arrays.fill(h, hi);
        p.boxes[b.id()] = new IntBox(l, h);
        p.boxes[k.id()] = IntBox.point(qm.stored(k));
        p.op(product);
        if (!p.risks.isEmpty()) {
            return null;
        }
        IntBox out = p.box(product.out());
        return new long[] {java.util.Arrays.stream(out.lo()).min().orElse(0),
                java.util.Arrays.stream(out.hi()).max().orElse(0)};
    }

    /** One interval of exact integers per element. */
    record IntBox(long[] lo, long[] hi) {
        static IntBox point(long[] v) {
            return new IntBox(v, v);
        }

        int size() {
            return lo.length;
        }

        IntBox gather(int[] map, int base) {
            long[] l = new long[map.length], h = new long[map.length];
            for (int k = 0; k < map.length; k++) {
                l[k] = lo[base + map[k]];
                h[k] = hi[base + map[k]];
            }
            return new IntBox(l, h);
        }

        IntBox union(IntBox o) {
            long[] l = new long[lo.length], h = new long[lo.length];
            for (int i = 0; i < l.length; i++) {
                l[i] = Math.min(lo[i], o.lo[i]);
                h[i] = Math.max(hi[i], o.hi[i]);
            }
            return new IntBox(l, h);
        }

        /** Every element in the union of all the intervals. */
        IntBox flattened(int size) {
            long l = Long.MAX_VALUE, h = Long.MIN_VALUE;
            for (int i = 0; i < lo.length; i++) {
                l = Math.min(l, lo[i]);
                h = Math.max(h, hi[i]);
            }
            long[] a = new long[size], b = new long[size];
            java.util.Arrays.fill(a, l);
            java.util.Arrays.fill(b, h);
            return new IntBox(a, b);
        }
    }

    private void block(Block b) {
        for (Op op : b.ops()) {
            op(op);
        }
    }

    private IntBox box(Value v) {
        return boxes[v.id()];
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    /**
     * Records that value v may need [lo, hi] where {@code bits} hold less (once per value, the widest): its type, or
     * a temporary of its op's (ProofKernels: product terms, tree nodes, sums in W bits).
     */
    void check(Value v, long lo, long hi, int bits, String where) {
        long max = bits >= 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1, min = -max - 1;
        if (lo >= min && hi <= max) {
            return;
        }
        Risk old = risks.get(v.id());
        if (old == null || Math.max(-lo, hi) > Math.max(-old.lo(), old.hi())) {
            risks.put(v.id(), new Risk(v, lo, hi, where));
        }
    }

    /** The box stored as v's type: each element checked against v's width. */
    private void set(Value v, IntBox b, String where) {
        int bits = t(v).bits();
        for (int i = 0; i < b.size(); i++) {
            check(v, b.lo()[i], b.hi()[i], bits, where);
        }
        boxes[v.id()] = clamp(b, bits);
    }

    /** A box cut to what a width holds: after a recorded risk, later values are bounded as if it had not wrapped. */
    private static IntBox clamp(IntBox b, int bits) {
        long max = (1L << (bits - 1)) - 1, min = -max - 1;
        long[] l = new long[b.size()], h = new long[b.size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = Math.max(min, Math.min(max, b.lo()[i]));
            h[i] = Math.max(min, Math.min(max, b.hi()[i]));
        }
        return new IntBox(l, h);
    }

    /** conv: every element shifted from one type's scale to another's (shr is monotone). */
    private static IntBox shifted(IntBox b, int n) {
        long[] l = new long[b.size()], h = new long[b.size()];
        for (int i = 0; i < l.length; i++) {
            l[i] = shr(b.lo()[i], n);
            h[i] = shr(b.hi()[i], n);
        }
        return new IntBox(l, h);
    }

    private IntBox converted(Value from, Value to) {
        return shifted(box(from), t(from).scale() - t(to).scale());
    }

    private void op(Op op) {
        switch (op) {
            case Input in -> input(in);
            case Param p -> boxes[p.out().id()] = IntBox.point(qm.param(p.paramName()));
            case Const c -> boxes[c.out().id()] = IntBox.point(qm.constant(c));
            case IntConst c -> ints.set(c.out(), c.value(), c.value());
            case IntArith a -> ints.arith(a);
            case MatMul m -> set(m.out(), ProofKernels.matmul(this, m, box(m.a()), box(m.b()),
                    fp.params(m, OpParams.Mul.class)), "the sum of products");
            case SparseMatMul m -> set(m.out(), ProofKernels.sparse(this, m, box(m.a()), box(m.b()),
                    fp.params(m, OpParams.Mul.class)), "the sparse sum of products");
            case Conv2d c -> set(c.out(), ProofKernels.conv2d(this, c, box(c.x()), box(c.filter()),
                    fp.params(c, OpParams.Mul.class)), "the convolution's sum");
            case Add a -> set(a.out(), ProofKernels.add(this, a, box(a.a()), box(a.b()), a.subtract(),
                    fp.params(a, OpParams.Add.class)), "the sum");
            case ScalarMul m -> product(m, m.scalar(), m.tensor());
            case Hadamard h -> product(h, h.a(), h.b());
            case VecOp v -> {
                if (v.kind() == VecKind.MUL) {
                    product(v, v.a(), v.vec());
                } else {
                    set(v.out(), ProofKernels.add(this, v, box(v.a()), box(v.vec()), v.kind() == VecKind.SUB,
                            fp.params(v, OpParams.Add.class)), "the sum");
                }
            }
            case Neg n -> set(n.out(), shifted(ProofKernels.neg(box(n.a())), t(n.a()).scale() - t(n.out()).scale()),
                    "the negation");
            case Exp e -> set(e.out(), ProofKernels.exp(box(e.a()), fp.params(e, OpParams.Exp.class)), "e^x");
            case Sigmoid s -> set(s.out(), ProofKernels.activation(box(s.a()).size(), t(s.out()), true), "sigmoid");
            case Tanh th -> set(th.out(), ProofKernels.activation(box(th.a()).size(), t(th.out()), false), "tanh");
            case Softplus sp -> set(sp.out(), ProofKernels.softplus(box(sp.a()), t(sp.a()), t(sp.out())), "softplus");
            case Softsign ss -> set(ss.out(), ProofKernels.softsign(box(ss.a()), t(ss.a()), t(ss.out())), "softsign");
            case Relu r -> set(r.out(), shifted(ProofKernels.clamp(box(r.a()), 0, Long.MAX_VALUE),
                    t(r.a()).scale() - t(r.out()).scale()), "relu");
            case Relu6 r -> set(r.out(), shifted(ProofKernels.clamp(box(r.a()), 0, shr(6, -t(r.a()).scale())),
                    t(r.a()).scale() - t(r.out()).scale()), "relu6");
            case Quantize q -> set(q.out(), ProofKernels.quantize(box(q.a()), fp.params(q, OpParams.Quantize.class)),
                    "quantize");
            case Sgn s -> ints.set(s.out(), box(s.a()).lo()[0] > 0 ? 1 : 0, box(s.a()).hi()[0] > 0 ? 1 : 0);
            case Argmax a -> ints.argmax(a.out(), box(a.a()).size(), i -> box(a.a()).lo()[i], i -> box(a.a()).hi()[i]);
            case NormaliseL2 n -> set(n.out(), ProofKernels.activation(box(n.a()).size(), t(n.out()), false),
                    "normaliseL2");
            case Transpose tr -> set(tr.out(), converted(tr.a(), tr.out()).gather(Layouts.transpose(tr.a().shape()), 0),
                    "the conversion");
            case Reshape r -> set(r.out(), converted(r.a(), r.out()).gather(Layouts.reshape(r.a().shape(), r.order()),
                    0), "the conversion");
            case Reverse r -> set(r.out(), converted(r.a(), r.out()).gather(Layouts.reverse(r.a().shape(), r.axis()),
                    0), "the conversion");
            case Index ix -> index(ix);
            case Splice sp -> splice(sp);
            case SpliceWrite sw -> spliceWrite(sw);
            case Maxpool m -> set(m.out(), shifted(ProofKernels.maxpool(box(m.x()), Layouts.maxpool(m.x().shape(),
                    m.kh(), m.kw(), m.window(), m.out().shape())), t(m.x()).scale() - t(m.out()).scale()), "maxpool");
            case Select s -> select(s);
            case SumLoop s -> sumLoop(s);
            case Loop l -> loop(l);
        }
    }

    private void product(Op op, Value a, Value b) {
        set(op.out(), ProofKernels.product(this, op, box(a), box(b), fp.params(op, OpParams.Mul.class)),
                "the product");
    }

    /** The declared range quantized: rounding and saturation are monotone; a saturating end is a risk of X. */
    private void input(Input in) {
        Program p = fp.program();
        FixedType t = t(in.out());
        int n = in.out().size();
        long[] lo = new long[n], hi = new long[n];
        // the declared range is the input's as the program reads it (after any input shifts: Program#inputShifts)
        double rl = Math.rint(Math.scalb(p.inputLo(), t.scale())), rh = Math.rint(Math.scalb(p.inputHi(), t.scale()));
        check(in.out(), (long) Math.max(-0x1p62, rl), (long) Math.min(0x1p62, rh), t.bits(),
                "the declared input range at the input's scale");
        java.util.Arrays.fill(lo, FixedArith.quantize(p.inputLo(), t));
        java.util.Arrays.fill(hi, FixedArith.quantize(p.inputHi(), t));
        boxes[in.out().id()] = new IntBox(lo, hi);
    }

    private void index(Index ix) {
        IntBox a = converted(ix.a(), ix.out());
        int n = ix.out().size(), rows = ix.a().shape().dim(0);
        long from = Math.max(0, ints.lo(ix.index())), to = Math.min(rows - 1, ints.hi(ix.index()));
        int[] identity = java.util.stream.IntStream.range(0, n).toArray();
        IntBox out = null;
        for (long r = from; r <= to; r++) {
            IntBox slice = a.gather(identity, (int) r * n);
            out = out == null ? slice : out.union(slice);
        }
        set(ix.out(), out != null ? out : a.flattened(n), "the conversion");
    }

    private void splice(Splice sp) {
        IntBox a = converted(sp.a(), sp.out());
        set(sp.out(), ints.exact(sp.offsets()) ? a.gather(Layouts.splice(sp.a().shape(), sp.out().shape()),
                ints.spliceBase(sp.a().shape(), sp.offsets())) : a.flattened(sp.out().size()), "the conversion");
    }

    private void spliceWrite(SpliceWrite sw) {
        IntBox base = converted(sw.base(), sw.out()), part = converted(sw.part(), sw.out());
        if (!ints.exact(sw.offsets())) {
            set(sw.out(), base.union(part.flattened(base.size())), "the conversion");
            return;
        }
        long[] lo = base.lo().clone(), hi = base.hi().clone();
        int[] map = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
        int at = ints.spliceBase(sw.base().shape(), sw.offsets());
        for (int k = 0; k < map.length; k++) {
            lo[at + map[k]] = part.lo()[k];
            hi[at + map[k]] = part.hi()[k];
        }
        set(sw.out(), new IntBox(lo, hi), "the conversion");
    }

    private void select(Select s) {
        long lo = s.cond().isInt() ? ints.lo(s.cond()) : box(s.cond()).lo()[0];
        long hi = s.cond().isInt() ? ints.hi(s.cond()) : box(s.cond()).hi()[0];
        boolean a = hi >= 0, b = lo < 0;
        if (s.out().isInt()) {
            ints.select(s.out(), s.a(), s.b(), a, b);
            return;
        }
        IntBox x = a ? converted(s.a(), s.out()) : null, y = b ? converted(s.b(), s.out()) : null;
        set(s.out(), x == null ? y : y == null ? x : x.union(y), "the conversion");
    }

    /** $-sum: modular per iteration, so only the exact total is checked against the output's width. */
    private void sumLoop(SumLoop s) {
        int n = s.out().size(), shift = t(s.result()).scale() - t(s.out()).scale();
        long[] lo = new long[n], hi = new long[n];
        for (int i = s.from(); i < s.to(); i++) {
            ints.set(s.index(), i, i);
            block(s.body());
            IntBox r = shifted(box(s.result()), shift);
            for (int k = 0; k < n; k++) {
                lo[k] += r.lo()[k];
                hi[k] += r.hi()[k];
            }
        }
        set(s.out(), new IntBox(lo, hi), "the sum over the loop");
    }

    private void loop(Loop l) {
        set(l.out(), converted(l.init(), l.out()), "the conversion of the loop's start");
        for (int i = l.from(); i < l.to(); i++) {
            ints.set(l.index(), i, i);
            boxes[l.acc().id()] = box(l.out());
            block(l.body());
            set(l.out(), converted(l.result(), l.out()), "the carried value");
        }
    }
}
