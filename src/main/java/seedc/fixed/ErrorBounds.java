package seedc.fixed;

import java.util.function.DoubleUnaryOperator;
import java.util.function.LongUnaryOperator;
import seedc.analysis.ValueRanges;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Value;

/**
 * Precision analysis (Zac 4.2, worst-case quantization error): per value, a bound on |fixed - real| over every
 * element and every input inside the declared range, given that nothing wraps ({@link OverflowProof}). Rounding of
 * the input and of each parameter, every right shift (truncation toward zero loses less than one unit of the scale
 * it lands at), each halving level of TreeSum, and products (|a| eb + |b| ea + ea eb, with the sound ranges' |a|,
 * |b|) propagate forward; the table kernels' own error (exp, sigmoid, tanh) is measured exactly over every integer
 * argument the sound range allows, and their inputs' error enters through the function's largest slope there.
 * NaN where no bound is derived (normaliseL2, a table argument too wide to enumerate).
 */
public final class ErrorBounds {
    /** The most integer arguments a table kernel's own error is measured over. */
    private static final long ENUMERATED = 1 << 18;

    private final FixedProgram fp;
    private final QuantizedModel qm;
    private final ValueRanges ranges;
    private final java.util.Map<String, double[]> weights;
    private final double[] error;
    private final double[] worst;
    /** The parameters' and constants' real values, by value id (their integers: QuantizedModel#stored). */
    private final java.util.Map<Integer, double[]> reals = new java.util.HashMap<>();

    private ErrorBounds(FixedProgram fp, QuantizedModel qm, ValueRanges ranges,
                        java.util.Map<String, double[]> weights) {
        this.fp = fp;
        this.qm = qm;
        this.ranges = ranges;
        this.weights = weights;
        error = new double[fp.program().valueCount()];
        worst = new double[error.length];
        fp.program().forEachOp(op -> {
            if (op instanceof Param p) {
                reals.put(p.out().id(), weights.get(p.paramName()));
            } else if (op instanceof Const c) {
                reals.put(c.out().id(), c.values());
            }
        });
    }

    /**
     * The bound of every real value, indexed by value id (0 for ints), the parameters quantized from
     * {@code weights}; a value computed in a loop has its worst iteration's.
     */
    public static double[] of(FixedProgram fp, QuantizedModel qm, ValueRanges ranges,
                              java.util.Map<String, double[]> weights) {
        ErrorBounds b = new ErrorBounds(fp, qm, ranges, weights);
        b.block(fp.program().body());
        return b.worst;
    }

    private void block(Block b) {
        for (Op op : b.ops()) {
            if (!op.out().isInt()) { // an int (index, label) is exact: no error
                double e = clamped(op.out(), bound(op));
                int id = op.out().id();
                error[id] = e;
                // Math.max keeps a NaN: a value with no bound in some iteration has none
                worst[id] = Math.max(worst[id], e);
            }
        }
    }

    /**
     * No error exceeds the distance between what the type can hold and the sound range: products of worst cases
     * compound (an RNN's carried state over its steps) far past it.
     */
    private double clamped(Value v, double e) {
        FixedType t = fp.type(v);
        double lo = Math.scalb((double) t.min(), -t.scale()), hi = Math.scalb((double) t.max(), -t.scale());
        return Math.min(e, Math.max(hi - ranges.of(v).lo(), ranges.of(v).hi() - lo));
    }

    private double e(Value v) {
        return error[v.id()];
    }

    private int scale(Value v) {
        return fp.type(v).scale();
    }

    private double maxAbs(Value v) {
        return ranges.of(v).maxAbs();
    }

    /** Less than one unit at scale s: what a truncating shift to s can lose (0 when nothing is shifted out). */
    private static double unit(int s, boolean shifted) {
        return shifted ? Math.scalb(1.0, -s) : 0;
    }

    /** v's error after conv to out's type: a shift right truncates. */
    private double converted(Value v, Value out) {
        return e(v) + unit(scale(out), scale(v) > scale(out));
    }

