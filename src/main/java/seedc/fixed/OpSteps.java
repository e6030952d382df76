package seedc.fixed;

import seedc.ir.Block;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Value;

/**
 * Compiles a fixed program's ops into {@link Step}s against one interpreter's {@link Frame}: the integer
 * semantics is {@link FixedKernels}' and {@link ConvKernels}'; this resolves, once per interpreter, what the
 * kernels need (value ids, types, op parameters, gather maps, wrap sites), which a switch over the ops on every
 * execution looked up again (a third of the interpreter's time on ProtoNN, whose loop runs many small ops).
 *
 * <p>With {@code runs} (by the id of an op's value; null: every op runs), an op that need not run takes its
 * value from an earlier run's tape instead ({@link Frame#restore}). Ops whose values are not taped
 * ({@link StateDetail#keeps}: ints, and cheap ops inside loops) always run.
 */
final class OpSteps {
    private final FixedProgram fp;
    private final QuantizedModel model;
    private final Frame f;
    private final long[][] vals;
    private final long[] ints;
    private final WrapCounter wraps;
    private final boolean[] runs;
    private final StateDetail detail;

    OpSteps(FixedProgram fp, QuantizedModel model, Frame f, WrapCounter wraps, boolean[] runs, StateDetail detail) {
        this.fp = fp;
        this.model = model;
        this.f = f;
        this.vals = f.vals;
        this.ints = f.ints.array();
        this.wraps = wraps;
        this.runs = runs;
        this.detail = detail;
    }

