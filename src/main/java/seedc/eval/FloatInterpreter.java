package seedc.eval;

import java.util.Map;
import seedc.ir.Block;
import seedc.ir.IntState;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.ir.Shape;

/**
 * Executes the IR in double precision: the reference every fixed-point result is compared with.
 * With a {@link Profile} it records the range of every value (the profiler). Not thread-safe:
 * use one instance per thread.
 */
public final class FloatInterpreter {
    private final Program program;
    private final Map<String, double[]> weights;
    private final double[][] vals;
    private final IntState ints;
    /** Each maxpool's index map, built on its first run (the program never changes under an interpreter). */
    private final Map<Op, Layouts.Windows> windows = new java.util.IdentityHashMap<>();
    private Profile profile;

    public FloatInterpreter(Program program, Map<String, double[]> weights) {
        this.program = program;
        this.weights = weights;
        this.vals = new double[program.valueCount()][];
        this.ints = new IntState(program.valueCount());
    }

    /** Runs one example; the result is a label for int programs, else the output tensor. */
    public Result run(double[] input, Profile profile) {
        this.profile = profile;
        if (program.input() != null) {
            if (input.length != program.input().size()) {
                throw new IllegalArgumentException("input has " + input.length + " values, the program reads "
                        + program.input().size());
            }
            vals[program.input().id()] = program.shiftInput(input);
        }
        exec(program.body());
        Value r = program.result();
        if (!r.isInt()) {
            return Result.tensor(vals[r.id()]);
        }
        Value scores = program.decisionScores();
        return Result.label(ints.get(r), scores == null ? null : vals[scores.id()].clone());
    }

    /** A real value of the last run (inside a loop: its last iteration's). */
    public double[] value(Value v) {
        return vals[v.id()];
    }

    private void exec(Block block) {
        for (Op op : block.ops()) {
            exec(op);
        }
    }

    private double[] v(Value x) {
        return vals[x.id()];
    }

    private void set(Value out, double[] data) {
        vals[out.id()] = data;
        if (profile != null) {
            profile.observe(out, data);
        }
    }

