package seedc.cost;

import java.util.Locale;
import java.util.Map;
import seedc.fixed.ElementwiseRowLoops;
import seedc.ir.Op;

/**
 * An element-wise op whose whole loop the C writes as one call of the runtime's element-wise row loops
 * ({@link seedc.fixed.IdiomCalls#elementwiseRow}: FastGRNN's gates, the recurrent cells' and Bonsai's products, sums
 * and table reads, avr_elementwise_rows.h) as OpWork's terms: {@code Kind.row.FN} ({@code Hadamard.row.mulshr8},
 * {@code Add.row.addhalfshr8}, {@code Tanh.row.lookup8}, ...), the elements the row writes (its size, a run), and
 * every term it had (its set-up, elements, MACs, stores, shift bits, an 8x16 product's call terms) kept under its
 * stand-in unit, {@code looped} before the unit ({@code Hadamard.loopedop}, {@code Hadamard.loopedmac.8x8.t16},
 * {@code Tanh.loopedelem.8>8}), as a class-score row's are ({@link IdiomWork}; there the set-up stays). The set-up
 * too: a row call's (some 15 cycles, the pointers into X, Z and Y) is not the op's fitted one (Sigmoid.op, 1,601
 * cycles in avr.json, took a 4-32-element row's sigmoid 3-6 times over what the Uno measures with the row at 0), so
 * the row's price per element carries its call. A model that measured the row prices the
 * row and drops the stand-ins; one that did not prices the stand-ins under their own names and the row at nothing
 * ({@link IdiomWork#rowsPriced}): the very terms the op had before, so that every program costs what it did until a
 * fit measures the rows. A price per element of the row, not a difference from the loop it replaced.
 */
final class ElementwiseRowWork {
    private ElementwiseRowWork() {}

    /** The name of a row's term's function: sd_mulshr8_row -> mulshr8. */
    static String fn(ElementwiseRowLoops.Fn fn) {
        return fn.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Where op's whole loop is one row call ({@code times} runs of it): moves its terms in {@code own}, its set-up's
     * too, under stand-in units, and adds the row's elements.
     */
    static void add(IdiomWork idioms, Op op, double times, Map<String, Double> own) {
        ElementwiseRowLoops.Row row = idioms.elementwiseRowOf(op);
        if (row == null) {
            return;
        }
        String kind = OpWork.kind(op);
        IdiomWork.standIns(kind, own, false);
        own.merge(kind + "." + IdiomWork.ROW + "." + fn(row.fn()), times * op.out().size(), Double::sum);
    }
}
