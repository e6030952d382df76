package seedc.codegen.c.emit;

import java.util.ArrayList;
import java.util.List;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.HalvedSums;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.fixed.SquaredDistances;
import seedc.ir.Value;

/**
 * The operands of an element-wise sum with a flash row read in order (ProtoNN's distance {@code WX - B[i]}) as
 * {@link HalvedSums} takes them: each unshifted, with its shift. A value in RAM is shifted at run time (the call's
 * rounding shift); the streamed row and any other constant in flash are read from their copy shifted at compile time,
 * so their shift is 0 (IdiomCalls.SumCall's shifts say the same). Only for the sums {@link IdiomCalls#halvedSum} names.
 * Where the whole loop is the call on a RAM array and the row, it is one call of the runtime's row loop instead
 * ({@link #row}: on the AVR an asm loop with a, the row and the result in X, Z and Y, where avr-gcc's loop of calls
 * moved one pointer between a and the result), the same calls' steps element by element, so the same integers. Where
 * only a squared norm reads the sum ({@link SquaredDistances}), the norm is one call of the runtime's loop that sums
 * the elements' squares as it computes them ({@link #norm}), and the sum has no code.
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

    /**
     * The whole loop of the sum as one row call, e.g. {@code sd_shrsubhalf8_row((int8_t *)v_del, (const int8_t *)v_WX,
     * sd_next1, 12, 1, 0);}, where a is a whole array in RAM read at k, b the row read in order through {@code pointer},
     * the half the element itself (post 1, stored at the call's width) and the count a byte (the runtime's row loop;
     * the AVR's keeps a, the row and out in X, Z and Y); null where the loop of calls stays.
     */
    static String row(Operands r, Value a, Value b, String pointer, IdiomCalls.SumCall call, OpParams.Add p, Value out) {
        int bits = call == null ? 0 : call.fn().resultBits;
        if (call == null || pointer == null || call.post() != 1 || IntExpr.container(r.type(out).bits()) != bits
                || !RowLoop.fits(a, b, out)
                || !unshifted(r, a, null, p.shrA(), "k").c().equals(CNames.element(a, "k"))) {
            return null;
        }
        return RowLoop.call(call.fn().cName() + "_row", bits, out, a, pointer, call.aShift() + ", " + call.bShift());
    }

    /**
     * The squared norm of such a sum, or of a wrapped 8-bit one, as one call of the runtime's loop
     * ({@link SquaredDistances}: ProtoNN's {@code |WX - B[i]|^2}), e.g.
     * {@code sd_sumsq_shrsubhalf16_row((const int16_t *)v_WX, sd_next1, 16, 1, 0)}: the exact sum of the elements'
     * squares, wrapped to the product's width (its plain sum of unshifted squares, modulo 2^W) and finished into its
     * output; the row's pointer declared before it, as the sum's own loop would.
     */
    static void norm(CWriter w, Operands r, FlashStream stream, SquaredDistances.Distance d) {
        OpParams.Mul p = r.params(d.norm(), OpParams.Mul.class);
        OpParams.Add ps = r.params(d.sum(), OpParams.Add.class);
        List<String> before = new ArrayList<>();
        String pointer = FlashStream.pointer(1);
        stream.read(d.row(), ps.shrB(), pointer, before);
        String shifts = d.call() == null ? "" : ", " + d.loopAShift() + ", " + d.call().bShift();
        String call = d.fn() + "((const int" + d.bits() + "_t *)" + CNames.var(d.a()) + ", " + pointer + ", "
                + d.a().size() + shifts + ")";
        w.block("", () -> {
            before.forEach(w::line);
            // in a variable of its own: the finishing shift of a variable keeps to the bits it needs (IntExpr.shrWrap)
            IntExpr sum = IntExpr.of(call, d.sumBits()).wrap(p.width());
            w.line(sum.ctype() + " sd_sq = " + sum.c() + ";");
            IntExpr sq = IntExpr.of("sd_sq", sum.bits());
            // unwrapped, the sum of squares is never negative: its finishing shift has no sign to test
            IntExpr finished = d.sumBits() <= p.width() ? sq.shrWrapNonNegative(p.post(), r.type(d.norm().out()).bits())
                    : r.finish(sq, p, d.norm().out());
            r.store(w, d.norm(), "0", "0", Stored.of(finished));
        });
    }

    /**
     * Where the norm's loop reads a shifted once ({@link SquaredDistances.Distance#aShiftedOnce}), after a's definition:
     * each element of a divided by 2^s rounding toward zero in place, the call's own rounding shift (sd_shr16), e.g.
     * {@code for (sd_idx k = 0; k < 16; k++) v_WX[k] = sd_shr16(v_WX[k], 1);}.
     */
    static void shiftOnce(CWriter w, SquaredDistances.Distance d) {
        String element = CNames.element(d.a(), "k");
        w.loop("k", d.a().size(), () -> w.line(element + " = sd_shr" + d.bits() + "(" + element + ", "
                + d.call().aShift() + ");"));
    }

    private static IntExpr unshifted(Operands r, Value v, IntExpr streamed, int shift, String idx) {
        if (streamed != null) {
            return streamed;
        }
        return r.operand(v, r.flashSource(v) != null ? shift : 0, idx);
    }
}
