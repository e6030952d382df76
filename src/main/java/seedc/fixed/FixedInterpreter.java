package seedc.fixed;

import java.util.List;
import seedc.eval.Result;
import seedc.ir.Block;
import seedc.ir.IntState;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Value;

/**
 * Executes a {@link FixedProgram} on integers, bit for bit as the generated C does. One instance per
 * thread; the quantized parameters and index maps are shared and immutable. Each instance counts the wrap
 * events of every example it runs in its own {@link WrapCounter} ({@link #wraps()}).
 */
public final class FixedInterpreter {
    private final FixedProgram fp;
    private final QuantizedModel model;
    private final long[][] vals;
    private final IntState ints;
    // Per op, by the id of the value it computes (an array lookup: a map's per op showed in the profile of
    // recurrent models, whose loop bodies run many small ops): its integer constants, its gather map or
    // pooling windows, and a product's operands' last arrays and those shifted (see #operand).
    private final OpParams[] params;
    private final int[][] maps;
    private final Layouts.Windows[] windows;
    private final long[][][] shiftedOperands;
    private final WrapCounter wraps;
    private double[] input;

    public FixedInterpreter(FixedProgram fp, QuantizedModel model) {
        this.fp = fp;
        this.model = model;
        this.vals = new long[fp.program().valueCount()][];
        this.params = new OpParams[vals.length];
        fp.paramMap().forEach((op, p) -> params[op.out().id()] = p);
        this.maps = new int[vals.length][];
        this.windows = new Layouts.Windows[vals.length];
        this.shiftedOperands = new long[vals.length][][];
        this.ints = new IntState(fp.program().valueCount());
        this.wraps = new WrapCounter(fp.program().valueCount());
    }

    /** The wrap events of every example run so far. */
    public WrapCounter wraps() {
        return wraps;
    }

    /** The result of one example: a label, or the raw integers of the output tensor and their real values. */
    public Result run(double[] input) {
        runRaw(input);
        return result();
    }

    /** Runs one example; returns the raw output integers (null for an int result, see {@link #label()}). */
    public long[] runRaw(double[] input) {
        this.input = input;
        wraps.startRun();
        exec(fp.program().body());
        Value r = fp.program().result();
        return r.isInt() ? null : vals[r.id()];
    }

    /** Every value after a run. The arrays are shared: no value's array is written after it is set. */
    public record State(long[][] vals, long[] ints) {}

    public State state() {
        return new State(vals.clone(), ints.array().clone());
    }

    /**
     * {@link #run(double[])}, executing only the top-level ops i with {@code run[i]}: the values of the others
     * come from {@code from}, the state after running on the same input a program that computes them alike.
     */
    public Result run(double[] input, State from, boolean[] run) {
        this.input = input;
        wraps.startRun();
        System.arraycopy(from.vals(), 0, vals, 0, vals.length);
        System.arraycopy(from.ints(), 0, ints.array(), 0, ints.array().length);
        List<Op> ops = fp.program().body().ops();
        for (int i = 0; i < run.length; i++) {
            if (run[i]) {
                exec(ops.get(i));
            }
        }
        return result();
    }

    private Result result() {
        Value r = fp.program().result();
        if (r.isInt()) {
            Value scores = fp.program().decisionScores();
            return Result.label(ints.get(r), scores == null ? null : toReal(vals[scores.id()], fp.type(scores)));
        }
        return Result.tensor(toReal(vals[r.id()], fp.type(r)));
    }

