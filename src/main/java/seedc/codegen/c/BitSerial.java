package seedc.codegen.c;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products run on packed bit planes (the bit-serial kernels of CGO'20; Zac 4.3's bitwise
 * customization): a product of a quantized activation (the output of {@code sign} or {@code quantize}, at most four
 * levels) and a parameter of at most eight values, summed plainly, whose two operands' values, after their
 * pre-shifts, are evenly spaced: level q of the activation is a0 + q da, value r of the weight b0 + r db. Then,
 * modulo 2^W, the sum of the n terms wrap_W(x_t w_t) is
 *
 * <pre>  n a0 b0 + a0 db sum r_t + b0 da sum q_t + da db sum_{i,j} 2^(i+j) popcount(Q_i AND R_j)</pre>
 *
 * with Q_i the activation's bit plane i and R_j the weight's plane j, packed along the sum eight elements a byte:
 * the paper's equation, with the offsets that make it hold for any two evenly spaced level sets (unipolar {0, 1},
 * bipolar {-1, 1}, the saturated {-128, 127} of an 8-bit sign). The first two terms are a constant per weight
 * vector, the third is counted while packing. The integers are the interpreter's; only the code changes.
 *
 * <p>Takes the fixed program, its quantized model and the values in flash; gives the products it chose
 * ({@link Product}) and, for the report, every low-bit product with the kernel it got or why it did not get this one.
 */
final class BitSerial {
    /** The most activation levels packed by comparisons (1-2-bit activations), and weight values (3 bits). */
    static final int MAX_ACTIVATION_LEVELS = 4, MAX_WEIGHT_VALUES = 8;

    /**
     * An operand's values after its pre-shift: {@code count} levels base + q step, q from 0, numbered by
     * {@code planes} bits; {@code raw}, the activation's levels before the shift (packing compares with them).
     */
    record Levels(long base, long step, int count, long[] raw) {
        /** The highest level. */
        long top() {
            return base + (count - 1) * step;
        }

        int planes() {
            return Math.max(1, FixedArith.ceilLog2(count));
        }
    }

    /**
     * A product on bit planes: which operand is the activation in RAM (0: a, 1: b), its levels, the weight's levels
     * and the weight's integers after its pre-shift, row-major as stored.
     */
    record Product(Op.MatMul op, int ram, Levels activation, Levels weight, long[] weightInts) {
        /** Terms of each sum: a's columns. */
        int terms() {
            return op.a().shape().dim(1);
        }

        /** Bytes of one bit plane of a vector of {@link #terms} elements. */
        int planeBytes() {
            return (terms() + 7) / 8;
        }

        /** What the report calls the kernel. */
        String kernel() {
            return "bit-serial: AND + popcount over " + activation.planes() + " x " + weight.planes()
                    + " bit planes, planes one after another, 8-bit words";
        }
    }

    static final BitSerial NONE = new BitSerial(Map.of(), List.of());

    private final Map<Op, Product> products;
    private final List<Map<String, Object>> report;

    private BitSerial(Map<Op, Product> products, List<Map<String, Object>> report) {
        this.products = products;
        this.report = report;
    }

