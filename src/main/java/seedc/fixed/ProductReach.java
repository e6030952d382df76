package seedc.fixed;

import java.util.Map;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The integers a convolution or a matrix product of a quantized activation (a quantize's levels) and a parameter can
 * store, whatever the program's input: one answer for every reader, the interpreter's real thresholds (which need the
 * product exact, {@link RealThresholds}), the C backends' fused comparisons and the Verilog ROMs.
 */
public final class ProductReach {
    private ProductReach() {}

    /**
     * {least, largest} the product stores, or null (any of its type's). An exact product's is its exact sum's range
     * (ExactProducts.reach); any other's the interval proof's over the levels (OverflowProof.productRange), which
     * checks every partial sum against the temporary's W bits. The two agree where both answer; where the levels
     * exclude 0 a partial sum may leave W bits while the whole sum does not, which the proof refuses but a plain
     * sum makes good (it wraps modulo 2^W like its terms): the exact sum's answer is the right one there
     * (ProductReachTest, brute force over every combination of levels).
     */
    public static long[] of(FixedProgram fp, QuantizedModel qm, Map<Value, Op> defs, Op product) {
        long[] exact = ExactProducts.reach(fp, qm, defs, product);
        if (exact != null) {
            return exact;
        }
        for (int i = 0; i < 2; i++) {
            long[] levels = LowBitProducts.levelRange(fp, product.inputs().get(i), defs);
            long[] r = levels == null ? null : OverflowProof.productRange(fp, qm, product, i, levels[0], levels[1]);
            if (r != null) {
                return r;
            }
        }
        return null;
    }
}
