package seedc.codegen.c.writer;

/**
 * An element-wise sum of two 8-bit values, each shifted (rounding toward zero), halved into 8 bits, as one runtime
 * call: {@code shr(shr(a, na) ± shr(b, nb), post)} for a sum width that holds the exact 9-bit sum and post >= 1, which
 * IntExpr writes as {@code sd_shr16((int16_t)((int16_t)(sd_shr8(a, na)) - (int16_t)(b)), post)} (ProtoNN's distance
 * {@code WX - B[i]} with B's row read in order). The runtime's {@code sd_shrsubhalf8} and {@code sd_shraddhalf8} take
 * the halving from the 8-bit sum's S flag (its 9th bit) instead of a 16-bit sum and shift; the rest of post is
 * IntExpr's shift of the 8-bit half (truncating shifts compose: trunc(trunc(v / 2) / 2^m) = trunc(v / 2^(m + 1))).
 * Written only where the target's dialect asks for it (CDialect.halvesSumsBySignFlag); elsewhere the C is as before.
 */
public final class HalvedSums {
    private HalvedSums() {}

    /** The largest shift of an operand the runtime functions take (their host test checks every operand pair at each). */
    public static final int MAX_OPERAND_SHIFT = 7;

    /**
     * wrap_outBits(shr(shr(a, na) ± shr(b, nb), post)) as one call, a and b unshifted 8-bit values and the sum
     * computed in {@code width} bits; null when that is not this shape.
     */
    public static IntExpr sum(IntExpr a, int na, IntExpr b, int nb, boolean subtract, int width, int post, int outBits) {
        boolean shape = a.bits() <= 8 && b.bits() <= 8 && width >= 9 && post >= 1;
        if (!shape || na < 0 || na > MAX_OPERAND_SHIFT || nb < 0 || nb > MAX_OPERAND_SHIFT) {
            return null;
        }
        String call = (subtract ? "sd_shrsubhalf8(" : "sd_shraddhalf8(") + a.c() + ", " + na + ", " + b.c() + ", " + nb + ")";
        return IntExpr.of(call, 8).shrWrap(post - 1, outBits);
    }
}
