package seedc.codegen.c.emit;

import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedType;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.ir.Value;

/**
 * A sum loop's product added as computed ({@link AddedAsComputed}) written as one call of the runtime's class-score
 * row, {@code sd_addscores8(res, pointer, e, n, L, S)} or {@code sd_addscores16}: res[k] = wrap_R(res[k] +
 * trunc(wrap_16(z[k] e 2^L) / 2^S)), on the AVR one asm loop (z through Z, res through X and Y) where avr-gcc's loop of
 * the element expression took 38.4 cycles an element on protonn-letter-26 (ProtoNN's class scores, Z[i] * exp(...)).
 * Only the shape whose C the call equals, element by element: z the 8-bit flash row read in order (the one operand
 * {@link FlashStream} streams, so only where the target reads rows so), e one 8-bit value read once, their product exact
 * in the op's width, shifted left by L = -post into the product's 16 bits, the sum 8 or 16 bits at a scale S above.
 * Where {@link IdiomCalls#addedTerm} names a call for each element (an 8-bit z by a 16-bit e, into an 8-bit sum), the
 * row of those calls, {@code sd_addscores8x16(res, pointer, e, n, post, shift)} (37.8 cycles an element on
 * fixtures/unseen/protonn-letter57-26 as avr-gcc's loop of the calls).
 */
final class ClassScoreRow {
    private ClassScoreRow() {}

    /** The largest left shift of the product and the right shifts into the sum the runtime's row takes. */
    static final int MAX_LEFT = 7, MIN_RIGHT = 1, MAX_RIGHT = 15;

    /**
     * The fewest elements for which the row is called: at two pairs its loop runs. Below, avr-gcc writes the loop of
     * element expressions as straight code addressing res directly (lds/sts), and the call, which holds res's address
     * in X, cost the loop around it registers: protonn-cancer-2 (2 classes) took 14,273 Uno cycles with the call
     * against 14,209 without (BENCHMARKS.md). Measured on that one fixture; 3 elements on none.
     */
    static final int MIN_ELEMENTS = 4;

    /**
     * The call that adds every element of the product into {@code sum}, or null where the loop of element expressions
     * stays.
     *
     * @param streamed the operand read in order (its C read), null when none is
     * @param pointer  the pointer it is read through
     * @param once     the other operand, one value for every element (its C read), null when it is read at k
     * @param narrowed the call that computes each element ({@link IdiomCalls#addedTerm}), or null
     * @param product  the product's type; {@code sumType} the sum's
     */
    static String call(Value sum, IntExpr streamed, String pointer, IntExpr once, OpParams.Mul p,
                       IdiomCalls.ProductCall narrowed, FixedType product, FixedType sumType) {
        if (streamed == null || once == null || streamed.width() != 8 || sum.size() < MIN_ELEMENTS
                || sum.size() > RowLoop.MAX_ELEMENTS) {
            return null;
        }
        if (narrowed != null) { // the row of its calls, where the streamed operand is the call's 8-bit one
            return once.width() != 16 ? null : "sd_addscores8x16((int8_t *)" + CNames.var(sum) + ", " + pointer + ", "
                    + once.c() + ", " + sum.size() + ", " + narrowed.post() + ", " + narrowed.shift() + ");";
        }
        if (once.width() != 8) {
            return null;
        }
        int left = -p.post(), right = product.scale() - sumType.scale(), bits = sumType.bits();
        boolean shape = p.width() >= 16 && product.bits() == 16 && left >= 0 && left <= MAX_LEFT
                && right >= MIN_RIGHT && right <= MAX_RIGHT && (bits == 8 || bits == 16);
        if (!shape) {
            return null;
        }
        return "sd_addscores" + bits + "((int" + bits + "_t *)" + CNames.var(sum) + ", " + pointer + ", " + once.c()
                + ", " + sum.size() + ", " + left + ", " + right + ");";
    }
}
