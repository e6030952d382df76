package seedc.search;

import seedc.fixed.Strategy;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.eval.Profile;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.fixed.WidthPolicy;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * SeeDot's compilation rules (Figure 3) for one bitwidth B and maxscale P: every value is B bits wide;
 * scales follow GetP, MulScale, AddScale and TreeSumScale. The exp input range comes from profiling
 * (90% of the arguments); loop-carried values take their scale from the profile.
 * With {@link Products#WIDE} every product keeps all 2B bits and MulScale's shift comes after the sum
 * (same scales as the paper, no bits dropped before multiplying). B must be a width the backend's
 * {@link WidthPolicy} stores; the policy also says whether wide products exist and which tables to read.
 *
 * <p>seedc adds two rules to the paper's. An op's output scale never exceeds the largest at which its profiled
 * max |value| fits B bits ({@link #fit}). MulScale, AddScale and TreeSumScale derive a scale from the operands'
 * scales and P alone, so a sum of many large terms (ProtoNN's squared distance) can be given a scale its values
 * do not fit, and they wrap. The op then shifts its result right by the difference. And the 10% of exp's
 * arguments the table leaves out are the smallest ones ({@link Profile#rangeBelowMax}), not the paper's
 * "outliers" at either end: the smallest window of 90% can cut off the largest arguments, the nearest
 * prototypes that decide ProtoNN's class, and clamp them all to one value (on protonn-letter16k-26 every
 * maxscale then lost 2.5 training points; see BENCHMARKS.md).
 */
public final class SeeDotStrategy {
    /** Fraction of profiled exp arguments the table range must hold (SeeDot 5.3.2). */
    public static final double EXP_COVERAGE = 0.90;

    private final Program program;
    private final Profile profile;
    private final Map<String, double[]> weights;
    private final WidthPolicy widths;
    private final int bits;
    private final Products products;
    private final ScaleRules rules;
    private final FixedType[] types;
    private final IdentityHashMap<Op, OpParams> params = new IdentityHashMap<>();

    /**
     * How a product of two B-bit values is computed. NARROW is SeeDot's rule: each operand is shifted
     * right by S_mul / 2 first so that the product fits B bits. WIDE multiplies the unshifted operands
     * into 2B bits, sums in 2B bits and shifts by S_mul at the end: the same output scale, without losing
     * the operands' low bits (one wider multiply per term on the device).
     */
    public enum Products {
        NARROW, WIDE;

        /** The modes a bitwidth allows: WIDE needs a 2B-bit product the backend has (the C backends: 2B <= 32). */
        public static List<Products> allowed(int bits, WidthPolicy widths) {
            return widths.wideProductWidth(bits).isPresent() ? List.of(NARROW, WIDE) : List.of(NARROW);
        }

        /** The mode named "narrow" or "wide". */
        public static Products byId(String id) {
            for (Products p : values()) {
                if (p.id().equals(id)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("no products mode " + id);
        }

        @com.fasterxml.jackson.annotation.JsonValue
        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private SeeDotStrategy(Program program, Profile profile, Map<String, double[]> weights, WidthPolicy widths,
                           int bits, int maxscale, Products products) {
        this.program = program;
        this.profile = profile;
        this.weights = weights;
        this.widths = widths;
        this.bits = bits;
        this.products = products;
        this.rules = new ScaleRules(bits, maxscale);
        this.types = new FixedType[program.valueCount()];
    }

    public static FixedProgram assign(Program program, Profile profile, Map<String, double[]> weights,
                                      WidthPolicy widths, int bits, int maxscale) {
        return assign(program, profile, weights, widths, bits, maxscale, Products.NARROW);
    }

    public static FixedProgram assign(Program program, Profile profile, Map<String, double[]> weights,
                                      WidthPolicy widths, int bits, int maxscale, Products products) {
        if (!widths.stores(bits)) {
            throw new IllegalArgumentException(widths.name() + " store no " + bits + "-bit values");
        }
        if (!Products.allowed(bits, widths).contains(products)) {
            throw new IllegalArgumentException(products + " products at " + bits + " bits");
        }
        SeeDotStrategy s = new SeeDotStrategy(program, profile, weights, widths, bits, maxscale, products);
        s.walk(program.body());
        return new FixedProgram(program, s.types, s.params, Strategy.SEEDOT, bits, maxscale);
    }

    private FixedType type(int scale) {
        return new FixedType(bits, scale);
    }

    private int scale(Value v) {
        return types[v.id()].scale();
    }

    /** v's scale; under {@code --ranges sound} at most the one its sound range allows (as {@link #fit}). */
    private void set(Value v, int scale) {
        types[v.id()] = type(profile.sound() && !v.isInt() ? fit(v, scale) : scale);
    }

    private void walk(Block b) {
        for (Op op : b.ops()) {
            assign(op);
        }
    }

    private static double maxAbs(double[] xs) {
        double m = 0;
        for (double x : xs) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    private void assign(Op op) {
        Value out = op.out();
        switch (op) {
            case Input in -> set(out, rules.getP(Math.max(Math.max(Math.abs(program.inputLo()),
                    Math.abs(program.inputHi())), profile.maxAbs(out))));
            case Param p -> set(out, rules.getP(maxAbs(weights.get(p.paramName()))));
            case Const c -> set(out, rules.getP(maxAbs(c.values())));
            case IntConst c -> { }
            case IntArith a -> { }
            case Sgn s -> { }
            case Argmax a -> { }
            case MatMul m -> matmul(op, m.a(), m.b(), m.a().shape().dim(1));
            case SparseMatMul m -> matmul(op, m.a(), m.b(), m.a().shape().dim(1));
            case Conv2d c -> matmul(op, c.x(), c.filter(),
                    (long) c.filter().shape().dim(1) * c.filter().shape().dim(2) * c.filter().shape().dim(3));
            case ScalarMul m -> product(op, m.scalar(), m.tensor());
            case Hadamard h -> product(op, h.a(), h.b());
            case VecOp v -> vecOp(op, v);
            case Add a -> add(op, a.a(), a.b());
            case Exp e -> exp(e);
            case Sigmoid s -> activation(op, s.a());
            case Tanh t -> activation(op, t.a());
            case NormaliseL2 n -> set(out, rules.getP(1.0));
            case Neg n -> set(out, scale(n.a()));
            // softsign never reaches 1; softplus stays below the largest input its operand's type holds, plus ln 2
            case Softsign s -> set(out, rules.getP(1.0));
            case Softplus s -> set(out, rules.getP(Softplus.real(types[s.a().id()].toReal(types[s.a().id()].max()))));
            case Relu r -> set(out, scale(r.a()));
            case Relu6 r -> set(out, scale(r.a()));
            case Quantize q -> {
                set(out, OpParams.Quantize.scaleFor(q, bits));
                params.put(op, OpParams.Quantize.of(q, types[q.a().id()], types[out.id()]));
            }
            case Transpose t -> set(out, scale(t.a()));
            case Reshape r -> set(out, scale(r.a()));
            case Reverse r -> set(out, scale(r.a()));
            case Index ix -> set(out, scale(ix.a()));
            case Splice sp -> set(out, scale(sp.a()));
            case Maxpool m -> set(out, scale(m.x()));
            case SpliceWrite sw -> set(out, Math.min(scale(sw.base()), scale(sw.part())));
            case Select s -> {
                if (!out.isInt()) {
                    set(out, Math.min(scale(s.a()), scale(s.b())));
                }
            }
            case SumLoop s -> {
                walk(s.body());
                set(out, fit(out, rules.treeSumScale(scale(s.result()), s.to() - s.from()).scale()));
            }
            case Loop l -> {
                // The carried value needs one type for every iteration: take it from the profiled range.
                double m = Math.max(profile.maxAbs(l.out()), Math.max(profile.maxAbs(l.acc()), profile.maxAbs(l.init())));
                set(out, bound(m));
                set(l.acc(), scale(out));
                walk(l.body());
            }
        }
    }

    /** A vector applied to each row: a product's scale rule or a sum's. */
    private void vecOp(Op op, VecOp v) {
        if (v.kind() == VecKind.MUL) {
            product(op, v.a(), v.vec());
        } else {
            add(op, v.a(), v.vec());
        }
    }

    /**
     * The scale the rules give {@code v}, lowered to the largest at which its profiled max |value| fits B bits
     * (unchanged for a value the profile never saw away from 0).
     */
    private int fit(Value v, int ruleScale) {
        double m = profile.maxAbs(v);
        return m > 0 && !Double.isNaN(m) ? Math.min(ruleScale, bound(m)) : ruleScale;
    }

    /** The largest scale for values up to m: with the margin for rounding when the ranges are sound. */
    private int bound(double m) {
        return profile.sound() ? rules.soundScale(m) : rules.getP(m);
    }

    private void matmul(Op op, Value a, Value b, long terms) {
        ScaleRules.Mul m = rules.mulScale(scale(a), scale(b));
        ScaleRules.Sum s = rules.treeSumScale(m.scale(), terms);
        int so = fit(op.out(), s.scale());
        params.put(op, mul(m, s.shift(), s.scale() - so));
        set(op.out(), so);
    }

    /**
     * {@code extra}: the scale {@link #fit} takes off. Wide products shift the 2B-bit sum right by it; narrow ones,
     * whose terms and sum are B bits, shift the operands further first (as MulScale's S_mul does), so that
     * nothing wraps before the shift.
     */
    private OpParams.Mul mul(ScaleRules.Mul m, int treeShift, int extra) {
        int half = m.shift() / 2;
        return products == Products.WIDE
                ? new OpParams.Mul(0, 0, widths.wideProductWidth(bits).orElseThrow(), treeShift, 2 * half + extra)
                : new OpParams.Mul(half + (extra + 1) / 2, half + extra / 2, bits, treeShift, 0);
    }

    private void product(Op op, Value a, Value b) {
        ScaleRules.Mul m = rules.mulScale(scale(a), scale(b));
        int so = fit(op.out(), m.scale());
        params.put(op, mul(m, 0, m.scale() - so));
        set(op.out(), so);
    }

    /** C-MatAdd: the operand of higher scale is first brought down to the lower one. */
    private void add(Op op, Value a, Value b) {
        int pa = scale(a), pb = scale(b), lo = Math.min(pa, pb);
        ScaleRules.Sum s = rules.addScale(lo);
        int so = fit(op.out(), s.scale());
        // A sum shifted right after fit must not wrap before: it takes the policy's wider temporary for a sum.
        int width = so < s.scale() ? widths.sumWidth(bits, bits) : bits;
        params.put(op, new OpParams.Add(pa - lo + s.shift(), pb - lo + s.shift(), width, s.scale() - so));
        set(op.out(), so);
    }

    private TableDesign tables() {
        return TableDesign.forValue(widths, bits);
    }

    private void exp(Exp e) {
        double[] range = profile.rangeBelowMax(e.a(), EXP_COVERAGE);
        double lo = range[0], hi = range[1];
        TableDesign design = tables();
        ExpTable table = design.rangeExp(scale(e.a()), lo, hi, design.seedotIndexBits());
        int so = fit(e.out(), rules.getP(Math.exp(hi)));
        params.put(e, new OpParams.Exp(table, 0, table.sf() + table.sg() - so));
        set(e.out(), so);
    }

    /** tanh and sigmoid from e^-|x| with Shiftry's fixed table scales ({@link TableDesign}). */
    private void activation(Op op, Value a) {
        ExpTable table = tables().negativeExp();
        params.put(op, new OpParams.Activation(table, scale(a) - table.sIn()));
        set(op.out(), rules.getP(1.0));
    }
}
