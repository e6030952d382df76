package seedc.codegen.c.writer;

import seedc.fixed.IdiomCalls;

/**
 * An element-wise 8x16 product shifted once into 16 or 8 bits as one runtime call: {@code wrap_w(shr(a b, n))}, which
 * IntExpr writes as {@code (intW_t)(sd_shr32(sd_mul8x16(a, b), n))} (FastGRNN's {@code g <*> H} with the sigmoid at
 * 16 bits, its {@code zeta * (1.0 - g)} with zeta at 16). The runtime's {@code sd_mul8x16_shr_16} and
 * {@code sd_mul8x16_shr_8} compute the same integers from the 24-bit product, reading only the bits the result keeps,
 * where avr-gcc shifted a 32-bit product a bit at a time. Where it is written is {@link IdiomCalls#element}'s decision
 * (as {@link ShiftedProducts}'); this writes it.
 */
public final class OnceShiftedProducts {
    private OnceShiftedProducts() {}

    /** The product of a and b as the call {@code call} (null: none, and so null) computes it, in its result's bits. */
    public static IntExpr element(IntExpr a, IntExpr b, IdiomCalls.ProductCall call) {
        if (call == null) {
            return null;
        }
        IntExpr[] ab = ShiftedProducts.ordered(a, b, call);
        return IntExpr.of(call.fn().cName() + "(" + ab[0].c() + ", " + ab[1].c() + ", " + call.post() + ")",
                call.fn().resultBits);
    }
}
