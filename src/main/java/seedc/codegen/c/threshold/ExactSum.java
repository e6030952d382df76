package seedc.codegen.c.threshold;

import java.math.BigInteger;
import java.util.List;
import seedc.codegen.c.writer.IntExpr;

/**
 * An exact sum c + sum_i f_i v_i of counts or partial sums with constant factors (the caller has bounded it below
 * 2^(W-1), so it never wraps), written with the factors' common divisor g = 2^z m taken out: the output's shift by
 * post becomes one by post - z (shr(2^z T, post) = shr(T, post - z)), and T = m (c/g + sum f_i/g v_i) is multiplied
 * by m once (Stored) when the inner sum fits 16 bits and the plain one (each term by its factor over 2^z) does not (a
 * binary CNN's padded convolution: 1175 (144 - 2 r - 2 q + 4 p - n + 2 p') where there were five 16 x 16 -> 32
 * products on the AVR), else the plain sum.
 *
 * @param sum    T over its factor m: the inner sum, or the plain one (m = 1), a C expression
 * @param factor m
 * @param twos   z
 */
public record ExactSum(IntExpr sum, long factor, int twos) {
    /**
     * The sum, |c + sum f_i v_i| <= {@code bound}: when the inner sum's bound (over g) is below 2^15, the inner sum is
     * computed modulo 2^16 (every wrap on the way cancels: its value fits), even where its terms' widths add up to more
     * (a binary CNN's first convolution of 8-bit pixels: 2 cs - sx, where 5074 cs - 2537 sx took two 32-bit products).
     * {@code compared}: the sum is only compared with thresholds (moved onto it), so the inner sum is taken whenever
     * it fits 16 bits, its factor folded into the thresholds (a binary MLP's 2 pc - sq where 50 pc - 25 sq took two
     * products an output).
     */
    public static ExactSum of(long constant, List<IntExpr> values, List<Long> factors, double bound, boolean compared) {
        BigInteger g = BigInteger.valueOf(constant);
        for (long f : factors) {
            g = g.gcd(BigInteger.valueOf(f));
        }
        if (g.signum() == 0) {
            return new ExactSum(IntExpr.lit(0), 1, 0);
        }
        long d = g.longValueExact();
        int z = Math.min(Long.numberOfTrailingZeros(d), 62);
        long m = d >> z;
        IntExpr inner = sum(constant / d, values, factors, d), plain = sum(constant >> z, values, factors, 1L << z);
        if (inner.bits() > 16 && bound / Math.abs((double) d) < 0x1p15) {
            inner = sum16(constant / d, values, factors, d);
        }
        // the terms' own products are cheap while the plain sum fits 16 bits (8 x 8 -> 16 multiplies on the AVR)
        boolean factored = m == 1 || (compared || plain.bits() > 16) && inner.bits() <= 16;
        return factored ? new ExactSum(inner, m, z) : new ExactSum(plain, 1, z);
    }

    /** c' + sum (f_i / d) v_i modulo 2^16 (16 bits). */
    private static IntExpr sum16(long c, List<IntExpr> values, List<Long> factors, long d) {
        IntExpr s = IntExpr.lit(seedc.fixed.FixedArith.wrap(c, 16));
        for (int i = 0; i < values.size(); i++) {
            long f = factors.get(i) / d;
            if (f != 0) {
                s = s.plusWrap(values.get(i).timesWrap(IntExpr.lit(f), 16).wrap(16), false, 16);
            }
        }
        return s.wrap(16);
    }

    /** c' + sum (f_i / d) v_i, the terms with a factor 0 left out. */
    private static IntExpr sum(long c, List<IntExpr> values, List<Long> factors, long d) {
        IntExpr s = c == 0 ? null : IntExpr.lit(c);
        for (int i = 0; i < values.size(); i++) {
            long f = factors.get(i) / d;
            if (f != 0) {
                IntExpr term = f == 1 ? values.get(i) : f == -1 ? values.get(i).neg() : values.get(i).times(IntExpr.lit(f));
                s = s == null ? term : s.plus(term, false);
            }
        }
        return s == null ? IntExpr.lit(0) : s;
    }
}
