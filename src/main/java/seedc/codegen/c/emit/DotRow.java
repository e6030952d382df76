package seedc.codegen.c.emit;

import seedc.codegen.c.emit.DotFunctions.Stream;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.DotRowProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op.MatMul;
import seedc.ir.Value;

/**
 * A whole matrix product of one row into 16 or 8 bits as one call of the AVR runtime's {@code sd_dotrow8x16_16},
 * {@code sd_dotrow8x8_8}, {@code sd_dotrow8x8_16shl}, ... (avr_dot_kernels.h): FastGRNN's input and recurrent
 * products, the recurrent ONNX cells', a classifier's, 1 x k times k x m (fastgrnn-gestures12-8's a = XX[i] * W: 3
 * terms, 64 outputs), where each output's dot function call, its set-up and the C shift after it cost some 110 Uno
 * cycles beyond the terms. Which products, with which function and shift, is the IR-level fact
 * {@link seedc.fixed.IdiomCalls#dotRow} ({@link DotRowProducts}, which the cost model prices too); this writes it, and
 * first checks that the C it replaces is the row's: the weights' stream a dense flash copy of the fact's width read in
 * order, and the loop's store of its sum (the plain wrapped 32-bit sum of {@link DotEmitter}'s loop, no halving
 * levels) the one the row's function makes at the fact's shift ({@link #store}), so that the call computes the same
 * integers; else an internal error, never a row on the fact's word alone.
 */
final class DotRow {
    private DotRow() {}

    /**
     * The call of {@code row} for matrix product m, its weights b read through {@code weights} (the flash stream one
     * output reads in order, from the first, in the loop's layout and variant).
     */
    static String call(DotRowProducts.Row row, Operands r, MatMul m, OpParams.Mul p, Stream weights) {
        Value a = m.a(), o = m.out();
        int aBits = IntExpr.container(r.type(a).bits());
        String store = r.finish(IntExpr.of("ACC", 32), p, o).c();
        boolean same = weights.packed() == null && weights.shift() == 0
                && weights.read().equals("SD_NEXT" + row.fn().bBits + "(%s)")
                && IntExpr.container(weights.bits()) == row.fn().bBits && aBits == row.fn().aBits
                && store.equals(store(row.fn(), row.shift()));
        if (!same) {
            throw new IllegalStateException(o.name() + ": the loop's weights read " + weights.read() + " ("
                    + weights.bits() + " bits) and stores " + store + ", not what " + row.fn().cName() + " at shift "
                    + row.shift() + " computes: DotRowProducts disagrees with the C writers");
        }
        return row.fn().cName() + "((int" + row.fn().outBits + "_t *)" + CNames.var(o) + ", (const int" + aBits
                + "_t *)" + CNames.var(a) + ", (const int" + row.fn().bBits + "_t *)(" + weights.start() + "), "
                + row.outputs() + ", " + row.terms() + ", " + row.shift() + ");";
    }

    /**
     * The C store of a 32-bit sum ACC that function fn makes at shift s, as the C writers spell it: right by s, the
     * sum biased where negative, in 32 bits (sd_shr32) or, where bits s .. s + 7 of an 8-bit result lie in the low 16
     * (s <= 8), in 16; left by s in the result's unsigned type; wrapped to the result's bits.
     */
    static String store(DotRowProducts.Fn fn, int s) {
        String t = "int" + fn.outBits + "_t", u = "u" + t;
        if (fn.shl) {
            return s == 0 ? "(" + t + ")(ACC)" : "(" + t + ")(" + u + ")(1u * (" + u + ")(ACC) << " + s + ")";
        }
        if (fn.outBits == 8 && s <= 8) {
            return "(int8_t)(uint16_t)((uint16_t)((uint16_t)ACC + (ACC < 0 ? " + ((1 << s) - 1) + "u : 0u)) >> " + s
                    + ")";
        }
        return "(" + t + ")(sd_shr32(ACC, " + s + "))";
    }
}
