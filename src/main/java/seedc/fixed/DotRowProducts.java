package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products the C computes whole as one call of the AVR runtime's whole-row dot products
 * (avr_dot_kernels.h: {@code sd_dotrow8x16_16}, {@code sd_dotrow16x8_16}, {@code sd_dotrow8x8_16}), decided on the
 * fixed IR alone (the operands' and result's types, the product's OpParams, which values are in flash and the bits
 * of the weights' flash copy) and the target's idioms: FastGRNN's input and recurrent products, 1 x k times k x m.
 * seedc.codegen.c.emit.DotRow writes exactly the calls named here (and fails where the C it would replace is not
 * the row's), seedc.cost prices them by terms of their own ({@code MatMul.dotrow.FN}).
 *
 * <p>The row computes what the dot functions' loop computes: for every output j the plain wrapped 32-bit sum of the
 * k terms a[q] * b[q][j] in order, then wrap_16(shr(sum, s)). So the shape is: one row of activations a in RAM read
 * unshifted, b in flash (its copy shifted by the op's shrB, stored transposed, dense: not packed), 8-bit activations
 * by 16- or 8-bit weights or 16-bit activations by 8-bit weights (the C containers of the reads), a plain sum (no
 * halving levels) in 32 bits, and a 16-bit result shifted right by post, 1-15 (at 16 the shifted sum fits and the C
 * stores it without the wrap the row's store is). Whether a comparison stores the product (a quantize fused into
 * its store) stays the backends' decision, as in {@link IdiomCalls}: the cost model assumes the plain store.
 */
public final class DotRowProducts {
    /** The fewest and most terms a row takes (its count is a byte). */
    public static final int MIN_TERMS = 2, MAX_TERMS = 255;
    /** The fewest outputs (a call's set-up against the loop's), the most (the count is a byte). */
    public static final int MIN_OUTPUTS = 4, MAX_OUTPUTS = 255;
    /** The shifts of the 32-bit sum into the 16-bit result the rows take where the C's store wraps. */
    public static final int MIN_SHIFT = 1, MAX_SHIFT = 15;

    /** The runtime's whole-row products, by their C names: activations' bits x weights' bits into 16 bits. */
    public enum Fn {
        DOTROW8X16_16(8, 16), DOTROW16X8_16(16, 8), DOTROW8X8_16(8, 8);

        /** The C containers of the activations' and the weights' reads. */
        public final int aBits, bBits;

        Fn(int aBits, int bBits) {
            this.aBits = aBits;
            this.bBits = bBits;
        }

        /** The function's name in C (sd_dotrow8x16_16, ...). */
        public String cName() {
            return "sd_" + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One product as one call: {@code fn(out, a, b, outputs, terms, shift)}, every output the sum of {@code terms}
     * products shifted right by {@code shift} into 16 bits.
     */
    public record Row(Fn fn, int terms, int outputs, int shift) {}

    private final FixedProgram fp;
    private final FlashRowReads rows;
    private final boolean rowKernels;
    private final Function<Value, long[]> integers;
    private final Map<Op, Optional<Row>> done = new IdentityHashMap<>();

    /**
     * @param rowKernels whether the target's C has the whole-row products (the AVR's, whose C has every idiom)
     * @param integers   the integers of a parameter or constant (the weights' copy's bits follow from them)
     */
    DotRowProducts(FixedProgram fp, FlashRowReads rows, boolean rowKernels, Function<Value, long[]> integers) {
        this.fp = fp;
        this.rows = rows;
        this.rowKernels = rowKernels;
        this.integers = integers;
    }

    /** The row that is {@code op}'s whole product, or null: op is no matrix product of the shape above. */
    Row of(Op op) {
        return done.computeIfAbsent(op, o -> Optional.ofNullable(
                rowKernels && o instanceof Op.MatMul m ? row(m) : null)).orElse(null);
    }

    private Row row(Op.MatMul m) {
        Value a = m.a(), b = m.b();
        int k = a.shape().dim(1), cols = b.shape().dim(1);
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        boolean shape = a.shape().dim(0) == 1 && k >= MIN_TERMS && k <= MAX_TERMS && cols >= MIN_OUTPUTS
                && cols <= MAX_OUTPUTS && !a.isInt() && !rows.inFlash(a) && rows.inFlash(b) && p.shrA() == 0
                && p.width() == 32 && p.treeShift() == 0 && fp.type(m.out()).bits() == 16
                && p.post() >= MIN_SHIFT && p.post() <= MAX_SHIFT;
        if (!shape) {
            return null;
        }
        int copyBits = rows.reorderedCopyBits(b, p.shrB(), integers); // 0: packed
        int aBits = fp.type(a).container(), bBits = copyBits == 0 ? 0 : FlashRowReads.container(copyBits);
        for (Fn fn : Fn.values()) {
            if (fn.aBits == aBits && fn.bBits == bBits) {
                return new Row(fn, k, cols, p.post());
            }
        }
        return null; // 16 by 16 bits, or weights packed (0 bits)
    }
}