    Step[] block(Block b, int depth) {
        Step[] steps = new Step[b.ops().size()];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = step(b.ops().get(i), depth);
        }
        return steps;
    }

    private Step step(Op op, int depth) {
        int id = op.out().id();
        if (!detail.keeps(op, depth)) {
            return compute(op, depth);
        }
        if (runs != null && !runs[id]) {
            int inside = detail.tapedInside(op, depth);
            return () -> f.restore(id, inside);
        }
        Step s = compute(op, depth);
        return () -> {
            s.run();
            f.taped(id);
        };
    }

    private int id(Value v) {
        return v.id();
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    private int bits(Value v) {
        return t(v).bits();
    }

    private WrapSite site(Value out) {
        return wraps.site(out.id());
    }

    private OpParams.Mul mul(Op op) {
        return fp.params(op, OpParams.Mul.class);
    }

    private OpParams.Add add(Op op) {
        return fp.params(op, OpParams.Add.class);
    }

    private Step compute(Op op, int depth) {
        return switch (op) {
            case Input in -> {
                int out = id(in.out());
                WrapSite site = site(in.out());
                yield () -> vals[out] = model.quantizeInput(f.input, site);
            }
            case Param p -> {
                long[] data = model.param(p.paramName());
                int out = id(p.out());
                yield () -> vals[out] = data;
            }
            case Const c -> {
                long[] data = model.constant(c);
                int out = id(c.out());
                yield () -> vals[out] = data;
            }
            case IntConst c -> {
                int out = id(c.out());
                long value = c.value();
                yield () -> ints[out] = value;
            }
            case IntArith a -> {
                int out = id(a.out()), x = id(a.a()), y = id(a.b());
                IntOp kind = a.op();
                yield () -> ints[out] = seedc.ir.IntState.apply(kind, ints[x], ints[y]);
            }
            case MatMul m -> matmul(m);
            case SparseMatMul m -> {
                int out = id(m.out()), a = id(m.a()), b = id(m.b());
                int rows = m.a().shape().dim(0), cols = m.a().shape().dim(1), w = bits(m.out());
                OpParams.Mul p = mul(m);
                WrapSite site = site(m.out());
                yield () -> vals[out] = FixedKernels.sparseMatmul(vals[a], vals[b], rows, cols, p, w, site);
            }
            case Add a -> add(a, a.a(), a.b(), a.subtract());
            case ScalarMul m -> product(m, m.scalar(), m.tensor());
            case Hadamard h -> product(h, h.a(), h.b());
            case VecOp vo -> switch (vo.kind()) {
                case MUL -> product(vo, vo.a(), vo.vec());
                case ADD, SUB -> add(vo, vo.a(), vo.vec(), vo.kind() == VecKind.SUB);
            };
            case Neg n -> {
                int out = id(n.out()), a = id(n.a());
                FixedType from = t(n.a()), to = t(n.out());
                WrapSite site = site(n.out());
                yield () -> {
                    long[] x = vals[a], neg = new long[x.length];
                    for (int i = 0; i < x.length; i++) {
                        neg[i] = -x[i];
                    }
                    vals[out] = FixedKernels.reduce(neg, from, to, site);
                };
            }
            case Exp e -> {
                OpParams.Exp p = fp.params(e, OpParams.Exp.class);
                int out = id(e.out()), a = id(e.a()), w = bits(e.out());
                WrapSite site = site(e.out());
                yield () -> {
                    long[] x = vals[a], o = new long[x.length];
                    for (int i = 0; i < x.length; i++) {
                        o[i] = FixedKernels.exp(x[i], p, w, site);
                    }
                    vals[out] = o;
                };
            }
            case Sigmoid s -> activation(s, s.a(), true);
            case Tanh th -> activation(th, th.a(), false);
            case Softplus sp -> {
                SoftplusTable table = SoftplusTable.of(t(sp.a()), t(sp.out()));
                yield elementwise(sp.out(), sp.a(), (v, from, to, site) -> SoftKernels.softplus(v, table, from, to, site));
            }
            case Softsign ss -> elementwise(ss.out(), ss.a(), SoftKernels::softsign);
            case Relu r -> clamped(r.out(), r.a(), Long.MAX_VALUE);
            case Relu6 r -> clamped(r.out(), r.a(), FixedArith.shr(6, -t(r.a()).scale()));
            case Quantize q when model.realThresholds(fp).containsKey(q) -> {
                RealThresholds.Chain c = model.realThresholds(fp).get(q); // compared on the exact product x
                int out = id(q.out()), x = id(c.x());
                yield () -> vals[out] = c.outputs(vals[x]);
            }
            case Quantize q -> {
                OpParams.Quantize p = fp.params(q, OpParams.Quantize.class);
                int out = id(q.out()), a = id(q.a());
                yield () -> {
                    long[] x = vals[a], o = new long[x.length];
                    for (int i = 0; i < x.length; i++) {
                        o[i] = FixedKernels.quantize(x[i], p);
                    }
                    vals[out] = o;
                };
            }
            case Sgn s -> {
                int out = id(s.out()), a = id(s.a());
                yield () -> ints[out] = vals[a][0] > 0 ? 1 : 0;
            }
            case Argmax a -> {
                int out = id(a.out()), in = id(a.a());
                yield () -> {
                    long[] x = vals[in];
                    int best = 0;
                    for (int i = 1; i < x.length; i++) {
                        if (x[i] > x[best]) {
                            best = i;
                        }
                    }
                    ints[out] = best;
                };
            }
            case NormaliseL2 n -> {
                int out = id(n.out()), a = id(n.a());
                seedc.ir.Shape s = n.a().shape();
                FixedType to = t(n.out());
                WrapSite site = site(n.out());
                yield () -> vals[out] = FixedKernels.normaliseL2(vals[a], s, to, site);
            }
            case Transpose tr -> gather(tr.out(), tr.a(), Layouts.transpose(tr.a().shape()));
            case Reshape r -> gather(r.out(), r.a(), Layouts.reshape(r.a().shape(), r.order()));
            case Reverse r -> gather(r.out(), r.a(), Layouts.reverse(r.a().shape(), r.axis()));
            case Index ix -> {
                int out = id(ix.out()), a = id(ix.a()), index = id(ix.index()), n = ix.out().size();
                FixedType from = t(ix.a()), to = t(ix.out());
                WrapSite site = site(ix.out());
                yield () -> {
                    long[] o = new long[n];
                    System.arraycopy(vals[a], (int) ints[index] * n, o, 0, n);
                    vals[out] = FixedKernels.convert(o, from, to, site);
                };
            }
            case Splice sp -> splice(sp);
            case SpliceWrite sw -> spliceWrite(sw);
            case Conv2d c -> conv(c);
            case Maxpool m -> {
                int out = id(m.out()), x = id(m.x());
                Layouts.Windows w = Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(), m.out().shape());
                FixedType from = t(m.x()), to = t(m.out());
                WrapSite site = site(m.out());
                yield () -> vals[out] = FixedKernels.convert(FixedKernels.maxpool(vals[x], w), from, to, site);
            }
            case Select s -> select(s);
            case SumLoop s -> sumLoop(s, depth);
            case Loop l -> loop(l, depth);
        };
    }

    /** Converts value {@code from} to the type of {@code to} (the same array when the types are equal). */
    private java.util.function.UnaryOperator<long[]> conversion(Value from, Value to) {
        FixedType a = t(from), b = t(to);
        if (a.equals(b)) {
            return x -> x;
        }
        WrapSite site = site(to);
        return x -> FixedKernels.reduce(x, a, b, site);
    }

    private Step matmul(MatMul m) {
        OpParams.Mul p = mul(m);
        int out = id(m.out()), w = bits(m.out());
        int rows = m.a().shape().dim(0), inner = m.a().shape().dim(1), cols = m.b().shape().dim(1);
        ShiftedOperand a = new ShiftedOperand(vals, id(m.a()), p.shrA()), b = new ShiftedOperand(vals, id(m.b()), p.shrB());
        WrapSite site = site(m.out());
        return () -> vals[out] = FixedKernels.matmulShifted(a.get(), b.get(), rows, inner, cols, p, w, site);
    }

    private Step conv(Conv2d c) {
        OpParams.Mul p = mul(c);
        int out = id(c.out()), w = bits(c.out());
        ShiftedOperand x = new ShiftedOperand(vals, id(c.x()), p.shrA());
        ShiftedOperand filter = new ShiftedOperand(vals, id(c.filter()), p.shrB());
        seedc.ir.Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        WrapSite site = site(c.out());
        return () -> vals[out] = ConvKernels.conv2dShifted(x.get(), xs, filter.get(), fs, c.window(), c.groups(), os,
                p, w, site);
    }

    private Step product(Op op, Value x, Value y) {
        OpParams.Mul p = mul(op);
        int out = id(op.out()), a = id(x), b = id(y), n = op.out().size(), w = bits(op.out());
        WrapSite site = site(op.out());
        return () -> vals[out] = FixedKernels.product(vals[a], vals[b], n, p, w, site);
    }

    private Step add(Op op, Value x, Value y, boolean subtract) {
        OpParams.Add p = add(op);
        int out = id(op.out()), a = id(x), b = id(y), n = op.out().size(), w = bits(op.out());
        WrapSite site = site(op.out());
        return () -> vals[out] = FixedKernels.add(vals[a], vals[b], n, subtract, p, w, site);
    }

    private Step activation(Op op, Value x, boolean sigmoid) {
        OpParams.Activation p = fp.params(op, OpParams.Activation.class);
        int out = id(op.out()), a = id(x);
        FixedType to = t(op.out());
        WrapSite site = site(op.out());
        return () -> {
            long[] in = vals[a], o = new long[in.length];
            for (int i = 0; i < in.length; i++) {
                o[i] = sigmoid ? FixedKernels.sigmoid(in[i], p, to, site) : FixedKernels.tanh(in[i], p, to, site);
            }
            vals[out] = o;
        };
    }

    /** An element's integer from its operand's, given both types. */
    private interface ElementKernel {
        long apply(long a, FixedType in, FixedType out, WrapSite site);
    }

    /** softplus and softsign: the kernel on every element. */
    private Step elementwise(Value outV, Value x, ElementKernel k) {
        int out = id(outV), a = id(x);
        FixedType from = t(x), to = t(outV);
        WrapSite site = site(outV);
        return () -> {
            long[] in = vals[a], o = new long[in.length];
            for (int i = 0; i < in.length; i++) {
                o[i] = k.apply(in[i], from, to, site);
            }
            vals[out] = o;
        };
    }

    /** Relu (at most {@code max}: none) and relu6, clamped in the operand's type, then converted. */
    private Step clamped(Value outV, Value x, long max) {
        int out = id(outV), a = id(x);
        java.util.function.UnaryOperator<long[]> convert = conversion(x, outV);
        return () -> {
            long[] in = vals[a], o = new long[in.length];
            for (int i = 0; i < in.length; i++) {
                o[i] = Math.min(Math.max(in[i], 0), max);
            }
            vals[out] = convert.apply(o);
        };
    }

    private Step gather(Value outV, Value x, int[] map) {
        int out = id(outV), a = id(x);
        java.util.function.UnaryOperator<long[]> convert = conversion(x, outV);
        return () -> vals[out] = gather(convert.apply(vals[a]), map, 0);
    }

    private static long[] gather(long[] in, int[] map, int base) {
        long[] o = new long[map.length];
        for (int k = 0; k < map.length; k++) {
            o[k] = in[base + map[k]];
        }
        return o;
    }

    private Step splice(Splice sp) {
        int out = id(sp.out()), a = id(sp.a());
        int[] map = Layouts.splice(sp.a().shape(), sp.out().shape());
        java.util.function.UnaryOperator<long[]> convert = conversion(sp.a(), sp.out());
        return () -> vals[out] = gather(convert.apply(vals[a]), map, f.ints.spliceBase(sp.a().shape(), sp.offsets()));
    }

    private Step spliceWrite(SpliceWrite sw) {
        int out = id(sw.out()), base = id(sw.base()), part = id(sw.part());
        int[] map = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
        java.util.function.UnaryOperator<long[]> baseAs = conversion(sw.base(), sw.out());
        java.util.function.UnaryOperator<long[]> partAs = conversion(sw.part(), sw.out());
        return () -> {
            long[] o = baseAs.apply(vals[base]).clone();
            long[] p = partAs.apply(vals[part]);
            int at = f.ints.spliceBase(sw.base().shape(), sw.offsets());
            for (int k = 0; k < map.length; k++) {
                o[at + map[k]] = p[k];
            }
            vals[out] = o;
        };
    }

    private Step select(Select s) {
        int out = id(s.out()), cond = id(s.cond()), a = id(s.a()), b = id(s.b());
        boolean intCond = s.cond().isInt();
        if (s.out().isInt()) {
            return () -> ints[out] = ints[(intCond ? ints[cond] >= 0 : vals[cond][0] >= 0) ? a : b];
        }
        java.util.function.UnaryOperator<long[]> aAs = conversion(s.a(), s.out()), bAs = conversion(s.b(), s.out());
        return () -> vals[out] = (intCond ? ints[cond] >= 0 : vals[cond][0] >= 0) ? aAs.apply(vals[a])
                : bAs.apply(vals[b]);
    }

    /** $-sum: the accumulation wraps per iteration, modularly, so only its final sum is checked, against the exact one. */
    private Step sumLoop(SumLoop s, int depth) {
        Step[] body = block(s.body(), depth + 1);
        int out = id(s.out()), index = id(s.index()), result = id(s.result()), n = s.out().size();
        int shift = t(s.result()).scale() - t(s.out()).scale(), w = bits(s.out()), from = s.from(), to = s.to();
        WrapSite site = site(s.out());
        return () -> {
            long[] acc = new long[n], exact = new long[n];
            for (int i = from; i < to; i++) {
                ints[index] = i;
                Step.runAll(body);
                long[] r = vals[result];
                for (int k = 0; k < n; k++) {
                    long term = FixedArith.shr(r[k], shift);
                    acc[k] = FixedArith.wrap(acc[k] + term, w);
                    exact[k] += term;
                }
            }
            for (int k = 0; k < n; k++) {
                site.check(acc[k], exact[k]);
            }
            vals[out] = acc;
        };
    }

    private Step loop(Loop l, int depth) {
        Step[] body = block(l.body(), depth + 1);
        int out = id(l.out()), index = id(l.index()), acc = id(l.acc()), init = id(l.init()), result = id(l.result());
        int from = l.from(), to = l.to();
        java.util.function.UnaryOperator<long[]> start = conversion(l.init(), l.out());
        java.util.function.UnaryOperator<long[]> carry = conversion(l.result(), l.out());
        return () -> {
            long[] a = start.apply(vals[init]);
            for (int i = from; i < to; i++) {
                ints[index] = i;
                vals[acc] = a;
                Step.runAll(body);
                a = carry.apply(vals[result]);
            }
            vals[out] = a;
        };
    }
}
