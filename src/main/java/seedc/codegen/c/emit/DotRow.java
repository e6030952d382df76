package seedc.codegen.c.emit;

import seedc.codegen.c.emit.DotFunctions.Stream;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.OpParams;
import seedc.ir.Op.MatMul;
import seedc.ir.Value;

/**
 * A whole matrix product of one row into 16 bits as one call of the AVR runtime's {@code sd_dotrow8x16_16},
 * {@code sd_dotrow16x8_16} or {@code sd_dotrow8x8_16} (avr_dot_kernels.h): FastGRNN's input and recurrent products,
 * 1 x k times k x m (fastgrnn-gestures12-8's a = XX[i] * W: 3 terms, 64 outputs), where each output's dot function
 * call, its set-up and the C shift after it cost some 110 Uno cycles beyond the terms. The call computes what
 * {@link DotEmitter}'s loop computes: the plain wrapped 32-bit sum of the terms in their order (no halving levels)
 * and its element {@code (int16_t)(sd_shr32(acc, s))} stored at j, every output in turn; so it is written only where
 * the loop's store is exactly that text (the same integers whatever decided the program). The cost model still
 * prices the product as the loop of dot calls (no term of its own yet).
 */
final class DotRow {
    private DotRow() {}

    /** The fewest and most terms a row takes (8 or fewer unrolled, more two a loop step counted in a byte). */
    static final int MIN_TERMS = 2;
    static final int MAX_TERMS = 255;
    /** The fewest outputs (a call's set-up, some 15 cycles, against the loop's), the most (the count is a byte). */
    static final int MIN_OUTPUTS = 4;
    static final int MAX_OUTPUTS = 255;

    /**
     * The call for matrix product m ({@code rows} x k times k x {@code cols}), its weights b read through
     * {@code weights} (the flash stream one output reads in order, from the first), or null where the shape is not
     * a row's: one row of activations a in RAM, read unshifted, 8 bits beside 16-bit or 8-bit weights or 16 beside 8, a
     * 32-bit plain sum and a 16-bit result stored as {@code (int16_t)(sd_shr32(acc, s))}, 1 <= s <= 16.
     */
    static String call(Operands r, MatMul m, OpParams.Mul p, Stream weights, int rows, int k, int cols) {
        Value a = m.a(), o = m.out();
        boolean shape = rows == 1 && k >= MIN_TERMS && k <= MAX_TERMS && cols >= MIN_OUTPUTS && cols <= MAX_OUTPUTS
                && !a.isInt() && !r.isFlash(a) && r.isFlash(m.b()) && p.shrA() == 0 && p.width() == 32
                && DotFunctions.levels(p, k) == 0 && weights.packed() == null && weights.shift() == 0
                && !r.comparedAtStore(m) && r.type(o).bits() == 16;
        if (!shape) {
            return null;
        }
        int aBits = IntExpr.container(r.type(a).bits()), wBits = IntExpr.container(weights.bits());
        String read = weights.read();
        String fn = aBits == 8 && wBits == 16 && read.equals("SD_NEXT16(%s)") ? "sd_dotrow8x16_16"
                : aBits == 16 && wBits == 8 && read.equals("SD_NEXT8(%s)") ? "sd_dotrow16x8_16"
                : aBits == 8 && wBits == 8 && read.equals("SD_NEXT8(%s)") ? "sd_dotrow8x8_16" : null;
        int s = shift(r.finish(IntExpr.of("ACC", 32), p, o).c());
        if (fn == null || s < 1 || s > 16) {
            return null;
        }
        return fn + "((int16_t *)" + CNames.var(o) + ", (const int" + aBits + "_t *)" + CNames.var(a) + ", (const int"
                + wBits + "_t *)(" + weights.start() + "), " + cols + ", " + k + ", " + s + ");";
    }

    /** s where the store's element is {@code (int16_t)(sd_shr32(ACC, s))}; else -1. */
    private static int shift(String element) {
        String head = "(int16_t)(sd_shr32(ACC, ", tail = "))";
        if (!element.startsWith(head) || !element.endsWith(tail)) {
            return -1;
        }
        String s = element.substring(head.length(), element.length() - tail.length());
        return s.matches("[0-9]{1,2}") ? Integer.parseInt(s) : -1;
    }
}
