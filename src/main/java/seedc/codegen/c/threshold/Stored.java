package seedc.codegen.c.threshold;

import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedArith;

/**
 * A product's output element as its kernel has it before the store: the value in the output's type, and, when the
 * kernel's sum is exact (never wraps), that sum T itself with value = wrap_b(shr(m T, shift)), so that a quantize
 * compared at the store can compare T instead (ThresholdEmitter: no product by m, no shift, no wrap to compute).
 *
 * @param value  the element in the output's type (a C expression), when T is not scaled (m = 1)
 * @param sum    T, an exact integer C expression (a variable), or null when the kernel's sum wraps
 * @param factor m (>= 1)
 * @param shift  the shift of m T into the output (post less the factors' twos)
 * @param bits   the output type's bits
 * @param minSum the least T (the kernel's bound on its sum, within T's bits)
 * @param maxSum the largest T
 */
public record Stored(IntExpr value, IntExpr sum, long factor, int shift, int bits, long minSum, long maxSum) {
    public static Stored of(IntExpr value) {
        return new Stored(value, null, 1, 0, 0, 0, 0);
    }

    /**
     * The exact sum T held in variable {@code name} (of {@code t}'s C type), |T| <= {@code bound} (or its bits'
     * limit), finished into the output: its arithmetic in the bits the bound needs (mlp-digits-w1a1i1's scores: the
     * product by the output's factor in 16 bits, not 32).
     */
    public static Stored exact(String name, IntExpr t, long factor, int shift, int bits, double bound) {
        long limit = t.bits() >= 63 ? Long.MAX_VALUE : (1L << (t.bits() - 1)) - 1;
        long maxAbs = bound < limit ? (long) Math.floor(bound) : limit;
        IntExpr sum = IntExpr.of(name, Math.min(t.bits(), IntExpr.lit(maxAbs).bits()));
        return new Stored(factor == 1 ? sum.shrWrap(shift, bits) : null, sum, factor, shift, bits, -maxAbs, maxAbs);
    }

    /**
     * The same with T's bound cut to the sums whose output, unwrapped, lies in {@code proven} ({least, largest}: what
     * the product can store, where nothing wraps; null: no cut): the others are never reached.
     */
    public Stored within(long[] proven) {
        if (sum == null || proven == null || !exactInLong()) {
            return this;
        }
        long[] reach = reaching(proven[0], proven[1]); // the cut keeps at least one sum
        long lo = Math.min(reach[0], maxSum);
        return new Stored(value, sum, factor, shift, bits, lo, Math.max(lo, reach[1]));
    }

    /**
     * The same cut to the sums whose output does not wrap (shr(m T, shift) within the output type's range), or null
     * when none of the bound's does (or T is not exact).
     */
    public Stored unwrappedOnly() {
        if (sum == null || !exactInLong() || bits > 32) {
            return null;
        }
        long[] reach = reaching(-(1L << (bits - 1)), (1L << (bits - 1)) - 1);
        return reach[0] > maxSum || reach[1] < reach[0] ? null
                : new Stored(value, sum, factor, shift, bits, reach[0], reach[1]);
    }

    /**
     * {lo, hi}: the sums of the bound whose unwrapped output lies in [least, most] are lo..hi (unwrapped is
     * non-decreasing in T: both ends by binary search); lo is maxSum + 1 or hi < lo when there are none.
     */
    private long[] reaching(long least, long most) {
        long lo = first(minSum, maxSum, t -> unwrapped(t) >= least);
        return new long[] {lo, first(lo, maxSum, t -> unwrapped(t) > most) - 1};
    }

    /** The bits (a C type's) the bound's sums need. */
    public int sumBits() {
        return Math.max(IntExpr.lit(minSum).width(), IntExpr.lit(maxSum).width());
    }

    /** The smallest t in [from, to] where {@code p} holds (it holds from some t on), or to + 1. */
    static long first(long from, long to, java.util.function.LongPredicate p) {
        long lo = from, hi = to + 1;
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (p.test(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * The element in the output's type (a C expression): m T written to a variable of its own first when m > 1, so
     * that the shift into a narrower output keeps its narrow form (IntExpr.shrWrap reads a variable twice).
     */
    public IntExpr valueIn(CWriter w) {
        if (value != null) {
            return value;
        }
        IntExpr scaled = sum.times(IntExpr.lit(factor));
        w.line(scaled.ctype() + " sd_m = " + scaled.c() + ";");
        return IntExpr.of("sd_m", scaled.bits()).shrWrap(shift, bits);
    }

    /** Whether m T and its shift stay exact in a long over the bound (so that {@link #valueAt} is the C's value). */
    boolean exactInLong() {
        return Math.max(-minSum, maxSum) < 1L << 31 && factor >= 1 && factor < 1L << 30 && shift >= -30;
    }

    /** The output value for sum t. */
    long valueAt(long t) {
        return FixedArith.wrap(unwrapped(t), bits);
    }

    /** shr(m t, shift) before the wrap into the output's bits: non-decreasing in t. */
    long unwrapped(long t) {
        return FixedArith.shr(factor * t, shift);
    }
}
