package seedc.fixed;

import java.util.Map;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Whether a convolution's or a matrix product's output is exact: its integer at its scale is the real sum of its
 * operands' stored values, nothing rounded and nothing wrapped (what {@link RealThresholds} compares with real
 * thresholds).
 */
final class ExactProducts {
    private ExactProducts() {}

    /**
     * {least, largest} output when the product is exact, else null. Exact: one operand is a quantize's output (its
     * possible values, LowBitProducts.levelValues; a convolution's input) and the other a parameter; the sum is plain
     * (no halving level); each operand's pre-shift drops no bit of any of its values; the terms' common power of two,
     * 2^z with z the trailing zeros of the two operands' greatest common divisors after the pre-shifts, covers the
     * shift into the output (post <= z); and every output's exact sum, over the intervals of its terms (the least
     * and largest activation value times the weight; a padding tap 0), lies within W bits, and after the shift
     * within the output's type: nothing wraps, partial sums that wrap cancel in a plain sum.
     */
    static long[] reach(FixedProgram fp, QuantizedModel qm, Map<Value, Op> defs, Op product) {
        OpParams.Mul p = fp.params(product, OpParams.Mul.class);
        if (p.treeShift() > 0) {
            return null;
        }
        for (int i = 0; i < (product instanceof Op.Conv2d ? 1 : 2); i++) {
            long[] levels = LowBitProducts.levelValues(fp, product.inputs().get(i), defs);
            long[] weights = qm.stored(product.inputs().get(1 - i));
            int shiftLevels = i == 0 ? p.shrA() : p.shrB(), shiftWeights = i == 0 ? p.shrB() : p.shrA();
            if (levels == null || weights == null || !lossless(levels, shiftLevels) || !lossless(weights, shiftWeights)
                    || p.post() > twos(levels, shiftLevels) + twos(weights, shiftWeights)) {
                continue;
            }
            long least = FixedArith.shr(java.util.Arrays.stream(levels).min().orElseThrow(), shiftLevels);
            long most = FixedArith.shr(java.util.Arrays.stream(levels).max().orElseThrow(), shiftLevels);
            long[] lo = new long[weights.length], hi = new long[weights.length];
            for (int t = 0; t < weights.length; t++) {
                long w = FixedArith.shr(weights[t], shiftWeights);
                lo[t] = Math.min(least * w, most * w);
                hi[t] = Math.max(least * w, most * w);
            }
            long[] r = within(fp, p, product, sums(product, i, lo), sums(product, i, hi));
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /**
     * Each output's sum of its terms when the activation (operand i) is 1 everywhere and the weights are {@code w}:
     * the product's own kernel, plain, in 64 bits (a convolution's padding taps left out).
     */
    private static long[] sums(Op product, int i, long[] w) {
        OpParams.Mul plain = new OpParams.Mul(0, 0, 64, 0, 0);
        long[] ones = new long[product.inputs().get(i).size()];
        java.util.Arrays.fill(ones, 1);
        if (product instanceof Op.Conv2d c) {
            return ConvKernels.conv2dShifted(ones, c.x().shape(), w, c.filter().shape(), c.window(), c.groups(),
                    c.out().shape(), plain, 64, WrapSite.IGNORE);
        }
        Op.MatMul m = (Op.MatMul) product;
        int rows = m.a().shape().dim(0), inner = m.a().shape().dim(1), cols = m.b().shape().dim(1);
        return FixedKernels.matmulShifted(i == 0 ? ones : w, i == 0 ? w : ones, rows, inner, cols, plain, 64,
                WrapSite.IGNORE);
    }

    /** {least, largest} output when every sum in [lo, hi] fits W bits and its shift the output's type, else null. */
    private static long[] within(FixedProgram fp, OpParams.Mul p, Op product, long[] lo, long[] hi) {
        FixedType out = fp.type(product.out());
        long wMax = p.width() >= 64 ? Long.MAX_VALUE : (1L << (p.width() - 1)) - 1;
        long least = Long.MAX_VALUE, most = Long.MIN_VALUE;
        for (int e = 0; e < lo.length; e++) {
            long l = FixedArith.shr(lo[e], p.post()), h = FixedArith.shr(hi[e], p.post());
            if (lo[e] < -wMax - 1 || hi[e] > wMax || l < out.min() || h > out.max()) {
                return null;
            }
            least = Math.min(least, l);
            most = Math.max(most, h);
        }
        return new long[] {least, most};
    }

    /** Whether shr(v, n) loses no bit of any v (a left shift never does). */
    private static boolean lossless(long[] values, int n) {
        for (long v : values) {
            if (n > 0 && (v & ((1L << n) - 1)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The trailing zeros of the values' greatest common divisor after shr by n (64 when all are 0). */
    private static int twos(long[] values, int n) {
        long or = 0;
        for (long v : values) {
            or |= FixedArith.shr(v, n);
        }
        return or == 0 ? 64 : Long.numberOfTrailingZeros(or);
    }
}
