package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeSet;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Matrix products and convolutions of low-bit operands (issue 15), for the backends' bit-plane kernels: a quantized
 * activation (the output of {@code sign} or {@code quantize}, read directly or through transposes, reshapes and max
 * pools) times a parameter of few values, summed plainly, whose two operands' integers are evenly spaced after their
 * pre-shifts: level q of the activation is a0 + q da, value r of the weight b0 + r db. Then, modulo 2^W, the sum of
 * the n terms wrap_W(x_t w_t) is
 *
 * <pre>  n a0 b0 + a0 db sum r_t + b0 da sum q_t + da db sum q_t r_t</pre>
 *
 * which a backend computes from counts of bits (popcounts of bit planes, or counters). The integers are the
 * interpreter's; only the code changes.
 *
 * <p>Takes a fixed program, its quantized model and one product; gives the {@link Product} or why it is not one.
 */
public final class LowBitProducts {
    private LowBitProducts() {}

    /** The most values a weight of a product on bit planes or by subset sums has: value numbers of 3 bits. */
    public static final int MAX_WEIGHT_VALUES = 8;

    /** The most levels of an activation that the C packs into bit planes by comparisons (1- and 2-bit ones). */
    public static final int MAX_ACTIVATION_LEVELS = 4;

    /**
     * The fewest weight vectors that share one activation vector's table of subset sums: building it takes about four
     * additions an element, looking it up one a plane per four elements and vector, so it pays for itself from about
     * five binary vectors on; eight leaves a margin.
     */
    public static final int MIN_SUBSET_VECTORS = 8;

    /**
     * The most taps of a convolution's window that subset sums take over from planes of multi-bit activations on the
     * AVR (codegen's BitSerial; a cost model's reading of its kernels, SignKernelsPriced).
     */
    public static final int SMALL_SUBSET_WINDOW = 16;

    /**
     * An operand's values after its pre-shift: {@code count} levels base + q step, q from 0; {@code raw}, the
     * activation's possible values before the shift (a kernel numbers an element by comparing with them).
     */
    public record Levels(long base, long step, int count, long[] raw) {
        /** The highest level. */
        public long top() {
            return base + (count - 1) * step;
        }

        /** Bits of a level number. */
        public int planes() {
            return Math.max(1, FixedArith.ceilLog2(count));
        }
    }

    /** What a product is: one of low-bit operands, or refused with the reason. */
    public sealed interface Found permits Product, Refused {}

    /**
     * A low-bit product (a matrix product or a convolution): which operand is the activation (0: a or the
     * convolution's input, 1: b), its levels, the weight's levels and the weight's integers after its pre-shift, as
     * stored; {@code terms} of each sum and {@code vectors} weight vectors (b's columns, a's rows, or a convolution's
     * output channels of every group).
     */
    public record Product(Op op, int activationOperand, Levels activation, Levels weight, long[] weightInts,
                          int terms, int vectors) implements Found {
        /** Element t of weight vector f, pre-shifted: b[t][f], a[f][t], or filter[g][tap t][co] for f = g cog + co. */
        public long weightAt(int f, int t) {
            return LowBitProducts.weightAt(op, activationOperand, weightInts, terms, vectors, f, t);
        }

        /** The value number of element t of weight vector f. */
        public long weightCode(int f, int t) {
            return (weightAt(f, t) - weight.base()) / weight.step();
        }

        /**
         * The activation's level number of 0 (a convolution's padding), or -1 when 0 is none of its levels (sign's
         * -1 and +1): then a kernel counts a padding tap as level 0 and takes its terms out again.
         */
        public int zeroLevel() {
            long q = activation.step() == 0 ? -1 : -activation.base() / activation.step();
            return q >= 0 && q < activation.count() && activation.base() + q * activation.step() == 0 ? (int) q : -1;
        }
    }

    /** A product that is not one of low-bit operands, and why (a phrase). */
    public record Refused(String why) implements Found {}

    /**
     * A matrix product or convolution of a wider activation (operand {@code activationOperand}, not quantized; a
     * convolution's input) and a parameter whose values, after its pre-shift, are {@code weight}'s evenly spaced
     * levels, summed plainly: the sum is base sum x + step sum_t r_t x_t with r_t the value number, which the C takes
     * plane by plane of r.
     */
    public record WideProduct(Op op, int activationOperand, Levels weight, long[] weightInts, int terms,
                              int vectors) {
        /** The value number of element t of weight vector f. */
        public long weightCode(int f, int t) {
            return (weightAt(op, activationOperand, weightInts, terms, vectors, f, t) - weight.base()) / weight.step();
        }
    }

