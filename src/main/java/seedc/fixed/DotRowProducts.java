package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products the C computes whole as one call of the AVR runtime's whole-row dot products
 * (avr_dot_kernels.h: {@code sd_dotrow8x16_16}, {@code sd_dotrow8x8_8}, {@code sd_dotrow8x8_16shl}, ...; {@link Fn}),
 * decided on the fixed IR alone (the operands' and result's types, the product's OpParams, which values are in flash
 * and the bits of the weights' flash copy) and the target's idioms: FastGRNN's input and recurrent products, the
 * recurrent ONNX cells', a classifier's, 1 x k times k x m. seedc.codegen.c.emit.DotRow writes exactly the calls named
 * here (and fails where the C it would replace is not the row's), seedc.cost prices them by terms of their own
 * ({@code MatMul.dotrow.FN}).
 *
 * <p>The row computes what the dot functions' loop computes: for every output j the plain wrapped 32-bit sum of the
 * k terms a[q] * b[q][j] in order, then its store into the result's 16 or 8 bits: wrap(shr(sum, post)) for a post of
 * 1 or more, wrap(sum * 2^-post) for one of 0 or less (the shl rows, which need only the sum's low 16 bits). So the
 * shape is: one row of activations a in RAM read unshifted, b in flash (its copy shifted by the op's shrB, stored
 * transposed, dense: not packed), 8-bit activations by 16- or 8-bit weights or 16-bit activations by 8-bit weights
 * (the C containers of the reads), a plain sum (no halving levels) in 32 bits, and a result of 16 or 8 bits whose
 * store wraps: shifted right by at most 31 less its bits (further, the shifted sum fits and the C stores it without
 * the wrap the row's store is), left by less than its bits (at its bits or more the C stores 0). Whether a comparison
 * stores the product (a quantize fused into its store) stays the backends' decision, as in {@link IdiomCalls}: the
 * cost model assumes the plain store.
 */
public final class DotRowProducts {
    /**
     * The fewest and most terms a row takes (its count is a byte). The most is also what lets the 8x8 rows sum in 24
     * bits (avr_dot_kernels.h, SD_DOTROW_MAC8): 255 products of at most 2^14 in magnitude stay within 2^22.
     */
    public static final int MIN_TERMS = 2, MAX_TERMS = 255;
    /** The fewest outputs (a call's set-up against the loop's), the most (the count is a byte). */
    public static final int MIN_OUTPUTS = 4, MAX_OUTPUTS = 255;
    /**
     * The runtime's whole-row products, by their C names: activations' bits x weights' bits into the result's bits,
     * the sum shifted right, or left ({@code shl}: the sum kept modulo 2^16, a cheaper term).
     */
    public enum Fn {
        DOTROW8X16_16(8, 16, 16, false), DOTROW16X8_16(16, 8, 16, false), DOTROW8X8_16(8, 8, 16, false),
        DOTROW8X16_8(8, 16, 8, false), DOTROW16X8_8(16, 8, 8, false), DOTROW8X8_8(8, 8, 8, false),
        DOTROW8X16_16SHL(8, 16, 16, true), DOTROW16X8_16SHL(16, 8, 16, true), DOTROW8X8_16SHL(8, 8, 16, true),
        DOTROW8X16_8SHL(8, 16, 8, true), DOTROW16X8_8SHL(16, 8, 8, true), DOTROW8X8_8SHL(8, 8, 8, true);

        /** The C containers of the activations' and the weights' reads, and the result's bits. */
        public final int aBits, bBits, outBits;
        /** Whether the function shifts the sum left (its shift argument the left shift, 0 or more). */
        public final boolean shl;

        Fn(int aBits, int bBits, int outBits, boolean shl) {
            this.aBits = aBits;
            this.bBits = bBits;
            this.outBits = outBits;
            this.shl = shl;
        }

        /** The function's name in C (sd_dotrow8x16_16, sd_dotrow8x8_16shl, ...). */
        public String cName() {
            return "sd_" + name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The least shift argument: 1 right (at 0 the C stores the sum unshifted, the shl rows' 0), 0 left. */
        public int minShift() {
            return shl ? 0 : 1;
        }

        /** The most: right, 31 less the result's bits (the shifted sum still wider); left, the result's bits less 1. */
        public int maxShift() {
            return shl ? outBits - 1 : 31 - outBits;
        }
    }

    /**
     * One product as one call: {@code fn(out, a, b, outputs, terms, shift)}, every output the sum of {@code terms}
     * products shifted by {@code shift} (right, or left where {@code fn.shl}) into the result's bits.
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
        int outBits = fp.type(m.out()).bits(), post = p.post();
        boolean shape = a.shape().dim(0) == 1 && k >= MIN_TERMS && k <= MAX_TERMS && cols >= MIN_OUTPUTS
                && cols <= MAX_OUTPUTS && !a.isInt() && !rows.inFlash(a) && rows.inFlash(b) && p.shrA() == 0
                && p.width() == 32 && p.treeShift() == 0 && (outBits == 16 || outBits == 8);
        if (!shape) {
            return null;
        }
        int copyBits = rows.reorderedCopyBits(b, p.shrB(), integers); // 0: packed
        int aBits = fp.type(a).container(), bBits = copyBits == 0 ? 0 : FlashRowReads.container(copyBits);
        boolean shl = post <= 0;
        int shift = shl ? -post : post;
        for (Fn fn : Fn.values()) {
            if (fn.aBits == aBits && fn.bBits == bBits && fn.outBits == outBits && fn.shl == shl
                    && shift >= fn.minShift() && shift <= fn.maxShift()) {
                return new Row(fn, k, cols, shift);
            }
        }
        return null; // 16 by 16 bits, weights packed (0 bits), or a store that does not wrap
    }
}
