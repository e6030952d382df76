package seedc.codegen.c.emit;

import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.IdiomCalls;
import seedc.ir.Value;

/**
 * A sum loop's product added as computed ({@link AddedAsComputed}) written as one call of the runtime's class-score
 * row, {@code sd_addscores8(res, pointer, e, n, L, S)} or {@code sd_addscores16}: res[k] = wrap_R(res[k] +
 * trunc(wrap_16(z[k] e 2^L) / 2^S)), on the AVR one asm loop (z through Z, res through X and Y) where avr-gcc's loop of
 * the element expression took 38.4 cycles an element on protonn-letter-26 (ProtoNN's class scores, Z[i] * exp(...));
 * or, where each element is {@link IdiomCalls#addedTerm}'s call (an 8-bit z by a 16-bit e, into an 8-bit sum), the
 * row of those calls, {@code sd_addscores8x16(res, pointer, e, n, post, shift)} (37.8 cycles an element on
 * fixtures/unseen/protonn-letter57-26 as avr-gcc's loop of the calls). Where the row is called, with which shifts, is
 * the IR-level fact {@link IdiomCalls#scoreRow} (which the cost model prices too); this writes it.
 */
final class ClassScoreRow {
    private ClassScoreRow() {}

    /**
     * The call that adds every element of the product into {@code sum} as {@code row} says.
     *
     * @param z       the streamed operand's C read (the 8-bit flash row), read through {@code pointer}
     * @param e       the other operand's C read, one value for every element
     */
    static String call(IdiomCalls.ScoreRow row, Value sum, IntExpr z, String pointer, IntExpr e) {
        if (z.width() != 8 || e.width() != (row.fn() == IdiomCalls.Row.ADDSCORES8X16 ? 16 : 8)) {
            throw new IllegalStateException(sum.name() + ": the C reads' widths (" + z.bits() + ", " + e.bits()
                    + ") are not those of " + row.fn().cName() + ": IdiomCalls.scoreRow disagrees");
        }
        String resType = row.fn() == IdiomCalls.Row.ADDSCORES16 ? "int16_t" : "int8_t";
        return row.fn().cName() + "((" + resType + " *)" + CNames.var(sum) + ", " + pointer + ", " + e.c() + ", "
                + sum.size() + ", " + row.first() + ", " + row.second() + ");";
    }
}
