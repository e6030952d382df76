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
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * SeeDot's compilation rules (Figure 3) for one bitwidth B and maxscale P: every value is B bits wide;
 * scales follow GetP, MulScale, AddScale and TreeSumScale. The exp input range comes from profiling
 * (the smallest range holding 90% of the arguments); loop-carried values take their scale from the profile.
 * With {@link Products#WIDE} every product keeps all 2B bits and MulScale's shift comes after the sum
 * (same scales as the paper, no bits dropped before multiplying).
 */
public final class SeeDotStrategy {
    /** Fraction of profiled exp arguments the table range must hold (SeeDot 5.3.2). */
    public static final double EXP_COVERAGE = 0.90;

    private final Program program;
    private final Profile profile;
    private final Map<String, double[]> weights;
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

        /** The modes a bitwidth allows: WIDE needs 2B <= 32. */
        public static List<Products> allowed(int bits) {
            return bits <= 16 ? List.of(NARROW, WIDE) : List.of(NARROW);
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

    private SeeDotStrategy(Program program, Profile profile, Map<String, double[]> weights, int bits, int maxscale,
                           Products products) {
        this.program = program;
        this.profile = profile;
        this.weights = weights;
        this.bits = bits;
        this.products = products;
        this.rules = new ScaleRules(bits, maxscale);
        this.types = new FixedType[program.valueCount()];
    }

    public static FixedProgram assign(Program program, Profile profile, Map<String, double[]> weights, int bits,
                                      int maxscale) {
        return assign(program, profile, weights, bits, maxscale, Products.NARROW);
    }

    public static FixedProgram assign(Program program, Profile profile, Map<String, double[]> weights, int bits,
                                      int maxscale, Products products) {
        if (!Products.allowed(bits).contains(products)) {
            throw new IllegalArgumentException(products + " products at " + bits + " bits");
        }
        SeeDotStrategy s = new SeeDotStrategy(program, profile, weights, bits, maxscale, products);
        s.walk(program.body());
        return new FixedProgram(program, s.types, s.params, Strategy.SEEDOT, bits, maxscale);
    }

    private FixedType type(int scale) {
        return new FixedType(bits, scale);
    }

    private int scale(Value v) {
        return types[v.id()].scale();
    }

    private void set(Value v, int scale) {
        types[v.id()] = type(scale);
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
            case VecOp v -> {
                if (v.kind() == VecKind.MUL) {
                    product(op, v.a(), v.vec());
                } else {
                    add(op, v.a(), v.vec());
                }
            }
            case Add a -> add(op, a.a(), a.b());
            case Exp e -> exp(e);
            case Sigmoid s -> activation(op, s.a());
            case Tanh t -> activation(op, t.a());
            case NormaliseL2 n -> set(out, rules.getP(1.0));
            case Neg n -> set(out, scale(n.a()));
            case Relu r -> set(out, scale(r.a()));
            case Relu6 r -> set(out, scale(r.a()));
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
                set(out, rules.treeSumScale(scale(s.result()), s.to() - s.from()).scale());
            }
            case Loop l -> {
                // The carried value needs one type for every iteration: take it from the profiled range.
                double m = Math.max(profile.maxAbs(l.out()), Math.max(profile.maxAbs(l.acc()), profile.maxAbs(l.init())));
                set(out, rules.getP(m));
                set(l.acc(), scale(out));
                walk(l.body());
            }
        }
    }

    private void matmul(Op op, Value a, Value b, long terms) {
        ScaleRules.Mul m = rules.mulScale(scale(a), scale(b));
        ScaleRules.Sum s = rules.treeSumScale(m.scale(), terms);
        params.put(op, mul(m, s.shift()));
        set(op.out(), s.scale());
    }

    private OpParams.Mul mul(ScaleRules.Mul m, int treeShift) {
        int half = m.shift() / 2;
        return products == Products.WIDE
                ? new OpParams.Mul(0, 0, 2 * bits, treeShift, 2 * half)
                : new OpParams.Mul(half, half, bits, treeShift, 0);
    }

    private void product(Op op, Value a, Value b) {
        ScaleRules.Mul m = rules.mulScale(scale(a), scale(b));
        params.put(op, mul(m, 0));
        set(op.out(), m.scale());
    }

    /** C-MatAdd: the operand of higher scale is first brought down to the lower one. */
    private void add(Op op, Value a, Value b) {
        int pa = scale(a), pb = scale(b), lo = Math.min(pa, pb);
        ScaleRules.Sum s = rules.addScale(lo);
        params.put(op, new OpParams.Add(pa - lo + s.shift(), pb - lo + s.shift(), bits, 0));
        set(op.out(), s.scale());
    }

    private int tableBits() {
        return Math.min(bits, 16);
    }

    private void exp(Exp e) {
        double[] range = profile.coveringRange(e.a(), EXP_COVERAGE);
        double lo = range[0], hi = Math.max(range[1], range[0]);
        int tbits = tableBits();
        int t = tbits >= 16 ? 6 : 3;
        ScaleRules entries = new ScaleRules(tbits, 0);
        int sIn = scale(e.a());
        ExpTable probe = ExpTable.build(sIn, lo, hi, t, t, 0, 0, 64);
        double tgMax = Math.exp(Math.scalb((double) (((1L << t) - 1) << probe.drop()), -sIn) + 1e-9);
        int sf = entries.getP(Math.exp(hi));
        int sg = entries.getP(tgMax);
        ExpTable table = ExpTable.build(sIn, lo, hi, t, t, sf, sg, tbits);
        int so = rules.getP(Math.exp(hi));
        params.put(e, new OpParams.Exp(table, 0, sf + sg - so));
        set(e.out(), so);
    }

    /** tanh and sigmoid from e^-|x| with Shiftry's fixed table scales (8-bit: in 4, out 6; else in 11, out 14). */
    private void activation(Op op, Value a) {
        params.put(op, new OpParams.Activation(negativeExpTable(tableBits()), scale(a) - negativeExpInputScale(tableBits())));
        set(op.out(), rules.getP(1.0));
    }

    static int negativeExpInputScale(int tableBits) {
        return tableBits == 8 ? 4 : 11;
    }

    /**
     * Tables for e^x, x in [-(2^(B-1) - 1) / 2^sIn, 0]: Shiftry's T8 (128 entries) or T16 with psi = 7.
     * The range ends at 0 inclusive (e^0 = 1 exactly, so tanh(0) = 0); -2^(B-1) clamps to the next value up.
     */
    static ExpTable negativeExpTable(int tableBits) {
        int sIn = negativeExpInputScale(tableBits);
        double lo = -Math.scalb((double) ((1L << (tableBits - 1)) - 1), -sIn);
        return tableBits == 8
                ? ExpTable.build(sIn, lo, 0, 7, 0, 6, 0, 8)
                : ExpTable.build(sIn, lo, 0, 8, 7, 14, 14, 16);
    }
}
