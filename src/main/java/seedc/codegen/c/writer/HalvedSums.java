package seedc.codegen.c.writer;

import seedc.fixed.FixedArith;

/**
 * An element-wise sum of two 8-bit or two 16-bit values, each shifted (rounding toward zero), halved into 8 or 16
 * bits, as one runtime call: {@code shr(shr(a, na) ± shr(b, nb), post)} for a sum width that holds the exact sum (9 or
 * 17 bits) and post >= 1. IntExpr writes the 8-bit one as {@code sd_shr16((int16_t)((int16_t)(sd_shr8(a, na)) -
 * (int16_t)(b)), post)} and Operands the 16-bit one as {@code sd_subhalf16(sd_shr16(a, na), b)} (ProtoNN's distance
 * {@code WX - B[i]} with B's row read in order). The runtime's {@code sd_shrsubhalf8}, {@code sd_shraddhalf8} and their
 * 16-bit twins take the halving from the sum's S flag (its top bit) and the shifts in the operands' own bytes; the
 * rest of post is IntExpr's shift of the half (truncating shifts compose: trunc(trunc(v / 2) / 2^m) =
 * trunc(v / 2^(m + 1))). Written only where the target's dialect asks for it (CDialect.halvesSumsBySignFlag);
 * elsewhere the C is as before.
 */
public final class HalvedSums {
    private HalvedSums() {}

    /** The largest shift of an 8-bit operand the runtime functions take (their host test checks every pair at each). */
    public static final int MAX_SHIFT_8 = 7;
    /** The same for a 16-bit operand. */
    public static final int MAX_SHIFT_16 = 15;

    /**
     * wrap_outBits(shr(shr(a, na) ± shr(b, nb), post)) as one call, a and b unshifted values and the sum computed in
     * {@code width} bits; null when that is not this shape.
     */
    public static IntExpr sum(IntExpr a, int na, IntExpr b, int nb, boolean subtract, int width, int post, int outBits) {
        int bits = Math.max(a.bits(), b.bits()) <= 8 ? 8 : Math.max(a.bits(), b.bits()) <= 16 ? 16 : 0;
        int maxShift = bits == 8 ? MAX_SHIFT_8 : MAX_SHIFT_16;
        // only where the shifted operands fill the bits, so that their sum needs one more (a narrower sum is one add)
        int widest = Math.max(FixedArith.shrBits(a.bits(), na), FixedArith.shrBits(b.bits(), nb));
        boolean shape = bits > 0 && widest == bits && width > bits && post >= 1;
        if (!shape || na < 0 || na > maxShift || nb < 0 || nb > maxShift) {
            return null;
        }
        String call = (subtract ? "sd_shrsubhalf" : "sd_shraddhalf") + bits + "(" + a.c() + ", " + na + ", " + b.c()
                + ", " + nb + ")";
        return IntExpr.of(call, bits).shrWrap(post - 1, outBits);
    }
}
