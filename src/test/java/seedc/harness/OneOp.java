package seedc.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import seedc.diag.Pos;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.ir.Block;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.ProgramBuilder;
import seedc.ir.Shape;
import seedc.io.DataSet;

/**
 * Builds the program of one op through {@link ProgramBuilder}: the input X, the parameters, the op.
 * One operand read from the input is X itself. Several are laid out one after the other in a flat X of
 * type int32 at the largest of their scales and cut out again by splice (and reshape): these helper ops
 * only move data, and an operand at a smaller scale d below X's holds the values of its type that fit
 * 32 - d bits.
 */
final class OneOp {
    static final Pos POS = Pos.NONE;
    private final ProgramBuilder b = new ProgramBuilder();
    private final Map<Integer, FixedType> planned = new HashMap<>();

    private OneOp() {}

    /** A new real value the program will give {@code t} unless a strategy decides otherwise. */
    seedc.ir.Value real(String name, Shape shape, FixedType t) {
        seedc.ir.Value v = b.real(name, shape, POS);
        planned.put(v.id(), t);
        return v;
    }

    seedc.ir.Value integer(String name, long lo, long hi) {
        return b.integer(name, POS, lo, hi);
    }

    seedc.ir.Value intConst(long value) {
        return b.emit(new Op.IntConst(b.integer("n" + value, POS, value, value), value));
    }

    seedc.ir.Value emit(Op op) {
        return b.emit(op);
    }

    void openBlock() {
        b.openBlock();
    }

    Block closeBlock() {
        return b.closeBlock();
    }

    /**
     * The program with its planned types (null for ints), the op under test (the one defining the
     * result), the operand values fed from X (in operand order) and the parameters' integers.
     */
    record Draft(Program program, Map<String, double[]> weights, FixedType[] planned, Op op,
                 List<seedc.ir.Value> fed, List<Operand> fedOperands, Map<String, long[]> paramValues) {}

