package seedc.cost;

import java.util.Map;
import seedc.fixed.DotRowProducts;
import seedc.ir.Op;

/**
 * A matrix product the C computes whole as one call of the runtime's whole-row dot products
 * ({@link seedc.fixed.IdiomCalls#dotRow}: FastGRNN's input and recurrent products, a CNN's or MLP's one-row dense
 * layer; the twelve sd_dotrow* of avr_dot_kernels.h, {@link DotRowProducts.Fn}: 8x16, 16x8 or 8x8 bits, into 16 or
 * 8 bits, shifted right or left) as OpWork's terms, after the kernel's shape: an asm loop over the k terms of each
 * output (a multiply and an addition into the sum each, the weights read by lpm Z+), inside a loop over the m outputs
 * (the sum's zeroing, its shift and store, the activations' pointer put back), after one set-up. So {@code MatMul.dotrow.FN} counts the terms (k x m a run) and
 * {@code MatMul.dotrowout.FN} the outputs (m), which carries the call's set-up too (some 15 cycles against m of at
 * least 4 outputs); FN the function's name without sd_ ({@code MatMul.dotrow.dotrow16x8_16}). Every term the op had
 * (its set-up, MACs, outputs, shifts) is kept under its stand-in unit ({@code MatMul.loopedop},
 * {@code MatMul.loopedmac.16x8.t32}, {@code MatMul.loopedout.16}), as an element-wise row loop's are
 * ({@link ElementwiseRowWork}): a model that measured the rows prices them and drops the stand-ins, one that did not
 * prices the stand-ins under their own names and the rows at nothing ({@link IdiomWork#rowsPriced}), the very terms
 * the op had before, so that every program costs what it did until a fit measures the rows.
 */
final class DotRowWork {
    private DotRowWork() {}

    /** The unit of the terms a dot row sums, and of the outputs it writes (row units, as IdiomWork's ROW). */
    static final String TERMS = "dotrow", OUTPUTS = "dotrowout";

    /**
     * Where op is one dot row call ({@code times} runs of it): moves its terms in {@code own}, its set-up's too, under
     * stand-in units, and adds the row's terms and outputs.
     */
    static void add(IdiomWork idioms, Op op, double times, Map<String, Double> own) {
        DotRowProducts.Row row = idioms.dotRowOf(op);
        if (row == null) {
            return;
        }
        IdiomWork.standIns(OpWork.kind(op), own, false);
        String fn = "." + row.fn().cName().substring("sd_".length()); // sd_dotrow16x8_16 -> dotrow16x8_16
        own.merge(OpWork.kind(op) + "." + TERMS + fn, times * row.terms() * row.outputs(), Double::sum);
        own.merge(OpWork.kind(op) + "." + OUTPUTS + fn, times * row.outputs(), Double::sum);
    }
}