    private double bound(Op op) {
        Value out = op.out();
        return switch (op) {
            case Input in -> Math.scalb(0.5, -scale(in.out()));
            case Param p -> stored(weights.get(p.paramName()), qm.param(p.paramName()), scale(out));
            case Const c -> stored(c.values(), qm.constant(c), scale(out));
            case IntConst c -> 0;
            case IntArith a -> 0;
            case Sgn s -> 0;
            case Argmax a -> 0;
            case MatMul m -> sumOfProducts(m, m.a(), m.b(), m.a().shape().dim(1));
            case SparseMatMul m -> sumOfProducts(m, m.a(), m.b(), m.a().shape().dim(1));
            case Conv2d c -> sumOfProducts(c, c.x(), c.filter(),
                    c.filter().shape().dim(1) * c.filter().shape().dim(2) * c.filter().shape().dim(3));
            case ScalarMul m -> sumOfProducts(m, m.scalar(), m.tensor(), 1);
            case Hadamard h -> sumOfProducts(h, h.a(), h.b(), 1);
            case VecOp v -> v.kind() == VecKind.MUL ? sumOfProducts(v, v.a(), v.vec(), 1) : sum(v, v.a(), v.vec());
            case Add a -> sum(a, a.a(), a.b());
            case Neg n -> converted(n.a(), out);
            case Relu r -> converted(r.a(), out);
            case Relu6 r -> converted(r.a(), out);
            case Transpose t -> converted(t.a(), out);
            case Reshape r -> converted(r.a(), out);
            case Reverse r -> converted(r.a(), out);
            case Index ix -> converted(ix.a(), out) + branchSpread(java.util.List.of(ix.index()), out);
            case Splice sp -> converted(sp.a(), out) + branchSpread(sp.offsets(), out);
            case Maxpool m -> converted(m.x(), out);
            case SpliceWrite sw -> Math.max(converted(sw.base(), out), converted(sw.part(), out))
                    + branchSpread(sw.offsets(), out);
            case Select s -> Math.max(converted(s.a(), out), converted(s.b(), out)) + (undecided(s.cond())
                    ? ranges.of(out).hi() - ranges.of(out).lo() : 0);
            case Quantize q -> e(q.a()) + q.step(); // a level may move by one where the error crosses a threshold
            case NormaliseL2 n -> Double.NaN;
            case Exp x -> table(x, x.a(), Math::exp, a -> FixedKernels.exp(a, fp.params(x, OpParams.Exp.class),
                    64, WrapSite.IGNORE), Math.exp(ranges.of(x.a()).hi()));
            case Sigmoid s -> table(s, s.a(), v -> 1 / (1 + Math.exp(-v)), a -> FixedKernels.sigmoid(a,
                    fp.params(s, OpParams.Activation.class), fp.type(out), WrapSite.IGNORE), 0.25);
            case Tanh t -> table(t, t.a(), Math::tanh, a -> FixedKernels.tanh(a,
                    fp.params(t, OpParams.Activation.class), fp.type(out), WrapSite.IGNORE), 1.0);
            // both have slope at most 1; their own error is measured over every argument, as the tables' is
            case Softplus s -> softplus(s);
            case Softsign s -> table(s, s.a(), Softsign::real, a -> SoftKernels.softsign(a, fp.type(s.a()), fp.type(out),
                    WrapSite.IGNORE), 1.0);
            case SumLoop s -> sumLoop(s);
            case Loop l -> loop(l);
        };
    }

    /** The largest |q * 2^-s - r| over a stored tensor. */
    private static double stored(double[] real, long[] q, int s) {
        double m = 0;
        for (int i = 0; i < q.length; i++) {
            m = Math.max(m, Math.abs(Math.scalb((double) q[i], -s) - real[i]));
        }
        return m;
    }

    /**
     * k terms a * b (a shifted right by shrA first, b by shrB), summed as TreeSum (each halving level truncates), the
     * sum shifted by post: the operands' errors through the products, plus every truncation.
     */
    private double sumOfProducts(Op op, Value a, Value b, long k) {
        OpParams.Mul p = fp.params(op, OpParams.Mul.class);
        int sa = scale(a) - p.shrA(), sb = scale(b) - p.shrB(), sp = sa + sb;
        double ea = e(a) + unit(sa, p.shrA() > 0), eb = e(b) + unit(sb, p.shrB() > 0);
        double term = maxAbs(a) * eb + maxAbs(b) * ea + ea * eb;
        double known = knownTerms(op, a, b, p, ea, eb);
        double tree = 0;
        if (op instanceof SparseMatMul) {
            tree = k * unit(sp - p.treeShift(), p.treeShift() > 0);
        } else {
            for (int level = 0; level < p.treeShift(); level++) {
                tree += 2 * Math.ceil(k / Math.scalb(1.0, level + 1)) * unit(sp - level - 1, true);
            }
        }
        int sum = sp - (op instanceof SparseMatMul ? p.treeShift() : Math.max(0, p.treeShift()));
        return (Double.isNaN(known) ? k * term : known) + tree + unit(sum - p.post(), p.post() > 0);
    }

    /**
     * Where one operand of a sum of products is a parameter (or constant), its terms' error summed over each output's
     * own elements, the largest over the outputs: sum_j |w_j| e_x + max|x| e_j + e_j e_x, with e_j each element's
     * exact error after its pre-shift, instead of k times the worst element's. NaN when neither operand is known or
     * the op is not a matrix product or convolution.
     */
    private double knownTerms(Op op, Value a, Value b, OpParams.Mul p, double ea, double eb) {
        boolean knownA = reals.containsKey(a.id()), knownB = reals.containsKey(b.id());
        int[][] outputs = null; // an op's terms by output: a row of a known left matrix, a column of a right one
        if (knownA && (op instanceof MatMul || op instanceof SparseMatMul)) {
            outputs = rows(a.shape().dim(0), a.shape().dim(1));
        } else if (knownB && op instanceof MatMul) {
            outputs = columns(b.shape().dim(0), b.shape().dim(1));
        } else if (knownB && op instanceof Conv2d) {
            outputs = filters(b);
        }
        if (outputs == null || (knownA ? a : b).size() != (knownA ? reals.get(a.id()) : reals.get(b.id())).length) {
            return Double.NaN;
        }
        Value w = knownA ? a : b, x = knownA ? b : a;
        int shr = knownA ? p.shrA() : p.shrB();
        double ex = knownA ? eb : ea, xMax = maxAbs(x);
        double[] real = reals.get(w.id());
        long[] q = qm.stored(w);
        int s = scale(w) - shr;
        double most = 0;
        for (int[] terms : outputs) {
            double sum = 0;
            for (int j : terms) {
                double ej = Math.abs(Math.scalb((double) FixedArith.shr(q[j], shr), -s) - real[j]);
                sum += Math.abs(real[j]) * ex + xMax * ej + ej * ex;
            }
            most = Math.max(most, sum);
        }
        return most;
    }

