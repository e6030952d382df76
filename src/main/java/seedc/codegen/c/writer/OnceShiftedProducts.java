package seedc.codegen.c.writer;

/**
 * An element-wise 8x16 product shifted once into 16 or 8 bits as one runtime call: {@code wrap_w(shr(a b, n))}, which
 * IntExpr writes as {@code (intW_t)(sd_shr32(sd_mul8x16(a, b), n))} (FastGRNN's {@code g <*> H} with the sigmoid at
 * 16 bits, its {@code zeta * (1.0 - g)} with zeta at 16). The runtime's {@code sd_mul8x16_shr_16} and
 * {@code sd_mul8x16_shr_8} compute the same integers from the 24-bit product, reading only the bits the result keeps,
 * where avr-gcc shifted a 32-bit product a bit at a time. Written only where the target's dialect asks for it
 * (CDialect.narrowsShiftedProducts, as {@link ShiftedProducts}); elsewhere the C stays the shift.
 */
public final class OnceShiftedProducts {
    private OnceShiftedProducts() {}

    /** The shifts the runtime functions take (the result's bits stay below the product's 24; the test checks each). */
    public static final int MAX_SHIFT_16 = 8, MAX_SHIFT_8 = 16;

    /**
     * The product of a and b (exact in {@code width} bits) shifted by {@code post} into {@code outBits}, as one call;
     * null when that is not this shape.
     */
    public static IntExpr element(IntExpr a, IntExpr b, int width, int post, int outBits) {
        IntExpr[] ab = ShiftedProducts.exact8x16(a, b, width);
        int max = outBits == 16 ? MAX_SHIFT_16 : outBits == 8 ? MAX_SHIFT_8 : 0;
        if (ab == null || post < 1 || post > max) {
            return null;
        }
        return IntExpr.of("sd_mul8x16_shr_" + outBits + "(" + ab[0].c() + ", " + ab[1].c() + ", " + post + ")", outBits);
    }
}
