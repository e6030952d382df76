package seedc.cost;

import java.util.Map;
import java.util.TreeMap;
import seedc.fixed.SquaredDistances;

/**
 * A squared norm the C computes with its distance in one runtime loop ({@link SquaredDistances}: ProtoNN's
 * |WX - B[i]|^2, the AVR's sd_sumsq_shrsubhalf16_row, sd_sumsq_subrow8 and twins) as OpWork's terms, after the loop's
 * shape: per element the distance's element (a halved or wrapped sum of a RAM element and a flash row's), its square
 * and its addition into an exact sum; per call a set-up and the sum's final shift and store. So
 * {@code MatMul.sqdist.FN} counts the elements (x's size, a run) and {@code MatMul.sqdistout.FN} the calls (one a run),
 * FN the loop's name without sd_ ({@code MatMul.sqdist.sumsq_shrsubhalf16_row}); both on the norm, whose profile row
 * measures the whole loop (the distance's row measures its profile mark alone). Every term the two ops had is kept on
 * the norm under its stand-in unit, {@code looped} before the unit ({@code MatMul.loopedmac.16x16.t32},
 * {@code Add.loopedcall.shrsubhalf16}), as a dot row's are ({@link DotRowWork}): a model that measured the loop prices
 * it and drops the stand-ins, one that did not prices the stand-ins under their own names and the loop at nothing
 * ({@link IdiomWork#rowsPriced}), the very terms the two ops had before, so that every program costs what it did
 * until a fit measures the loop.
 */
final class SquaredDistanceWork {
    private SquaredDistanceWork() {}

    /** The unit of the terms counting the loop's elements, and its calls (row units, as IdiomWork's ROW). */
    static final String ELEMENTS = "sqdist", CALLS = "sqdistout";

    /**
     * Where op is the norm of a squared distance {@code d} ({@code times} runs of it): moves its terms in {@code own}
     * under stand-in units, adds the distance's ({@code sumTerms}: the sum's terms as counted without a loop of its
     * own, since the norm's loop computes it) under theirs, and the loop's elements and calls.
     */
    static void add(SquaredDistances.Distance d, double times, Map<String, Double> sumTerms, Map<String, Double> own) {
        String kind = OpWork.kind(d.norm());
        IdiomWork.standIns(kind, own, false);
        Map<String, Double> sum = new TreeMap<>(sumTerms);
        IdiomWork.standIns(OpWork.kind(d.sum()), sum, false);
        sum.forEach((t, a) -> own.merge(t, a, Double::sum));
        String fn = "." + d.fn().substring("sd_".length()); // sd_sumsq_subrow8 -> sumsq_subrow8
        own.merge(kind + "." + ELEMENTS + fn, times * d.sum().out().size(), Double::sum);
        own.merge(kind + "." + CALLS + fn, times, Double::sum);
    }
}