    /** The elements of each row of an n x k matrix. */
    private static int[][] rows(int n, int k) {
        int[][] r = new int[n][k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                r[i][j] = i * k + j;
            }
        }
        return r;
    }

    /** The elements of each column of a k x m matrix. */
    private static int[][] columns(int k, int m) {
        int[][] c = new int[m][k];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                c[i][j] = j * m + i;
            }
        }
        return c;
    }

    /** The elements of each output channel's filter, a (G, kh, kw, Cin/G, Cout/G) tensor. */
    private static int[][] filters(Value filter) {
        var sh = filter.shape();
        int g = sh.dim(0), per = sh.dim(1) * sh.dim(2) * sh.dim(3), cout = sh.dim(4);
        int[][] f = new int[g * cout][per];
        for (int gi = 0; gi < g; gi++) {
            for (int co = 0; co < cout; co++) {
                for (int t = 0; t < per; t++) {
                    f[gi * cout + co][t] = (gi * per + t) * cout + co;
                }
            }
        }
        return f;
    }

    /** a +/- b with each operand shifted to the common scale, then post. */
    private double sum(Op op, Value a, Value b) {
        OpParams.Add p = fp.params(op, OpParams.Add.class);
        int s = scale(a) - p.shrA();
        return e(a) + unit(s, p.shrA() > 0) + e(b) + unit(scale(b) - p.shrB(), p.shrB() > 0)
                + unit(s - p.post(), p.post() > 0);
    }

    /**
     * Where ints the data decide (Bonsai's tree walk) may differ between the fixed and the real run, an element
     * may come from another slice: as far apart as the value's whole sound range.
     */
    private double branchSpread(java.util.List<Value> ints, Value out) {
        boolean fixed = ints.stream().allMatch(i -> ranges.intLo(i) == ranges.intHi(i));
        return fixed ? 0 : ranges.of(out).hi() - ranges.of(out).lo();
    }

    /** Whether a condition's sign is not settled by its range (an int's, or a real's). */
    private boolean undecided(Value cond) {
        return cond.isInt() ? ranges.intLo(cond) < 0 && ranges.intHi(cond) >= 0
                : ranges.of(cond).lo() < 0 && ranges.of(cond).hi() >= 0;
    }

    /**
     * A table kernel: its own error measured over every integer argument the sound range of {@code a} allows, plus
     * the argument's error times the function's largest slope there.
     */
    private double table(Op op, Value a, DoubleUnaryOperator f, LongUnaryOperator kernel, double slope) {
        FixedType in = fp.type(a), o = fp.type(op.out());
        long lo = Math.max(in.min(), (long) Math.floor(Math.scalb(ranges.of(a).lo(), in.scale())));
        long hi = Math.min(in.max(), (long) Math.ceil(Math.scalb(ranges.of(a).hi(), in.scale())));
        if (hi - lo > ENUMERATED) {
            return Double.NaN;
        }
        double own = 0;
        for (long x = lo; x <= hi; x++) {
            double exact = f.applyAsDouble(Math.scalb((double) x, -in.scale()));
            own = Math.max(own, Math.abs(Math.scalb((double) kernel.applyAsLong(x), -o.scale()) - exact));
        }
        return own + slope * e(a);
    }

    private double softplus(Softplus s) {
        FixedType in = fp.type(s.a()), o = fp.type(s.out());
        SoftplusTable t = SoftplusTable.of(in, o);
        return table(s, s.a(), Softplus::real, a -> SoftKernels.softplus(a, t, in, o, WrapSite.IGNORE), 1.0);
    }

    /** $-sum: every iteration's result converted and added (the body's bounds do not depend on the index). */
    private double sumLoop(SumLoop s) {
        block(s.body());
        return (s.to() - s.from()) * converted(s.result(), s.out());
    }

    /** The carried value's error after each iteration, the body's errors following it. */
    private double loop(Loop l) {
        int acc = l.acc().id();
        error[acc] = clamped(l.acc(), converted(l.init(), l.out()));
        worst[acc] = error[acc];
        for (int i = l.from(); i < l.to(); i++) {
            block(l.body());
            error[acc] = clamped(l.acc(), converted(l.result(), l.out()));
            worst[acc] = Math.max(worst[acc], error[acc]);
        }
        return error[acc];
    }
}
