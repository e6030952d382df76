package seedc.codegen.c.writer;

/**
 * An 8x16 product shifted twice into an 8-bit sum as one runtime call: {@code wrap_8(shr(wrap_16(shr(a b, n1)), n2))},
 * which IntExpr writes as {@code sd_shr16((int16_t)sd_shr32(sd_mul8x16(a, b), n1), n2)} (ProtoNN's class scores
 * Z[i] * exp(...) with the exp at 16 bits and the sum at 8). The runtime's {@code sd_mul8x16_shr2_8} computes the same
 * integers from the 24-bit product, reading only the bits the 8-bit sum keeps: on the AVR it took the class-score
 * loop of fixtures/unseen/protonn-letter57-26 from 61.5 to 37.7 cycles an element (BENCHMARKS.md). Written only
 * where the target's dialect asks for it (CDialect.narrowsShiftedProducts); elsewhere the C stays the two shifts.
 */
public final class ShiftedProducts {
    private ShiftedProducts() {}

    /** The shifts the runtime function takes (its test checks every operand pair at each). */
    public static final int MAX_FIRST_SHIFT = 8, MAX_SECOND_SHIFT = 15;

    /**
     * The product of a and b (exact in {@code width} bits) shifted by {@code post} into {@code productBits}, then by
     * {@code shift} into the low 8 bits of a sum of {@code sumBits}, as one call; null when that is not this shape.
     */
    public static IntExpr addedTerm(IntExpr a, IntExpr b, int width, int post, int productBits, int shift, int sumBits) {
        IntExpr[] ab = exact8x16(a, b, width);
        if (ab == null || productBits != 16 || sumBits != 8 || post < 1 || post > MAX_FIRST_SHIFT || shift < 1
                || shift > MAX_SECOND_SHIFT) {
            return null;
        }
        return IntExpr.of("sd_mul8x16_shr2_8(" + ab[0].c() + ", " + ab[1].c() + ", " + post + ", " + shift + ")", 8);
    }

    /**
     * a and b as the runtime's 8x16 products take them, the 8-bit operand first, when one has at most 8 bits, the other
     * 9 to 16 and their product is exact in {@code width} bits (no wrap before the shifts); else null.
     */
    static IntExpr[] exact8x16(IntExpr a, IntExpr b, int width) {
        IntExpr narrow = a.bits() <= b.bits() ? a : b, wide = narrow == a ? b : a;
        boolean shape = narrow.bits() <= 8 && wide.bits() > 8 && wide.bits() <= 16 && a.bits() + b.bits() <= width;
        return shape ? new IntExpr[] {narrow, wide} : null;
    }
}
