package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The programs a device could rank differently from the cycle model ({@code --select measured}): the chosen program
 * and each other program of the frontier that meets every limit the chosen one met and whose modelled cycles exceed
 * the chosen one's by no more than the model's own mean error on whole programs its fit did not see
 * ({@link seedc.cost.CycleModel#heldOutError}, the figure {@link StageFourPairs} and {@link StageFourTwoWalks} read):
 * within it, the model cannot tell which is faster. The chosen program is the fastest that meets the limits
 * ({@link FasterOnFrontier}), so every rival is priced at or above it. Generic so that the rule is tested on hand
 * numbers.
 */
final class RivalsInError {
    private RivalsInError() {}

    /**
     * {@code chosen} first, then the points of {@code front} (fastest first) other than it whose {@code cycles} are
     * within {@code error} of its (a fraction: 0.118 for 11.8%) and that {@code meetsLimits}, in the front's order;
     * only {@code chosen} when the error is unmeasured (NaN). {@code meetsLimits} is asked only of points in the band.
     */
    static <T> List<T> of(List<T> front, T chosen, ToDoubleFunction<T> cycles, double error,
                          Predicate<T> meetsLimits) {
        List<T> out = new ArrayList<>(List.of(chosen));
        if (Double.isNaN(error)) {
            return out;
        }
        double ceiling = cycles.applyAsDouble(chosen) * (1 + error);
        for (T t : front) {
            if (t != chosen && cycles.applyAsDouble(t) <= ceiling && meetsLimits.test(t)) {
                out.add(t);
            }
        }
        return out;
    }
}