    /** The products of {@code fp} that run on bit planes ({@code enabled}: else none, and the report says so). */
    static BitSerial of(FixedProgram fp, QuantizedModel qm, Set<Value> flash, boolean enabled) {
        Map<Value, Op> defs = new IdentityHashMap<>();
        fp.program().forEachOp(op -> defs.put(op.out(), op));
        Map<Op, Product> chosen = new IdentityHashMap<>();
        List<Map<String, Object>> report = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (!(op instanceof Op.MatMul m) || !lowBit(m, defs, qm, flash)) {
                return;
            }
            Object found = enabled ? product(fp, qm, flash, defs, m) : "--no-bitserial";
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("value", m.out().name());
            if (found instanceof Product p) {
                chosen.put(m, p);
                line.put("kernel", p.kernel());
            } else {
                line.put("kernel", "the sum of products (" + found + ")");
            }
            report.add(line);
        });
        return new BitSerial(chosen, List.copyOf(report));
    }

    /** A product with a quantized activation or a weight of few values: the report lists it. */
    private static boolean lowBit(Op.MatMul m, Map<Value, Op> defs, QuantizedModel qm, Set<Value> flash) {
        for (Value v : m.inputs()) {
            long[] ints = flash.contains(v) ? qm.stored(v) : null;
            if (quantized(v, defs) != null
                    || ints != null && java.util.Arrays.stream(ints).distinct().count() <= MAX_WEIGHT_VALUES) {
                return true;
            }
        }
        return false;
    }

    /** The product on planes, or why not (a phrase). */
    private static Object product(FixedProgram fp, QuantizedModel qm, Set<Value> flash, Map<Value, Op> defs,
                                  Op.MatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int terms = m.a().shape().dim(1);
        if ((long) terms * (MAX_WEIGHT_VALUES - 1) > Short.MAX_VALUE) {
            return "more terms than 16-bit value-number sums hold";
        }
        if (DotFunctions.levels(p, terms) > 0) {
            return "a halving tree: its halving does not commute with the popcount sums";
        }

        for (int ram = 0; ram < 2; ram++) {
            Value act = m.inputs().get(ram), weight = m.inputs().get(1 - ram);
            Op.Quantize q = quantized(act, defs);
            if (q == null || !flash.contains(weight) || qm.stored(weight) == null) {
                continue;
            }
            Levels a = activationLevels(fp, q, act, defs, ram == 0 ? p.shrA() : p.shrB());
            long[] w = shifted(qm.stored(weight), ram == 0 ? p.shrB() : p.shrA());
            Levels b = weightLevels(w);
            if (a == null) {
                return "the activation's levels are not evenly spaced after its shift, or more than "
                        + MAX_ACTIVATION_LEVELS;
            }
            if (b == null) {
                return "the weights' values are not evenly spaced after their shift, or more than "
                        + MAX_WEIGHT_VALUES;
            }
            return new Product(m, ram, a, b, w);
        }
        return "no operand is a quantized activation with a weight matrix in flash: k-bit weights times wider"
                + " activations add, subtract or multiply by the index";
    }

    /**
     * The quantize whose output {@code v} is, or a transpose or reshape of (a view: the same values), or null.
     */
    private static Op.Quantize quantized(Value v, Map<Value, Op> defs) {
        Op def = defs.get(v);
        while (def instanceof Op.Transpose || def instanceof Op.Reshape) {
            def = defs.get(def.inputs().get(0));
        }
        return def instanceof Op.Quantize q ? q : null;
    }

    /**
     * The values {@code act} can hold: the quantize's possible outputs (its levels from base on), converted to each
     * view's type on the way as the interpreter converts them; then shifted. Null when not evenly spaced or too many.
     */
    private static Levels activationLevels(FixedProgram fp, Op.Quantize quantize, Value act, Map<Value, Op> defs,
                                           int shift) {
        OpParams.Quantize q = fp.params(quantize, OpParams.Quantize.class);
        long[] values = java.util.Arrays.copyOfRange(q.levels(), q.base(), q.base() + q.thresholds().length + 1);
        java.util.List<Value> views = new java.util.ArrayList<>();
        for (Value v = act; v != quantize.out(); v = defs.get(v).inputs().get(0)) {
            views.add(0, v);
        }
        Value from = quantize.out();
        for (Value to : views) {
            values = seedc.fixed.FixedKernels.reduce(values, fp.type(from), fp.type(to), seedc.fixed.WrapSite.IGNORE);
            from = to;
        }
        TreeSet<Long> raw = new TreeSet<>();
        for (long v : values) {
            raw.add(v);
        }
        if (raw.size() < 2 || raw.size() > MAX_ACTIVATION_LEVELS) {
            return null;
        }
        long[] r = raw.stream().mapToLong(Long::longValue).toArray();
        long[] s = shifted(r, shift);
        return evenlySpaced(s) ? new Levels(s[0], s[1] - s[0], s.length, r) : null;
    }

    /** The weights' distinct values, when evenly spaced and at most {@link #MAX_WEIGHT_VALUES}; else null. */
    private static Levels weightLevels(long[] ints) {
        long[] d = java.util.Arrays.stream(ints).distinct().sorted().toArray();
        if (d.length < 2 || d.length > MAX_WEIGHT_VALUES || !evenlySpaced(d)) {
            return null;
        }
        return new Levels(d[0], d[1] - d[0], d.length, null);
    }

    private static boolean evenlySpaced(long[] v) {
        for (int i = 2; i < v.length; i++) {
            if (v[i] - v[i - 1] != v[1] - v[0]) {
                return false;
            }
        }
        return v[1] != v[0];
    }

    private static long[] shifted(long[] v, int shift) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = FixedArith.shr(v[i], shift);
        }
        return out;
    }

    /** The product op runs on planes, or null. */
    Product at(Op op) {
        return products.get(op);
    }

    /** The scratch of a product on planes: the activation vector's planes, packed. */
    Scratch scratch(Op.MatMul m) {
        Product p = products.get(m);
        return p == null ? null : new Scratch(CNames.scratch(m.out()), 8, p.activation().planes() * p.planeBytes());
    }

    /** Every low-bit product: its value and the kernel it got (report.json {@code lowBitProducts}). */
    List<Map<String, Object>> report() {
        return report;
    }
}
