package seedc.fixed;

import static seedc.fixed.FixedArith.shr;
import static seedc.fixed.FixedArith.wrap;

import java.math.BigInteger;

/**
 * softplus and softsign on integers (docs/fixed-point-semantics.md). Neither has strategy-chosen constants: the
 * input's and output's types fix them. softsign is the exact quotient a / (1 + |a|) truncated toward zero, by the
 * restoring division sigmoid and tanh use; softplus is relu(a) plus log(1 + e^-|a|) interpolated between the
 * knots of a table ({@link SoftplusTable}), rounded once to the output.
 */
public final class SoftKernels {
    private SoftKernels() {}

    /** relu(a) at the table's scale plus the table's log(1 + e^-|a|), rounded to the output's scale. */
    public static long softplus(long a, SoftplusTable t, FixedType in, FixedType out, WrapSite site) {
        long y = shr(Math.max(a, 0), in.scale() - t.tableScale()) + t.interpolate(Math.abs(a));
        int down = t.tableScale() - out.scale();
        long r = shr(y + (down > 0 ? 1L << (down - 1) : 0), down);
        return site.check(wrap(r, out.bits()), r);
    }

    /**
     * floor(|a| 2^so / (2^sa + |a|)) with a's sign, where the input's scale sa may be negative: numerator and
     * divisor are then both scaled by 2^-sa, n = |a| 2^max(0, -sa) and d = 2^max(0, sa) + n, so n < d always and the
     * quotient is below 2^so.
     */
    public static long softsign(long a, FixedType in, FixedType out, WrapSite site) {
        long q = softsignMagnitude(Math.abs(a), in.scale(), out.scale());
        long r = a < 0 ? -q : q;
        return site.check(wrap(r, out.bits()), r);
    }

    /** floor(m 2^so / (2^sa + m)) for m >= 0 (0 at a negative output scale: the quotient is below one). */
    static long softsignMagnitude(long m, int sa, int so) {
        if (so < 0 || m == 0) {
            return 0;
        }
        int up = Math.max(0, -sa), base = Math.max(0, sa);
        if (64 - Long.numberOfLeadingZeros(m) + up <= 61 && base <= 61 && so <= 62) {
            long n = m << up, d = (1L << base) + n, q = 0;
            for (int s = 0; s < so; s++) { // restoring division: n < d < 2^62, so 2n never overflows
                n <<= 1;
                q <<= 1;
                if (n >= d) {
                    n -= d;
                    q |= 1;
                }
            }
            return q;
        }
        BigInteger n = BigInteger.valueOf(m).shiftLeft(up);
        return n.shiftLeft(so).divide(BigInteger.ONE.shiftLeft(base).add(n)).longValueExact();
    }
}