    static Draft draft(OpSpec spec, Random r) {
        OneOp o = new OneOp();
        List<Operand> ops = spec.operands();
        List<Operand> fedOperands = ops.stream().filter(Operand::isInput).toList();
        seedc.ir.Value[] args = new seedc.ir.Value[ops.size()];
        List<seedc.ir.Value> fed = new ArrayList<>();
        if (fedOperands.size() <= 1) { // an op of parameters alone still gets an input (that it does not read)
            Operand d = fedOperands.isEmpty() ? Operand.in("unused", new FixedType(8, 0), 1) : fedOperands.get(0);
            fedOperands = List.of(d);
            seedc.ir.Value x = o.b.input(d.name(), d.shape(), POS, d.type().toReal(d.type().min()), d.type().toReal(d.type().max()));
            o.planned.put(x.id(), d.type());
            if (ops.contains(d)) {
                args[ops.indexOf(d)] = x;
            }
            fed.add(x);
        } else {
            FixedType host = new FixedType(32, fedOperands.stream().mapToInt(d -> d.type().scale()).max().orElseThrow());
            int total = fedOperands.stream().mapToInt(d -> d.shape().size()).sum();
            seedc.ir.Value x = o.b.input("x", Shape.of(total), POS, host.toReal(host.min()), host.toReal(host.max()));
            o.planned.put(x.id(), host);
            int offset = 0;
            for (int i = 0; i < ops.size(); i++) {
                Operand d = ops.get(i);
                if (!d.isInput()) {
                    continue;
                }
                int n = d.shape().size();
                seedc.ir.Value flat = o.real(d.shape().rank() == 1 ? d.name() : d.name() + "_flat", Shape.of(n), d.type());
                o.emit(new Op.Splice(flat, x, List.of(o.intConst(offset))));
                seedc.ir.Value v = flat;
                if (d.shape().rank() != 1) {
                    v = o.emit(new Op.Reshape(o.real(d.name(), d.shape(), d.type()), flat, new int[] {0}));
                }
                args[i] = v;
                fed.add(v);
                offset += n;
            }
        }
        Map<String, double[]> weights = new LinkedHashMap<>();
        Map<String, long[]> paramValues = new LinkedHashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            Operand d = ops.get(i);
            if (d.isInput()) {
                continue;
            }
            long[] q = Examples.param(new Examples.Domain(d.shape().size(), Math.max(d.lo(), d.type().min()),
                    Math.min(d.hi(), d.type().max())), d.source() == Operand.Source.SPARSE_PARAM, r);
            double[] w = new double[q.length];
            double lo = 0, hi = 0;
            for (int k = 0; k < q.length; k++) {
                w[k] = d.type().toReal(q[k]);
                lo = Math.min(lo, w[k]);
                hi = Math.max(hi, w[k]);
            }
            if (d.source() == Operand.Source.CONST) {
                args[i] = o.emit(new Op.Const(o.real(d.name(), d.shape(), d.type()), w));
            } else {
                args[i] = o.b.param(d.name(), d.shape(), POS, lo, hi, d.source() == Operand.Source.SPARSE_PARAM);
                o.planned.put(args[i].id(), d.type());
                weights.put(d.name(), w);
            }
            paramValues.put(d.name(), q);
        }
        seedc.ir.Value result = spec.emitter().emit(o, args);
        Program p = o.b.build(result);
        FixedType[] types = new FixedType[p.valueCount()];
        o.planned.forEach((id, t) -> types[id] = t);
        Op op = p.body().ops().stream().filter(x -> x.out().equals(result)).findFirst().orElseThrow();
        return new Draft(p, weights, types, op, fed, fedOperands, paramValues);
    }

    /** The profile of the float program over the drafted operands' examples (what SeeDot and Shiftry's exp read). */
    static Profile profile(Draft d, FloatModel model, Random r) {
        FixedType xt = d.planned()[d.program().input().id()];
        List<Examples.Domain> domains = domains(d, xt, i -> d.planned()[d.fed().get(i).id()]);
        List<long[]> xs = compose(Examples.generate(domains, 24, r), domains, d, xt, i -> d.planned()[d.fed().get(i).id()]);
        double[][] features = new double[xs.size()][];
        for (int i = 0; i < features.length; i++) {
            features[i] = new double[xs.get(i).length];
            for (int k = 0; k < features[i].length; k++) {
                features[i][k] = xt.toReal(xs.get(i)[k]);
            }
        }
        return Evaluation.profile(model, new DataSet(1, new double[features.length][1], features), 1);
    }

    /** Every fed operand's domain given X's type and the operands' types. */
    static List<Examples.Domain> domains(Draft d, FixedType xt, java.util.function.IntFunction<FixedType> type) {
        List<Examples.Domain> out = new ArrayList<>();
        for (int i = 0; i < d.fed().size(); i++) {
            Operand op = d.fedOperands().get(i);
            FixedType t = type.apply(i);
            int shift = d.fed().size() == 1 ? 0 : xt.scale() - t.scale();
            if (shift < 0) {
                throw new IllegalStateException(op + " has a scale above X's " + xt);
            }
            long lo = Math.max(Math.max(op.lo(), t.min()), xt.min() >> Math.min(shift, 62));
            long hi = Math.min(Math.min(op.hi(), t.max()), xt.max() >> Math.min(shift, 62));
            out.add(new Examples.Domain(op.shape().size(), lo, hi));
        }
        return out;
    }

    /** X for each example: the operands' integers, each shifted up to X's scale, one after the other. */
    static List<long[]> compose(List<long[][]> examples, List<Examples.Domain> domains, Draft d, FixedType xt,
                                java.util.function.IntFunction<FixedType> type) {
        List<long[]> out = new ArrayList<>();
        for (long[][] e : examples) {
            long[] x = new long[domains.stream().mapToInt(Examples.Domain::size).sum()];
            int at = 0;
            for (int i = 0; i < e.length; i++) {
                int shift = d.fed().size() == 1 ? 0 : xt.scale() - type.apply(i).scale();
                for (long v : e[i]) {
                    x[at++] = v << shift;
                }
            }
            out.add(x);
        }
        return out;
    }

    /** A drafted case fixed by its rule: the program, the model and the examples X, in X's final type. */
    record Built(FixedProgram fp, FloatModel model, Draft draft, List<long[]> inputs) {}

    static Built build(OpSpec spec, Rule rule, long seed, int randomExamples) {
        Random r = new Random(seed);
        Draft d = draft(spec, r);
        FloatModel model = new FloatModel(d.program(), d.weights());
        Profile profile = profile(d, model, r);
        FixedProgram fp = Rule.assign(rule, d, profile);
        FixedType xt = fp.type(d.program().input());
        List<Examples.Domain> domains = domains(d, xt, i -> fp.type(d.fed().get(i)));
        List<long[]> inputs = compose(Examples.generate(domains, randomExamples, r), domains, d, xt,
                i -> fp.type(d.fed().get(i)));
        return new Built(fp, model, d, inputs);
    }
}
