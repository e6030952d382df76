package seedc.search;

import java.util.List;
import seedc.fixed.FixedProgram;

/**
 * What Shiftry's search chose and saw: the program, stage II's input scale, stage III's demotion order, stage IV's
 * curve, the parameters' flash before ({@code paramBytesStart}: every value at the ladder's first width) and after,
 * the candidates it ran, {@code staged}: on a large training set, how the subset decided and the whole set confirmed
 * (else null), the chosen program's run on the training set when the search made it, and the score error stage IV
 * started from.
 */
public record ShiftryOutcome(FixedProgram best, int inputScale, List<ShiftryOutcome.Demotion> order,
                             List<ShiftryOutcome.Step> curve, int paramBytesStart, int paramBytes, int candidates,
                             ShiftryOutcome.Staged staged, Candidate.Counted bestOnTrain, double startScoreError) {

    /** Stage III's best for one value: demoted alone to {@code bits} at {@code scale}, with its loss. */
    public record Demotion(String name, int bits, int scale, double loss, long wrapEvents) {}

    /** Stage IV's try of one value: whether it was kept, and the program's numbers with it demoted. */
    public record Step(String name, boolean kept, double trainAccuracy, double scoreError, int paramBytes,
                       long wrapEvents) {}

    /**
     * A large training set's search: stages II-IV decided on {@code subsetRows} evenly spaced rows of
     * {@code rows}; of the {@code keptOnSubset} demotions stage IV kept there, the first {@code confirmed} hold on
     * every row.
     */
    public record Staged(int subsetRows, int rows, int keptOnSubset, int confirmed) {}
}
