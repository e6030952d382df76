package seedc.search;

import seedc.fixed.Strategy;
import java.util.IdentityHashMap;
import seedc.eval.Profile;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Shiftry's compilation rules (Figure 5) for a given bitwidth and scale of every value: each op
 * computes in a temporary wide enough for its operands and converts to its output's type (Psi).
 * The ladder's width policy gives the temporaries' widths and the tables exp, sigmoid and tanh read
 * (fixed table scales: {@link TableDesign}).
 */
public final class ShiftryStrategy {
    private final Program program;
    private final Profile profile;
    private final ShiftryLadder ladder;
    private final int[] bits;
    private final int[] scales;
    private final FixedType[] types;
    private final IdentityHashMap<Op, OpParams> params;
    private final java.util.Map<Value, Op> defs;

    private ShiftryStrategy(Program program, Profile profile, ShiftryLadder ladder, int[] bits, int[] scales,
                            java.util.Map<Value, Op> defs, FixedType[] types, IdentityHashMap<Op, OpParams> params) {
        this.program = program;
        this.profile = profile;
        this.ladder = ladder;
        this.bits = bits;
        this.scales = scales;
        this.types = types;
        this.params = params;
        this.defs = defs;
    }

    /** Data-driven scale (Algorithm 10): the largest scale at which the profiled extremes fit. */
    public static int dataDrivenScale(double maxAbs, int bits) {
        return new ScaleRules(bits, 0).getP(maxAbs == 0 ? 1.0 : maxAbs);
    }

    /** bits[id] and scales[id] for every real value (ints ignored), widths from the ladder's policy. */
    public static FixedProgram assign(Program program, Profile profile, int[] bits, int[] scales, ShiftryLadder ladder) {
        return assign(program, profile, bits, scales, ladder, LowBitProducts.defs(program));
    }

    /** {@link #assign(Program, Profile, int[], int[], ShiftryLadder)} with the program's {@code defs} at hand. */
    static FixedProgram assign(Program program, Profile profile, int[] bits, int[] scales, ShiftryLadder ladder,
                               java.util.Map<Value, Op> defs) {
        ShiftryStrategy s = new ShiftryStrategy(program, profile, ladder, bits, scales, defs,
                new FixedType[program.valueCount()], new IdentityHashMap<>());
        s.walk(program.body());
        return new FixedProgram(program, s.types, s.params, Strategy.SHIFTRY, ladder.start(), -1);
    }

    /**
     * The program {@link #assign} gives for {@code bits} and {@code scales}, derived from {@code base}, the one it
     * gave for {@code baseBits} and {@code baseScales}: only the ops whose own width or scale or an operand's type
     * differ are assigned again. Exactly assign's program, since an op's type and parameters are a function of
     * those alone; why: the search's candidates differ from the current program in a value or two, and assigning
     * all of a program of 10,000 values for each made Shiftry's stages III and IV quadratic in values.
     */
    static FixedProgram reassign(Program program, Profile profile, ShiftryLadder ladder, java.util.Map<Value, Op> defs,
                                 int[] baseBits, int[] baseScales, FixedProgram base, int[] bits, int[] scales) {
        ShiftryStrategy s = new ShiftryStrategy(program, profile, ladder, bits, scales, defs, base.types().clone(),
                copy(base.params()));
        s.rewalk(program.body(), base.types(), baseBits, baseScales);
        return new FixedProgram(program, s.types, s.params, Strategy.SHIFTRY, ladder.start(), -1);
    }

    @SuppressWarnings("unchecked")
    private static IdentityHashMap<Op, OpParams> copy(IdentityHashMap<Op, OpParams> params) {
        return (IdentityHashMap<Op, OpParams>) params.clone(); // one array copy, not a put per op
    }

    /** The walk of {@link #reassign}: {@code was} holds the base's types, against which operands are compared. */
    private void rewalk(Block b, FixedType[] was, int[] baseBits, int[] baseScales) {
        for (Op op : b.ops()) {
            int id = op.out().id();
            boolean again = !op.out().isInt() && (bits[id] != baseBits[id] || scales[id] != baseScales[id]
                    || operandChanged(op, was));
            // instanceof, not a switch on the op's class: this runs for every op of every candidate
            if (op instanceof SumLoop sum) {
                if (again) {
                    own(sum.out());
                }
                rewalk(sum.body(), was, baseBits, baseScales);
            } else if (op instanceof Loop l) {
                if (again) {
                    own(l.out());
                    types[l.acc().id()] = t(l.out());
                }
                rewalk(l.body(), was, baseBits, baseScales);
            } else if (again) {
                assign(op);
            }
        }
    }

    private boolean operandChanged(Op op, FixedType[] was) {
        for (Value v : op.inputs()) {
            FixedType now = types[v.id()];
            if (now != was[v.id()] && !java.util.Objects.equals(now, was[v.id()])) {
                return true;
            }
        }
        return false;
    }

    private void walk(Block b) {
        for (Op op : b.ops()) {
            assign(op);
        }
    }

    private FixedType t(Value v) {
        return types[v.id()];
    }

    /**
     * v in the type the search gave it; under {@code --ranges sound} at most the scale at which its sound range,
     * with {@link ScaleRules#SOUND_MARGIN}, fits its bits.
     */
    private void own(Value v) {
        int b = bits[v.id()], s = scales[v.id()];
        if (profile.sound() && profile.observed(v)) {
            s = Math.min(s, new ScaleRules(b, 0).soundScale(profile.maxAbs(v)));
        }
        types[v.id()] = new FixedType(b, s);
    }

