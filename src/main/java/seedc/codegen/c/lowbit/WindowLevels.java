package seedc.codegen.c.lowbit;

import seedc.codegen.c.threshold.ExactSum;
import seedc.codegen.c.threshold.Steps;
import seedc.codegen.c.threshold.Thresholds;
import seedc.fixed.OpParams;

/**
 * A convolution on window tables (PlaneKernel.WindowTables) whose output goes straight into a chain compared at its
 * store (Thresholds), its steps over the exact sum known: the sum and the chain folded into two tables, so that an
 * output is three flash reads. The sum held, acc = (K_f + g sum_i 2^i W_f(P_i)) / e (ExactSum over PlaneSum: K_f the
 * constant and row f's value-number term, e the factors' divisor), with W_f(P) = (f_sq popcount(P) + f_pc R_f(P)) / g
 * for the pattern P_i of plane i (g the two factors' divisor); {@code weights} holds W_f(P) (a byte, P vectors + f) and {@code outputs} row f's chain
 * output for every S = sum_i 2^i W_f(P_i) from {@code least} on ({@code span} of them), the steps' result at acc
 * (cnn-digits-w2a2i2's first convolution, where the sum and a table of the chain took about 50 cycles an output).
 */
public record WindowLevels(long[] weights, long[] outputs, long least, int span) {
    /** The most bytes of the chain's table. */
    private static final int MOST_BYTES = 2048;

    /**
     * The tables of product p (its multiplication {@code mul}, its output's bits {@code outBits}) and the chain c it
     * stores into, or null when the sum is not exact, its steps over the sum are not known, a W is beyond a byte or
     * the chain's table beyond {@link #MOST_BYTES}.
     */
    public static WindowLevels of(PlaneProduct p, OpParams.Mul mul, int outBits, Thresholds.Chain c) {
        PlaneSum all = PlaneSum.of(p, "codes", "f");
        ExactSum exact = all.exact(mul.width(), true);
        if (exact == null || exact.twos() > 30) {
            return null;
        }
        Steps onT = all.stepsOver(exact, mul, outBits, c);
        if (onT == null) {
            return null;
        }
        long e = exact.factor() << exact.twos();
        long[] r = BitPlaneWeights.windowTables(p), codes = BitPlaneWeights.codeSums(p);
        int vectors = codes.length, planes = p.activation().planes();
        long fsq = all.sq().factor(), fpc = all.pc().factor();
        long g = java.math.BigInteger.valueOf(fsq).gcd(java.math.BigInteger.valueOf(fpc)).longValueExact();
        if (g == 0) {
            return null;
        }
        long[] w = new long[r.length];
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int i = 0; i < r.length; i++) {
            w[i] = (fsq * Integer.bitCount(i / vectors) + fpc * r[i]) / g;
            lo = Math.min(lo, w[i]);
            hi = Math.max(hi, w[i]);
        }
        long scale = (1L << planes) - 1; // sum_i 2^i
        long least = scale * lo, span = scale * (hi - lo) + 1;
        if (lo < Byte.MIN_VALUE || hi > Byte.MAX_VALUE || span * vectors > MOST_BYTES) {
            return null;
        }
        long[] out = new long[(int) (span * vectors)];
        for (int f = 0; f < vectors; f++) {
            long k = all.constant() + all.codes().factor() * codes[f];
            for (long s = least; s < least + span; s++) {
                out[(int) (f * span + s - least)] = onT.outputAt(f % c.channels(), Math.floorDiv(k + g * s, e));
            }
        }
        return new WindowLevels(w, out, least, (int) span);
    }
}