    private static double[] toReal(long[] q, FixedType t) {
        double[] out = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            out[i] = t.toReal(q[i]);
        }
        return out;
    }

    public long label() {
        return ints.get(fp.program().result());
    }

    private void exec(Block b) {
        for (Op op : b.ops()) {
            exec(op);
        }
    }

    private long[] v(Value x) {
        return vals[x.id()];
    }

    private FixedType t(Value x) {
        return fp.type(x);
    }

    /** x converted to the type of {@code to}. */
    private long[] as(Value x, Value to) {
        return FixedKernels.convert(v(x), t(x), t(to), site(to));
    }

    /** Where the op computing {@code out} reports its wrap events. */
    private WrapSite site(Value out) {
        return wraps.site(out.id());
    }

    private void set(Value out, long[] data) {
        vals[out.id()] = data;
    }

    private void exec(Op op) {
        switch (op) {
            case Input in -> set(in.out(), model.quantizeInput(input, site(in.out())));
            case Param p -> set(p.out(), model.param(p.paramName()));
            case Const c -> set(c.out(), model.constant(c));
            case IntConst c -> ints.constant(c);
            case IntArith a -> ints.arith(a);
            case MatMul m -> set(m.out(), FixedKernels.matmulShifted(operand(m, 0, m.a(), mul(m).shrA()),
                    operand(m, 1, m.b(), mul(m).shrB()), m.a().shape().dim(0),
                    m.a().shape().dim(1), m.b().shape().dim(1), mul(m), bits(m.out()), site(m.out())));
            case SparseMatMul m -> set(m.out(), FixedKernels.sparseMatmul(v(m.a()), v(m.b()), m.a().shape().dim(0),
                    m.a().shape().dim(1), mul(m), bits(m.out()), site(m.out())));
            case Add a -> set(a.out(), FixedKernels.add(v(a.a()), v(a.b()), a.out().size(), a.subtract(), add(a),
                    bits(a.out()), site(a.out())));
            case ScalarMul m -> set(m.out(), FixedKernels.product(v(m.scalar()), v(m.tensor()), m.out().size(), mul(m),
                    bits(m.out()), site(m.out())));
            case Hadamard h -> set(h.out(), FixedKernels.product(v(h.a()), v(h.b()), h.out().size(), mul(h),
                    bits(h.out()), site(h.out())));
            case VecOp vo -> set(vo.out(), switch (vo.kind()) {
                case MUL -> FixedKernels.product(v(vo.a()), v(vo.vec()), vo.out().size(), mul(vo), bits(vo.out()),
                        site(vo.out()));
                case ADD, SUB -> FixedKernels.add(v(vo.a()), v(vo.vec()), vo.out().size(),
                        vo.kind() == VecKind.SUB, add(vo), bits(vo.out()), site(vo.out()));
            });
            case Neg n -> {
                long[] a = v(n.a());
                long[] neg = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    neg[i] = -a[i];
                }
                set(n.out(), FixedKernels.reduce(neg, t(n.a()), t(n.out()), site(n.out())));
            }
            case Exp e -> {
                OpParams.Exp p = params(e, OpParams.Exp.class);
                long[] a = v(e.a());
                long[] o = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    o[i] = FixedKernels.exp(a[i], p, bits(e.out()), site(e.out()));
                }
                set(e.out(), o);
            }
            case Sigmoid s -> {
                OpParams.Activation p = params(s, OpParams.Activation.class);
                long[] a = v(s.a());
                long[] o = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    o[i] = FixedKernels.sigmoid(a[i], p, t(s.out()), site(s.out()));
                }
                set(s.out(), o);
            }
            case Tanh th -> {
                OpParams.Activation p = params(th, OpParams.Activation.class);
                long[] a = v(th.a());
                long[] o = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    o[i] = FixedKernels.tanh(a[i], p, t(th.out()), site(th.out()));
                }
                set(th.out(), o);
            }
            case Relu r -> {
                long[] a = v(r.a()).clone();
                for (int i = 0; i < a.length; i++) {
                    a[i] = Math.max(a[i], 0);
                }
                set(r.out(), FixedKernels.convert(a, t(r.a()), t(r.out()), site(r.out())));
            }
            case Relu6 r -> {
                long[] a = v(r.a()).clone();
                long six = FixedArith.shr(6, -t(r.a()).scale());
                for (int i = 0; i < a.length; i++) {
                    a[i] = Math.min(Math.max(a[i], 0), six);
                }
                set(r.out(), FixedKernels.convert(a, t(r.a()), t(r.out()), site(r.out())));
            }
            case Sgn s -> ints.set(s.out(), v(s.a())[0] > 0 ? 1 : 0);
            case Argmax a -> {
                long[] x = v(a.a());
                int best = 0;
                for (int i = 1; i < x.length; i++) {
                    if (x[i] > x[best]) {
                        best = i;
                    }
                }
                ints.set(a.out(), best);
            }
            case NormaliseL2 n -> set(n.out(), FixedKernels.normaliseL2(v(n.a()), n.a().shape(), t(n.out()),
                    site(n.out())));
            case Transpose tr -> set(tr.out(), gather(as(tr.a(), tr.out()), map(op, () -> Layouts.transpose(tr.a().shape())), 0));
            case Reshape r -> set(r.out(), gather(as(r.a(), r.out()), map(op, () -> Layouts.reshape(r.a().shape(), r.order())), 0));
            case Reverse r -> set(r.out(), gather(as(r.a(), r.out()), map(op, () -> Layouts.reverse(r.a().shape(), r.axis())), 0));
            case Index ix -> {
                int n = ix.out().size();
                long[] o = new long[n];
                System.arraycopy(v(ix.a()), (int) ints.get(ix.index()) * n, o, 0, n);
                set(ix.out(), FixedKernels.convert(o, t(ix.a()), t(ix.out()), site(ix.out())));
            }
            case Splice sp -> set(sp.out(), gather(as(sp.a(), sp.out()),
                    map(op, () -> Layouts.splice(sp.a().shape(), sp.out().shape())),
                    ints.spliceBase(sp.a().shape(), sp.offsets())));
            case SpliceWrite sw -> {
                long[] o = as(sw.base(), sw.out()).clone();
                long[] part = as(sw.part(), sw.out());
                int[] m = map(op, () -> Layouts.splice(sw.base().shape(),
                        Layouts.fullPart(sw.base().shape(), sw.part().shape())));
                int base = ints.spliceBase(sw.base().shape(), sw.offsets());
                for (int k = 0; k < m.length; k++) {
                    o[base + m[k]] = part[k];
                }
                set(sw.out(), o);
            }
            case Conv2d c -> set(c.out(), ConvKernels.conv2dShifted(operand(c, 0, c.x(), mul(c).shrA()), c.x().shape(),
                    operand(c, 1, c.filter(), mul(c).shrB()), c.filter().shape(),
                    c.window(), c.groups(), c.out().shape(), mul(c), bits(c.out()), site(c.out())));
            case Maxpool m -> set(m.out(), FixedKernels.convert(FixedKernels.maxpool(v(m.x()), windows(m)),
                    t(m.x()), t(m.out()), site(m.out())));
            case Select s -> {
                boolean c = s.cond().isInt() ? ints.get(s.cond()) >= 0 : v(s.cond())[0] >= 0;
                Value pick = c ? s.a() : s.b();
                if (s.out().isInt()) {
                    ints.set(s.out(), ints.get(pick));
                } else {
                    set(s.out(), as(pick, s.out()));
                }
            }
            case SumLoop s -> set(s.out(), sumLoop(s));
            case Loop l -> {
                long[] acc = as(l.init(), l.out());
                for (int i = l.from(); i < l.to(); i++) {
                    ints.set(l.index(), i);
                    set(l.acc(), acc);
                    exec(l.body());
                    acc = as(l.result(), l.out());
                }
                set(l.out(), acc);
            }
        }
    }

    /** $-sum: the accumulation wraps per iteration, modularly, so only its final sum is checked, against the exact one. */
    private long[] sumLoop(SumLoop s) {
        long[] acc = new long[s.out().size()], exact = new long[acc.length];
        int shift = t(s.result()).scale() - t(s.out()).scale();
        int bits = bits(s.out());
        for (int i = s.from(); i < s.to(); i++) {
            ints.set(s.index(), i);
            exec(s.body());
            long[] r = v(s.result());
            for (int k = 0; k < acc.length; k++) {
                long term = FixedArith.shr(r[k], shift);
                acc[k] = FixedArith.wrap(acc[k] + term, bits);
                exact[k] += term;
            }
        }
        WrapSite site = site(s.out());
        for (int k = 0; k < acc.length; k++) {
            site.check(acc[k], exact[k]);
        }
        return acc;
    }

    /**
     * Operand {@code slot} of a product op, shifted by {@code n} ({@link FixedKernels#shifted}); kept while the
     * operand's array stays the same, as a parameter's does in every example, so each weight is shifted once.
     */
    private long[] operand(Op op, int slot, Value x, int n) {
        long[] src = v(x);
        long[][] kept = shiftedOperands[op.out().id()];
        if (kept == null) {
            kept = shiftedOperands[op.out().id()] = new long[4][];
        }
        if (kept[2 * slot] != src) {
            kept[2 * slot] = src;
            kept[2 * slot + 1] = FixedKernels.shifted(src, n);
        }
        return kept[2 * slot + 1];
    }

    private OpParams.Mul mul(Op op) {
        return params(op, OpParams.Mul.class);
    }

    private OpParams.Add add(Op op) {
        return params(op, OpParams.Add.class);
    }

    /** {@link FixedProgram#params}, from this interpreter's array. */
    private <P extends OpParams> P params(Op op, Class<P> kind) {
        OpParams p = params[op.out().id()];
        if (!kind.isInstance(p)) {
            return fp.params(op, kind); // throws, naming the op
        }
        return kind.cast(p);
    }

    private Layouts.Windows windows(Maxpool m) {
        Layouts.Windows w = windows[m.out().id()];
        return w != null ? w : (windows[m.out().id()] = Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(),
                m.out().shape()));
    }

    private int bits(Value v) {
        return t(v).bits();
    }

    private int[] map(Op op, java.util.function.Supplier<int[]> build) {
        int[] m = maps[op.out().id()];
        return m != null ? m : (maps[op.out().id()] = build.get());
    }


    private static long[] gather(long[] in, int[] map, int base) {
        long[] o = new long[map.length];
        for (int k = 0; k < map.length; k++) {
            o[k] = in[base + map[k]];
        }
        return o;
    }

}
