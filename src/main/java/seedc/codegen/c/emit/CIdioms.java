package seedc.codegen.c.emit;

/**
 * The target's instruction-set idioms the generic emitter writes, each a C dialect's answer (CDialect.idioms): every
 * one is the same integers written another way, chosen where measurement showed it pays.
 *
 * @param readsFlashRowsInOrder  a flash row read at k = 0, 1, ... is read through a pointer ({@link FlashStream}: the
 *                               AVR's lpm Z+ reads and advances in one instruction)
 * @param narrowsShiftedProducts an 8x16 product shifted into a narrow result is one runtime call reading only the bits
 *                               the result keeps (ShiftedProducts, OnceShiftedProducts: the AVR shifts 32 bits a bit
 *                               at a time)
 * @param halvesSumsBySignFlag   a halving sum of shifted operands takes the exact sum's top bit from the subtract's
 *                               sign flag ({@link HalvedDistance}: the AVR, where the sum would be widened first)
 */
public record CIdioms(boolean readsFlashRowsInOrder, boolean narrowsShiftedProducts, boolean halvesSumsBySignFlag) {
    /** The same flags as the IR-level fact of the calls they make reads them ({@link seedc.fixed.IdiomCalls}). */
    public seedc.fixed.IdiomCalls.Flags flags() {
        return new seedc.fixed.IdiomCalls.Flags(readsFlashRowsInOrder, narrowsShiftedProducts, halvesSumsBySignFlag);
    }
}
