package seedc.codegen.c.emit;

import seedc.codegen.c.writer.CNames;
import seedc.ir.Value;

/**
 * A whole element-wise loop over a RAM array and a flash row read in order as one call of the runtime's row loops
 * ({@code sd_addrow8}, {@code sd_subrow8}, {@code sd_shr{sub,add}half{8,16}_row}: on the AVR one asm loop with a, the
 * row and the result in X, Z and Y). Their contract, written once for the emitters that call them
 * ({@link ElementwiseEmitter}'s wrapped sums, {@link HalvedDistance}'s halved ones, {@link ElementwiseRows}' loops
 * of two RAM arrays and table reads): every operand as long as the result, and the count a byte.
 */
final class RowLoop {
    private RowLoop() {}

    /** The most elements a row loop takes (its count is a byte). */
    static final int MAX_ELEMENTS = seedc.fixed.IdiomCalls.ROW_MAX_ELEMENTS;

    /** Whether a (the RAM array), b (the row) and out have the shape a row loop takes. */
    static boolean fits(Value a, Value b, Value out) {
        return a.size() == out.size() && b.size() == out.size() && out.size() <= MAX_ELEMENTS;
    }

    /**
     * The call {@code fn((intB_t *)out, (const intB_t *)a, pointer, n[, tail]);}, {@code tail} the function's own
     * arguments after the count (empty: none).
     */
    static String call(String fn, int bits, Value out, Value a, String pointer, String tail) {
        return call(fn, bits, bits, out, a, pointer, tail);
    }

    /**
     * The same with out of {@code outBits} and a of {@code aBits} bits, and {@code second} the second operand as the
     * call takes it (a row's pointer, another RAM array, a table: ElementwiseRows' row loops).
     */
    static String call(String fn, int outBits, int aBits, Value out, Value a, String second, String tail) {
        return fn + "((int" + outBits + "_t *)" + CNames.var(out) + ", (const int" + aBits + "_t *)" + CNames.var(a)
                + ", " + second + ", " + out.size() + (tail.isEmpty() ? "" : ", " + tail) + ");";
    }
}
