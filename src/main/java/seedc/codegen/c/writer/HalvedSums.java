package seedc.codegen.c.writer;

import seedc.fixed.IdiomCalls;

/**
 * An element-wise sum of two 8-bit or two 16-bit values, each shifted (rounding toward zero), halved into 8 or 16
 * bits, as one runtime call: {@code shr(shr(a, na) ± shr(b, nb), post)} for a sum width that holds the exact sum (9 or
 * 17 bits) and post >= 1. IntExpr writes the 8-bit one as {@code sd_shr16((int16_t)((int16_t)(sd_shr8(a, na)) -
 * (int16_t)(b)), post)} and Operands the 16-bit one as {@code sd_subhalf16(sd_shr16(a, na), b)} (ProtoNN's distance
 * {@code WX - B[i]} with B's row read in order). The runtime's {@code sd_shrsubhalf8}, {@code sd_shraddhalf8} and their
 * 16-bit twins take the halving from the sum's S flag (its top bit) and the shifts in the operands' own bytes; the
 * rest of post is IntExpr's shift of the half (truncating shifts compose: trunc(trunc(v / 2) / 2^m) =
 * trunc(v / 2^(m + 1))). Where it is written is {@link IdiomCalls#halvedSum}'s decision; this writes it.
 */
public final class HalvedSums {
    private HalvedSums() {}

    /**
     * wrap_outBits(shr(shr(a, na) ± shr(b, nb), post)) as the call {@code call} (null: none, and so null) computes it,
     * a and b unshifted values as wide as the call takes them (else the two sides disagree: an error).
     */
    public static IntExpr sum(IntExpr a, IntExpr b, IdiomCalls.SumCall call, int outBits) {
        if (call == null) {
            return null;
        }
        IdiomOperands.agree(a, b, call);
        String c = call.fn().cName() + "(" + a.c() + ", " + call.aShift() + ", " + b.c() + ", " + call.bShift() + ")";
        return IntExpr.of(c, call.fn().resultBits).shrWrap(call.post() - 1, outBits);
    }
}
