package seedc.codegen.c.emit;

import seedc.codegen.c.writer.CNames;
import seedc.ir.Value;

/**
 * A whole element-wise loop over a RAM array and a flash row read in order as one call of the runtime's row loops
 * ({@code sd_addrow8}, {@code sd_subrow8}, {@code sd_shr{sub,add}half{8,16}_row}: on the AVR one asm loop with a, the
 * row and the result in X, Z and Y). Their contract, written once for both emitters that call them
 * ({@link ElementwiseEmitter}'s wrapped sums, {@link HalvedDistance}'s halved ones): every operand as long as the
 * result, and the count a byte.
 */
final class RowLoop {
    private RowLoop() {}

    /** The most elements a row loop takes (its count is a byte). */
    static final int MAX_ELEMENTS = 255;

    /** Whether a (the RAM array), b (the row) and out have the shape a row loop takes. */
    static boolean fits(Value a, Value b, Value out) {
        return a.size() == out.size() && b.size() == out.size() && out.size() <= MAX_ELEMENTS;
    }

    /**
     * The call {@code fn((intB_t *)out, (const intB_t *)a, pointer, n[, tail]);}, {@code tail} the function's own
     * arguments after the count (empty: none).
     */
    static String call(String fn, int bits, Value out, Value a, String pointer, String tail) {
        String t = "int" + bits + "_t";
        return fn + "((" + t + " *)" + CNames.var(out) + ", (const " + t + " *)" + CNames.var(a) + ", " + pointer + ", "
                + out.size() + (tail.isEmpty() ? "" : ", " + tail) + ");";
    }
}