    /**
     * {@code m} (a matrix product or a convolution) as a {@link WideProduct}: a plain sum, one operand a parameter of
     * at most {@code maxWeightValues} evenly spaced values and the other not one (a convolution's filter and input);
     * or null.
     */
    public static WideProduct wide(FixedProgram fp, QuantizedModel qm, Op m, int maxWeightValues) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int terms = terms(m);
        if (p.treeShift() > 0 && terms > 1) {
            return null;
        }
        for (int ram = 0; ram < (m instanceof Op.Conv2d ? 1 : 2); ram++) {
            Value weight = m.inputs().get(1 - ram);
            if (qm.stored(weight) == null || qm.stored(m.inputs().get(ram)) != null) {
                continue;
            }
            long[] w = shifted(qm.stored(weight), ram == 0 ? p.shrB() : p.shrA());
            Levels b = weightLevels(w, maxWeightValues);
            return b == null ? null : new WideProduct(m, ram, b, w, terms, vectors(m, ram));
        }
        return null;
    }

    /**
     * {@code m} as a product by subset sums over its weight's planes, or null: a {@link #wide} product of at most
     * {@link #MAX_WEIGHT_VALUES} weight values (a 0/1 selection matrix has one plane), the weights in {@code flash},
     * each activation vector read by at least {@link #MIN_SUBSET_VECTORS} weight vectors (a convolution's window by
     * its group's output channels), the activation at most 16 bits after its shift. The C backends build such a
     * product this way (codegen's SubsetSums, unless it keeps a low-bit activation on planes; where its tables do not
     * fit a device's RAM, the overload with a {@link SubsetTableRoom} says so). Here rather than in codegen so that a
     * cost model can price the kernel the backend emits from the same fact (a term of its own was measured and not
     * adopted: BENCHMARKS.md "Products on 0/1 weights").
     */
    public static WideProduct bySubsetSums(FixedProgram fp, QuantizedModel qm, Op m, java.util.Set<Value> flash) {
        return bySubsetSums(fp, qm, m, flash, SubsetTableRoom.NONE);
    }

    /**
     * {@link #bySubsetSums} on a device whose RAM leaves no room for the tables of {@code room}'s products: those the C
     * sums plainly, reading their weights as stored (a packed copy's indices where the storage packs them:
     * {@link PackedReads}). The one fact the C backends write (codegen's BitSerial, an internal error if they differ)
     * and the cost model prices (seedc.cost.SubsetWork, or the plain product's terms).
     */
    public static WideProduct bySubsetSums(FixedProgram fp, QuantizedModel qm, Op m, java.util.Set<Value> flash,
                                           SubsetTableRoom room) {
        if (!(m instanceof Op.MatMul || m instanceof Op.Conv2d) || room.over(m)) {
            return null;
        }
        WideProduct w = wide(fp, qm, m, MAX_WEIGHT_VALUES);
        int sharing = m instanceof Op.Conv2d c ? c.filter().shape().dim(4) : w == null ? 0 : w.vectors();
        if (w == null || sharing < MIN_SUBSET_VECTORS || !flash.contains(m.inputs().get(1 - w.activationOperand()))) {
            return null;
        }
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int ram = w.activationOperand();
        return FixedArith.shrBits(fp.type(m.inputs().get(ram)).bits(), ram == 0 ? p.shrA() : p.shrB()) <= 16 ? w : null;
    }

    /**
     * {@code m} as the C backends run it on bit planes when they may (codegen's BitSerial: a {@link #of} product of at
     * most {@link #MAX_ACTIVATION_LEVELS} levels and {@link #MAX_WEIGHT_VALUES} values that {@link #whyNotOnPlanes}
     * does not refuse), or null. Here so that a cost model prices the product from the fact the backends read; the
     * AVR may still take a small window by subset sums (BitSerial.smallWindow), a choice of its kernels.
     */
    public static Product onPlanes(FixedProgram fp, QuantizedModel qm, Op m, Map<Value, Op> defs,
                                   java.util.Set<Value> flash) {
        if (!(m instanceof Op.MatMul || m instanceof Op.Conv2d)) {
            return null;
        }
        return of(fp, qm, m, defs, MAX_ACTIVATION_LEVELS, MAX_WEIGHT_VALUES) instanceof Product p
                && whyNotOnPlanes(p, flash) == null ? p : null;
    }

    /**
     * Why the C keeps the low-bit product {@code p} off bit planes (null: it does not): its weights are not in
     * {@code flash}, or a weight vector's sum of value numbers, a 16-bit table entry, could overflow.
     */
    public static String whyNotOnPlanes(Product p, java.util.Set<Value> flash) {
        if (!flash.contains(p.op().inputs().get(1 - p.activationOperand()))) {
            return "the weights are not in flash";
        }
        return (long) p.terms() * (MAX_WEIGHT_VALUES - 1) > Short.MAX_VALUE
                ? "more terms than 16-bit value-number sums hold" : null;
    }

    /** Element t of weight vector f of a product's pre-shifted weights (see {@link Product#weightAt}). */
    private static long weightAt(Op op, int activationOperand, long[] weightInts, int terms, int vectors, int f,
                                 int t) {
        if (op instanceof Op.Conv2d c) {
            int cog = c.filter().shape().dim(4);
            return weightInts[((f / cog) * terms + t) * cog + f % cog];
        }
        return activationOperand == 0 ? weightInts[t * vectors + f] : weightInts[f * terms + t];
    }

    /** Each value's defining op: what {@link #of} and {@link #quantized} look through. */
    public static Map<Value, Op> defs(Program p) {
        Map<Value, Op> defs = new IdentityHashMap<>();
        p.forEachOp(op -> defs.put(op.out(), op));
        return defs;
    }

    /**
     * Whether {@code m} has a low-bit operand (a quantized activation, or a parameter or constant of at most
     * {@code maxWeightValues} values): a report lists such products with the kernel they got.
     */
    public static boolean lowBit(Op m, Map<Value, Op> defs, QuantizedModel qm, int maxWeightValues) {
        for (Value v : m.inputs()) {
            long[] ints = qm.stored(v);
            if (quantized(v, defs) != null
                    || ints != null && java.util.Arrays.stream(ints).distinct().count() <= maxWeightValues) {
                return true;
            }
        }
        return false;
    }

    /**
     * The product of low-bit operands {@code m} (a matrix product or a convolution) is, with at most these many
     * levels and values, or why not.
     */
    public static Found of(FixedProgram fp, QuantizedModel qm, Op m, Map<Value, Op> defs,
                           int maxActivationLevels, int maxWeightValues) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int terms = terms(m);
        if (p.treeShift() > 0 && terms > 1) {
            return new Refused("a halving tree: its halving does not commute with the sums of counts");
        }
        for (int ram = 0; ram < (m instanceof Op.Conv2d ? 1 : 2); ram++) {
            Value act = m.inputs().get(ram), weight = m.inputs().get(1 - ram);
            Op.Quantize q = quantized(act, defs);
            if (q == null || qm.stored(weight) == null) {
                continue;
            }
            Levels a = activationLevels(fp, q, act, defs, ram == 0 ? p.shrA() : p.shrB(), maxActivationLevels);
            long[] w = shifted(qm.stored(weight), ram == 0 ? p.shrB() : p.shrA());
            Levels b = weightLevels(w, maxWeightValues);
            if (a == null) {
                return new Refused("the activation's levels are not evenly spaced after its shift, or more than "
                        + maxActivationLevels);
            }
            if (b == null) {
                return new Refused("the weights' values are not evenly spaced after their shift, or more than "
                        + maxWeightValues);
            }
            return new Product(m, ram, a, b, w, terms, vectors(m, ram));
        }
        return new Refused("no operand is a quantized activation with a weight matrix: k-bit weights times wider"
                + " activations add, subtract or multiply by the index");
    }

    /** The terms of each sum: a matrix product's inner dimension, a convolution's taps of one group. */
    private static int terms(Op m) {
        return m instanceof Op.Conv2d c ? c.filter().shape().dim(1) * c.filter().shape().dim(2)
                * c.filter().shape().dim(3) : m.inputs().get(0).shape().dim(1);
    }

    /** The weight vectors of a product whose activation is operand {@code ram}. */
    private static int vectors(Op m, int ram) {
        if (m instanceof Op.Conv2d c) {
            return c.groups() * c.filter().shape().dim(4);
        }
        return ram == 0 ? m.inputs().get(1).shape().dim(1) : m.inputs().get(0).shape().dim(0);
    }

    /**
     * The quantize whose output {@code v} is, or a transpose or reshape of (a view: the same values), or null.
     */
    public static Op.Quantize quantized(Value v, Map<Value, Op> defs) {
        Op def = defs.get(v);
        while (keepsValues(def)) {
            def = defs.get(def.inputs().get(0));
        }
        return def instanceof Op.Quantize q ? q : null;
    }

    /**
     * Whether every element of the op's output is one of its input's, converted to the output's type: a transpose,
     * a reshape, a max pool without padding (each window's largest; with padding an empty window would give 0).
     */
    private static boolean keepsValues(Op op) {
        return op instanceof Op.Transpose || op instanceof Op.Reshape
                || op instanceof Op.Maxpool m && !m.window().padded();
    }

    /**
     * The values {@code act} can hold: the quantize's possible outputs (its levels from base on), converted to each
     * view's type on the way as the interpreter converts them; then shifted. Null when not evenly spaced or too many.
     */
    private static Levels activationLevels(FixedProgram fp, Op.Quantize quantize, Value act, Map<Value, Op> defs,
                                           int shift, int maxLevels) {
        long[] values = levelsIn(fp, quantize, act, defs);
        TreeSet<Long> raw = new TreeSet<>();
        for (long v : values) {
            raw.add(v);
        }
        if (raw.size() < 2 || raw.size() > maxLevels) {
            return null;
        }
        long[] r = raw.stream().mapToLong(Long::longValue).toArray();
        long[] s = shifted(r, shift);
        return evenlySpaced(s) ? new Levels(s[0], s[1] - s[0], s.length, r) : null;
    }

    /**
     * The integers {@code act} can hold, [least, largest], whatever the program's input: the levels of the quantize
     * whose output it is or views ({@link #quantized}), in its type; null when it is none.
     */
    public static long[] levelRange(FixedProgram fp, Value act, Map<Value, Op> defs) {
        Op.Quantize q = quantized(act, defs);
        if (q == null) {
            return null;
        }
        long[] v = levelsIn(fp, q, act, defs);
        return new long[] {java.util.Arrays.stream(v).min().orElseThrow(), java.util.Arrays.stream(v).max().orElseThrow()};
    }

    /**
     * The integers {@code act} can hold, whatever the program's input: the possible outputs of the quantize whose
     * output it is or views, in its type; null when it is none.
     */
    public static long[] levelValues(FixedProgram fp, Value act, Map<Value, Op> defs) {
        Op.Quantize q = quantized(act, defs);
        return q == null ? null : levelsIn(fp, q, act, defs);
    }

    /** The quantize's possible outputs converted to each view's type on the way to {@code act}. */
    private static long[] levelsIn(FixedProgram fp, Op.Quantize quantize, Value act, Map<Value, Op> defs) {
        OpParams.Quantize q = fp.params(quantize, OpParams.Quantize.class);
        long[] values = java.util.Arrays.copyOfRange(q.levels(), q.base(), q.base() + q.thresholds().length + 1);
        java.util.List<Value> views = new java.util.ArrayList<>();
        for (Value v = act; v != quantize.out(); v = defs.get(v).inputs().get(0)) {
            views.add(0, v);
        }
        Value from = quantize.out();
        for (Value to : views) {
            values = FixedKernels.reduce(values, fp.type(from), fp.type(to), WrapSite.IGNORE);
            from = to;
        }
        return values;
    }

    /** The weights' distinct values, when evenly spaced and at most {@code maxValues}; else null. */
    private static Levels weightLevels(long[] ints, int maxValues) {
        long[] d = java.util.Arrays.stream(ints).distinct().sorted().toArray();
        if (d.length < 2 || d.length > maxValues || !evenlySpaced(d)) {
            return null;
        }
        return new Levels(d[0], d[1] - d[0], d.length, null);
    }

    /**
     * A, when the distinct ascending values are -A and A (binary) or -A, 0 and A (ternary) with A > 0, else 0: the
     * weights whose products add and subtract the other operand and multiply the sum by A once.
     */
    public static long signedMagnitude(long[] v) {
        boolean binary = v.length == 2 && v[0] == -v[1] && v[1] > 0;
        boolean ternary = v.length == 3 && v[0] == -v[2] && v[1] == 0 && v[2] > 0;
        return binary || ternary ? v[v.length - 1] : 0;
    }

    /** Whether the values (at least two) are an arithmetic progression with a step other than 0. */
    public static boolean evenlySpaced(long[] v) {
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

}