    /**
     * A transpose, reshape or max pool of a quantize's levels keeps its operand's type when the search gave both
     * the same bits: the levels are exact in it, and a type of its own (the profile's scale, above the levels' own)
     * would only shift them; in one type an identity view is its operand's bytes (InPlace), no code.
     */
    private void levelsView(Value out, Value a) {
        if (bits[out.id()] == bits[a.id()] && LowBitProducts.quantized(out, defs) != null) {
            types[out.id()] = t(a);
        } else {
            own(out);
        }
    }

    private void assign(Op op) {
        Value out = op.out();
        if (out.isInt()) {
            return;
        }
        switch (op) {
            case MatMul m -> product(op, m.a(), m.b(), m.a().shape().dim(1));
            case SparseMatMul m -> product(op, m.a(), m.b(), m.a().shape().dim(1));
            case Conv2d c -> product(op, c.x(), c.filter(),
                    (long) c.filter().shape().dim(1) * c.filter().shape().dim(2) * c.filter().shape().dim(3));
            case ScalarMul m -> product(op, m.scalar(), m.tensor(), 1);
            case Hadamard h -> product(op, h.a(), h.b(), 1);
            case VecOp v -> {
                if (v.kind() == VecKind.MUL) {
                    product(op, v.a(), v.vec(), 1);
                } else {
                    add(op, v.a(), v.vec());
                }
            }
            case Add a -> add(op, a.a(), a.b());
            case Exp e -> exp(e);
            case Sigmoid s -> activation(op, s.a());
            case Tanh th -> activation(op, th.a());
            case SumLoop s -> {
                own(out);
                walk(s.body());
            }
            case Loop l -> {
                own(out);
                types[l.acc().id()] = t(out);
                walk(l.body());
            }
            // Inputs, constants, data movement and the rest: each value in its own type (a conversion where
            // the operand's differs), no integer constants to choose.
            case Input o -> own(out);
            case Param o -> own(out);
            case Const o -> own(out);
            case IntConst o -> own(out);
            case IntArith o -> own(out);
            case Neg o -> own(out);
            case Relu o -> own(out);
            case Softplus o -> own(out);
            case Softsign o -> own(out);
            case Relu6 o -> own(out);
            case Quantize q -> {
                // the levels fix the scale: their own grid when it is a power of two, else what holds lo and hi
                types[out.id()] = new FixedType(bits[out.id()], OpParams.Quantize.scaleFor(q, bits[out.id()]));
                params.put(op, OpParams.Quantize.of(q, t(q.a()), t(out)));
            }
            case Sgn o -> own(out);
            case Argmax o -> own(out);
            case NormaliseL2 o -> own(out);
            case Transpose o -> levelsView(out, o.a());
            case Reshape o -> levelsView(out, o.a());
            case Reverse o -> own(out);
            case Index o -> own(out);
            case Splice o -> own(out);
            case SpliceWrite o -> own(out);
            case Maxpool o -> levelsView(out, o.x());
            case Select o -> own(out);
        }
    }

    /** C-MatMul: the product sum in the policy's temporary for bx + by + ceil(log2 n) - 1 bits, then Psi. */
    private void product(Op op, Value a, Value b, long terms) {
        own(op.out());
        int width = ladder.widths().productWidth(t(a).bits(), t(b).bits(), terms);
        int post = t(a).scale() + t(b).scale() - t(op.out()).scale();
        params.put(op, new OpParams.Mul(0, 0, width, 0, post));
    }

    /**
     * C-MatAdd: both operands brought to the smaller scale, added in the policy's temporary for a sum (the
     * C backends: one size wider than the wider operand), then Psi to the output.
     */
    private void add(Op op, Value a, Value b) {
        own(op.out());
        int lo = Math.min(t(a).scale(), t(b).scale());
        int width = ladder.widths().sumWidth(t(a).bits(), t(b).bits());
        params.put(op, new OpParams.Add(t(a).scale() - lo, t(b).scale() - lo, width, lo - t(op.out()).scale()));
    }

    private TableDesign tables(Value out) {
        return ladder.tables(bits[out.id()]);
    }

    private void exp(Exp e) {
        TableDesign design = tables(e.out());
        if (profile.max(e.a()) <= 0) {
            ExpTable table = design.negativeExp();
            int so = table.sf();
            types[e.out().id()] = new FixedType(bits[e.out().id()], so);
            params.put(e, new OpParams.Exp(table, t(e.a()).scale() - table.sIn(), table.sf() + table.sg() - so));
        } else {
            // Arguments above 0: a table over the profiled range, as SeeDot does.
            ExpTable table = design.rangeExp(t(e.a()).scale(), profile.min(e.a()), profile.max(e.a()),
                    design.shiftryIndexBits());
            own(e.out());
            params.put(e, new OpParams.Exp(table, 0, table.sf() + table.sg() - t(e.out()).scale()));
        }
    }

    private void activation(Op op, Value a) {
        ExpTable table = tables(op.out()).negativeExp();
        types[op.out().id()] = new FixedType(bits[op.out().id()], bits[op.out().id()] - 2);
        params.put(op, new OpParams.Activation(table, t(a).scale() - table.sIn()));
    }

}
