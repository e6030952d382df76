package seedc.codegen.c.emit;

import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.HalvedSums;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.OpParams;
import seedc.ir.Value;

/**
 * The operands of an element-wise sum with a flash row read in order (ProtoNN's distance {@code WX - B[i]}) as
 * {@link HalvedSums} takes them: each unshifted, with its shift. A value in RAM is shifted at run time (the call's
 * rounding shift); the streamed row and any other constant in flash are read from their copy shifted at compile time,
 * so their shift is 0. Only for the sums ElementwiseEmitter streams, where the target's dialect halves sums by the
 * sign flag (CDialect.halvesSumsBySignFlag).
 */
final class HalvedDistance {
    private HalvedDistance() {}

    /**
     * The sum at element (ia, ib) as one HalvedSums call, or null when that is not its shape.
     *
     * @param streamedA a's read in order (its shift applied), or null
     * @param streamedB the same for b
     */
    static IntExpr sum(Operands r, Value a, IntExpr streamedA, String ia, Value b, IntExpr streamedB, String ib,
                       boolean subtract, OpParams.Add p, Value out) {
        if (a.isInt() || b.isInt()) {
            return null;
        }
        IntExpr x = unshifted(r, a, streamedA, p.shrA(), ia), y = unshifted(r, b, streamedB, p.shrB(), ib);
        int nx = runtimeShift(r, a, streamedA, p.shrA()), ny = runtimeShift(r, b, streamedB, p.shrB());
        return HalvedSums.sum(x, nx, y, ny, subtract, p.width(), p.post(), r.type(out).bits());
    }

    private static IntExpr unshifted(Operands r, Value v, IntExpr streamed, int shift, String idx) {
        if (streamed != null) {
            return streamed;
        }
        return r.operand(v, r.flashSource(v) != null ? shift : 0, idx);
    }

    private static int runtimeShift(Operands r, Value v, IntExpr streamed, int shift) {
        return streamed != null || r.flashSource(v) != null ? 0 : shift;
    }
}
