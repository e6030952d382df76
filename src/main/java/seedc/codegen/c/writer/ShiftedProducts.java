package seedc.codegen.c.writer;

import seedc.fixed.IdiomCalls;

/**
 * An 8x16 product shifted twice into an 8-bit sum as one runtime call: {@code wrap_8(shr(wrap_16(shr(a b, n1)), n2))},
 * which IntExpr writes as {@code sd_shr16((int16_t)sd_shr32(sd_mul8x16(a, b), n1), n2)} (ProtoNN's class scores
 * Z[i] * exp(...) with the exp at 16 bits and the sum at 8). The runtime's {@code sd_mul8x16_shr2_8} computes the same
 * integers from the 24-bit product, reading only the bits the 8-bit sum keeps: on the AVR it took the class-score
 * loop of fixtures/unseen/protonn-letter57-26 from 61.5 to 37.7 cycles an element (BENCHMARKS.md). Where it is written
 * is {@link IdiomCalls#addedTerm}'s decision (on the fixed IR, which the cost model reads too); this writes it.
 */
public final class ShiftedProducts {
    private ShiftedProducts() {}

    /** The product of a and b as the call {@code call} (null: none, and so null) computes it, its 8 bits. */
    public static IntExpr addedTerm(IntExpr a, IntExpr b, IdiomCalls.ProductCall call) {
        if (call == null) {
            return null;
        }
        IntExpr[] ab = ordered(a, b, call);
        return IntExpr.of(call.fn().cName() + "(" + ab[0].c() + ", " + ab[1].c() + ", " + call.post() + ", "
                + call.shift() + ")", call.fn().resultBits);
    }

    /**
     * a and b as the runtime's 8x16 products take them, the 8-bit operand first, as {@code call} says; an operand
     * whose C read is not as wide as the fact took it is a disagreement between the two sides, not a program to write.
     */
    static IntExpr[] ordered(IntExpr a, IntExpr b, IdiomCalls.ProductCall call) {
        IdiomOperands.agree(a, b, call);
        return call.aFirst() ? new IntExpr[] {a, b} : new IntExpr[] {b, a};
    }
}
