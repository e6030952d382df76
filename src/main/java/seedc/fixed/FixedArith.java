package seedc.fixed;

/**
 * The primitive integer operations every fixed-point op is built from (docs/fixed-point-semantics.md).
 * All are exact on longs; results are reduced to a width only where an op says so.
 */
public final class FixedArith {
    private FixedArith() {}

    /** Two's complement wrap-around of v to {@code bits} bits (any width 1..64). */
    public static long wrap(long v, int bits) {
        // Sign-extends the low bits; no branch, so compiled code needs no recompiling when a new width appears.
        return (v << (64 - bits)) >> (64 - bits);
    }

    /**
     * Scale shift: n > 0 divides by 2^n rounding toward zero (as SeeDot's C division does, but computed
     * with a shift); n < 0 multiplies by 2^-n.
     */
    public static long shr(long v, int n) {
        if (n > 0) {
            // v / 2^n toward zero: a negative v is biased by 2^n - 1 first (never overflows), as C compilers do.
            return n >= 63 ? 0 : (v + ((v >> 63) & ((1L << n) - 1))) >> n;
        }
        // v * 2^-n is kept modulo 2^64 (every later wrap is to 64 bits or fewer); from 2^64 on that is 0,
        // which Java's << (shift count modulo 64) would not give.
        return n == 0 ? v : -n >= 64 ? 0 : v << -n;
    }

    /**
     * The signed bits that hold {@link #shr}(v, n) for every v of {@code bits} bits: bits - n for a right shift (1
     * once n reaches bits: |v| <= 2^(bits-1) <= 2^n, so the quotient toward zero is 0), bits - n for a left one (at
     * most 64: it is kept modulo 2^64), 1 from a left shift of 64 on (0 modulo 2^64). The C backends' expressions
     * and the IR-level facts that predict which kernel they emit read this one rule.
     */
    public static int shrBits(int bits, int n) {
        return n >= bits || n <= -64 ? 1 : Math.min(64, bits - n);
    }

    /** round(r * 2^scale) (halves away from zero), saturated to the type: how constants and inputs are stored. */
    public static long quantize(double r, FixedType t) {
        return quantize(r, t, WrapSite.IGNORE);
    }

    /** {@link #quantize(double, FixedType)}, reporting to {@code site} when the value saturates (an input's). */
    public static long quantize(double r, FixedType t, WrapSite site) {
        double x = Math.scalb(r, t.scale());
        double a = Math.abs(x), f = Math.floor(a); // a - f is exact, so this matches C's round()
        double rounded = Math.copySign(a - f >= 0.5 ? f + 1 : f, x);
        // (long) saturates a double beyond the range of long and takes NaN to 0, so saturating after it is exact.
        long q = saturate((long) rounded, t.bits());
        if (q != rounded) {
            site.wrapped();
        }
        return q;
    }

    /** v clamped to [-2^(bits-1), 2^(bits-1) - 1] (bits 1..64): how constants and inputs are stored. */
    public static long saturate(long v, int bits) {
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        long min = -max - 1;
        return v > max ? max : Math.max(v, min);
    }

    /** floor(sqrt(v)) for v >= 0, exactly. */
    public static long isqrt(long v) {
        long r = (long) Math.sqrt((double) v);
        while (r * r > v) {
            r--;
        }
        while ((r + 1) * (r + 1) <= v) {
            r++;
        }
        return r;
    }

    /** Bits of a two's complement integer holding v, its sign bit included (a C literal's, IntExpr.lit). */
    public static int signedBits(long v) {
        return 65 - Long.numberOfLeadingZeros(v < 0 ? ~v : v);
    }

    /** ceil(log2(n)) for n >= 1. */
    public static int ceilLog2(long n) {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    /** The least common multiple of two positive ints (a vector's period with another's). */
    public static int lcm(int a, int b) {
        int x = a, y = b;
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }
}