    private void exec(Op op) {
        switch (op) {
            case Input in -> {
                if (profile != null) {
                    profile.observe(in.out(), v(in.out()));
                }
            }
            case Param p -> set(p.out(), weights.get(p.paramName()));
            case Const c -> set(c.out(), c.values());
            case IntConst c -> ints.constant(c);
            case IntArith a -> ints.arith(a);
            case MatMul m -> set(m.out(), FloatKernels.matmul(v(m.a()), v(m.b()), m.a().shape().dim(0),
                    m.a().shape().dim(1), m.b().shape().dim(1)));
            case SparseMatMul m -> set(m.out(), FloatKernels.matmul(v(m.a()), v(m.b()), m.a().shape().dim(0),
                    m.a().shape().dim(1), 1));
            case Add a -> {
                double[] x = v(a.a()), y = v(a.b());
                double[] o = new double[a.out().size()];
                for (int i = 0; i < o.length; i++) {
                    double p = x[x.length == 1 ? 0 : i], q = y[y.length == 1 ? 0 : i];
                    o[i] = a.subtract() ? p - q : p + q;
                }
                set(a.out(), o);
            }
            case ScalarMul m -> {
                double s = v(m.scalar())[0];
                double[] t = v(m.tensor());
                double[] o = new double[t.length];
                for (int i = 0; i < o.length; i++) {
                    o[i] = s * t[i];
                }
                set(m.out(), o);
            }
            case Hadamard h -> {
                double[] x = v(h.a()), y = v(h.b());
                double[] o = new double[x.length];
                for (int i = 0; i < o.length; i++) {
                    o[i] = x[i] * y[i];
                }
                set(h.out(), o);
            }
            case VecOp vo -> {
                double[] x = v(vo.a()), y = v(vo.vec());
                double[] o = new double[x.length];
                for (int i = 0; i < o.length; i++) {
                    double q = y[i % y.length];
                    o[i] = switch (vo.kind()) {
                        case ADD -> x[i] + q;
                        case SUB -> x[i] - q;
                        case MUL -> x[i] * q;
                    };
                }
                set(vo.out(), o);
            }
            case Neg n -> set(n.out(), map(v(n.a()), x -> -x));
            case Exp e -> {
                sample(e.a());
                set(e.out(), map(v(e.a()), Math::exp));
            }
            case Tanh t -> {
                sample(t.a());
                set(t.out(), map(v(t.a()), Math::tanh));
            }
            case Sigmoid s -> {
                sample(s.a());
                set(s.out(), map(v(s.a()), x -> 1 / (1 + Math.exp(-x))));
            }
            case Softplus sp -> set(sp.out(), map(v(sp.a()), Softplus::real));
            case Softsign ss -> set(ss.out(), map(v(ss.a()), Softsign::real));
            case Relu r -> set(r.out(), map(v(r.a()), x -> Math.max(x, 0)));
            case Relu6 r -> set(r.out(), map(v(r.a()), x -> Math.min(Math.max(x, 0), 6)));
            case Quantize q -> set(q.out(), map(v(q.a()), x -> q.lo() + q.level(x) * q.step()));
            case Sgn s -> ints.set(s.out(), v(s.a())[0] > 0 ? 1 : 0);
            case Argmax a -> ints.set(a.out(), FloatKernels.argmax(v(a.a())));
            case NormaliseL2 n -> set(n.out(), FloatKernels.normaliseL2(v(n.a()), n.a().shape()));
            case Transpose t -> set(t.out(), gather(v(t.a()), Layouts.transpose(t.a().shape()), 0));
            case Reshape r -> set(r.out(), gather(v(r.a()), Layouts.reshape(r.a().shape(), r.order()), 0));
            case Reverse r -> set(r.out(), gather(v(r.a()), Layouts.reverse(r.a().shape(), r.axis()), 0));
            case Index ix -> {
                int n = ix.out().size();
                double[] o = new double[n];
                System.arraycopy(v(ix.a()), (int) ints.get(ix.index()) * n, o, 0, n);
                set(ix.out(), o);
            }
            case Splice sp -> set(sp.out(), gather(v(sp.a()), Layouts.splice(sp.a().shape(), sp.out().shape()),
                    ints.spliceBase(sp.a().shape(), sp.offsets())));
            case SpliceWrite sw -> {
                double[] o = v(sw.base()).clone();
                double[] part = v(sw.part());
                Shape region = Layouts.fullPart(sw.base().shape(), sw.part().shape());
                int[] map = Layouts.splice(sw.base().shape(), region);
                int base = ints.spliceBase(sw.base().shape(), sw.offsets());
                for (int k = 0; k < map.length; k++) {
                    o[base + map[k]] = part[k];
                }
                set(sw.out(), o);
            }
            case Conv2d c -> set(c.out(), FloatKernels.conv2d(v(c.x()), c.x().shape(), v(c.filter()),
                    c.filter().shape(), c.window(), c.groups(), c.out().shape()));
            case Maxpool m -> set(m.out(), FloatKernels.maxpool(v(m.x()), windows.computeIfAbsent(
                    m, k -> Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(), m.out().shape()))));
            case Select s -> {
                double c = s.cond().isInt() ? ints.get(s.cond()) : v(s.cond())[0];
                Value pick = c >= 0 ? s.a() : s.b();
                if (s.out().isInt()) {
                    ints.set(s.out(), ints.get(pick));
                } else {
                    set(s.out(), v(pick));
                }
            }
            case SumLoop s -> {
                double[] acc = new double[s.out().size()];
                for (int i = s.from(); i < s.to(); i++) {
                    ints.set(s.index(), i);
                    exec(s.body());
                    double[] r = v(s.result());
                    for (int k = 0; k < acc.length; k++) {
                        acc[k] += r[k];
                    }
                }
                set(s.out(), acc);
            }
            case Loop l -> {
                double[] acc = v(l.init());
                for (int i = l.from(); i < l.to(); i++) {
                    ints.set(l.index(), i);
                    set(l.acc(), acc);
                    exec(l.body());
                    acc = v(l.result());
                }
                set(l.out(), acc);
            }
        }
    }

    private void sample(Value arg) {
        if (profile != null) {
            profile.sample(arg, v(arg));
        }
    }


    private static double[] gather(double[] in, int[] map, int base) {
        double[] o = new double[map.length];
        for (int k = 0; k < map.length; k++) {
            o[k] = in[base + map[k]];
        }
        return o;
    }

    private static double[] map(double[] in, java.util.function.DoubleUnaryOperator f) {
        double[] o = new double[in.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = f.applyAsDouble(in[i]);
        }
        return o;
    }
}
