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
import seedc.ir.Value;
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
    Value real(String name, Shape shape, FixedType t) {
        Value v = b.real(name, shape, POS);
        planned.put(v.id(), t);
        return v;
    }

    Value integer(String name, long lo, long hi) {
        return b.integer(name, POS, lo, hi);
    }

    Value intConst(long value) {
        return b.emit(new Op.IntConst(b.integer("n" + value, POS, value, value), value));
    }

    Value emit(Op op) {
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
                 List<Value> fed, List<Operand> fedOperands, Map<String, long[]> paramValues) {}

    static Draft draft(OpSpec spec, Random r) {
        OneOp o = new OneOp();
        List<Operand> ops = spec.operands();
        List<Operand> fedOperands = ops.stream().filter(Operand::isInput).toList();
        Value[] args = new Value[ops.size()];
        List<Value> fed = new ArrayList<>();
        if (fedOperands.size() <= 1) { // an op of parameters alone still gets an input (that it does not read)
            Operand d = fedOperands.isEmpty() ? Operand.in("unused", new FixedType(8, 0), 1) : fedOperands.get(0);
            fedOperands = List.of(d);
            Value x = o.b.input(d.name(), d.shape(), POS, d.type().toReal(d.type().min()), d.type().toReal(d.type().max()));
            o.planned.put(x.id(), d.type());
            if (ops.contains(d)) {
                args[ops.indexOf(d)] = x;
            }
            fed.add(x);
        } else {
            FixedType host = new FixedType(32, fedOperands.stream().mapToInt(d -> d.type().scale()).max().orElseThrow());
            int total = fedOperands.stream().mapToInt(d -> d.shape().size()).sum();
            Value x = o.b.input("x", Shape.of(total), POS, host.toReal(host.min()), host.toReal(host.max()));
            o.planned.put(x.id(), host);
            int offset = 0;
            for (int i = 0; i < ops.size(); i++) {
                Operand d = ops.get(i);
                if (!d.isInput()) {
                    continue;
                }
                int n = d.shape().size();
                Value flat = o.real(d.shape().rank() == 1 ? d.name() : d.name() + "_flat", Shape.of(n), d.type());
                o.emit(new Op.Splice(flat, x, List.of(o.intConst(offset))));
                Value v = flat;
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
            double[] w = OpBackend.reals(d.type(), q);
            if (d.source() == Operand.Source.CONST) {
                args[i] = o.emit(new Op.Const(o.real(d.name(), d.shape(), d.type()), w));
            } else {
                double lo = java.util.Arrays.stream(w).min().orElse(0), hi = java.util.Arrays.stream(w).max().orElse(0);
                args[i] = o.b.param(d.name(), d.shape(), POS, lo, hi, d.source() == Operand.Source.SPARSE_PARAM);
                o.planned.put(args[i].id(), d.type());
                weights.put(d.name(), w);
            }
            paramValues.put(d.name(), q);
        }
        Value result = spec.emitter().emit(o, args);
        Program p = o.b.build(result);
        FixedType[] types = new FixedType[p.valueCount()];
        o.planned.forEach((id, t) -> types[id] = t);
        Op op = p.body().ops().stream().filter(x -> x.out().equals(result)).findFirst().orElseThrow();
        return new Draft(p, weights, types, op, fed, fedOperands, paramValues);
    }

    /** The profile of the float program over the drafted operands' examples (what SeeDot and Shiftry's exp read). */
    static Profile profile(Draft d, FloatModel model, Random r) {
        FixedType xt = d.planned()[d.program().input().id()];
        List<Slot> slots = slots(d, xt, v -> d.planned()[v.id()]);
        double[][] features = compose(Examples.generate(domains(slots), 24, r), slots).stream()
                .map(x -> OpBackend.reals(xt, x)).toArray(double[][]::new);
        return Evaluation.profile(model, new DataSet(1, new double[features.length][1], features), 1);
    }

    /** Where a fed operand sits in X: the integers it may hold, and how far X's scale is above its own. */
    record Slot(Examples.Domain domain, int shift) {}

    /** Every fed operand's slot, given X's type and the operands' types. */
    static List<Slot> slots(Draft d, FixedType xt, java.util.function.Function<Value, FixedType> type) {
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < d.fed().size(); i++) {
            Operand op = d.fedOperands().get(i);
            FixedType t = type.apply(d.fed().get(i));
            int shift = d.fed().size() == 1 ? 0 : xt.scale() - t.scale();
            if (shift < 0) {
                throw new IllegalStateException(op + " has a scale above X's " + xt);
            }
            long lo = Math.max(Math.max(op.lo(), t.min()), xt.min() >> Math.min(shift, 62));
            long hi = Math.min(Math.min(op.hi(), t.max()), xt.max() >> Math.min(shift, 62));
            out.add(new Slot(new Examples.Domain(op.shape().size(), lo, hi), shift));
        }
        return out;
    }

    static List<Examples.Domain> domains(List<Slot> slots) {
        return slots.stream().map(Slot::domain).toList();
    }

    /** X for each example: the operands' integers, each shifted up to X's scale, one after the other. */
    static List<long[]> compose(List<long[][]> examples, List<Slot> slots) {
        List<long[]> out = new ArrayList<>();
        for (long[][] e : examples) {
            long[] x = new long[slots.stream().mapToInt(s -> s.domain().size()).sum()];
            int at = 0;
            for (int i = 0; i < e.length; i++) {
                for (long v : e[i]) {
                    x[at++] = v << slots.get(i).shift();
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
        List<Slot> slots = slots(d, fp.type(d.program().input()), fp::type);
        return new Built(fp, model, d, compose(Examples.generate(domains(slots), randomExamples, r), slots));
    }
}
