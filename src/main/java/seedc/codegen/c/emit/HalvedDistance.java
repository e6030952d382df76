package seedc.codegen.c.emit;

import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.HalvedSums;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.ir.Value;

/**
 * The operands of an element-wise sum with a flash row read in order (ProtoNN's distance {@code WX - B[i]}) as
 * {@link HalvedSums} takes them: each unshifted, with its shift. A value in RAM is shifted at run time (the call's
 * rounding shift); the streamed row and any other constant in flash are read from their copy shifted at compile time,
 * so their shift is 0 (IdiomCalls.SumCall's shifts say the same). Only for the sums {@link IdiomCalls#halvedSum} names.
 */
final class HalvedDistance {
    private HalvedDistance() {}

    /**
     * The sum at element (ia, ib) as the call {@code call} ({@link IdiomCalls#halvedSum}; null: none, and so null).
     *
     * @param streamedA a's read in order (its shift applied), or null
     * @param streamedB the same for b
     */
    static IntExpr sum(Operands r, Value a, IntExpr streamedA, String ia, Value b, IntExpr streamedB, String ib,
                       IdiomCalls.SumCall call, OpParams.Add p, Value out) {
        if (call == null) {
            return null;
        }
        IntExpr x = unshifted(r, a, streamedA, p.shrA(), ia), y = unshifted(r, b, streamedB, p.shrB(), ib);
        return HalvedSums.sum(x, y, call, r.type(out).bits());
    }

    private static IntExpr unshifted(Operands r, Value v, IntExpr streamed, int shift, String idx) {
        if (streamed != null) {
            return streamed;
        }
        return r.operand(v, r.flashSource(v) != null ? shift : 0, idx);
    }
}
