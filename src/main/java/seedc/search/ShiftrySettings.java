package seedc.search;

import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import seedc.cost.CycleModel;
import seedc.fixed.FixedProgram;

/**
 * How stage IV stops, down {@code ladder}: while training accuracy stays within {@code maxDrop} points of float's
 * and the decision scores within {@code maxScoreError} of float's (the score guard: see {@link HeldOutAcceptance}
 * for when it applies); with a flash {@code budget} (not null) only until the program fits; with {@code precise}
 * (not null) while the program passes it, whatever the accuracy. {@code cycles}: the target's cycle model (null:
 * none), stage III's ranking and stage IV's "faster" test; {@code listRivals}: the outcome lists the frontier's programs
 * that meet the chosen one's limits within the model's error of it ({@link ShiftryOutcome#rivals}, for
 * {@code --select measured}; false: none listed, and none of the runs that takes).
 */
public record ShiftrySettings(ShiftryLadder ladder, double maxDrop, double maxScoreError, Budget budget,
                              Predicate<FixedProgram> precise, CycleModel cycles,
                              ToLongFunction<FixedProgram> ramOverflow, boolean listRivals) {
    public ShiftrySettings(ShiftryLadder ladder, double maxDrop, double maxScoreError, Budget budget,
                           Predicate<FixedProgram> precise, CycleModel cycles,
                           ToLongFunction<FixedProgram> ramOverflow) {
        this(ladder, maxDrop, maxScoreError, budget, precise, cycles, ramOverflow, false);
    }

    public ShiftrySettings(ShiftryLadder ladder, double maxDrop, double maxScoreError, Budget budget,
                           Predicate<FixedProgram> precise) {
        this(ladder, maxDrop, maxScoreError, budget, precise, null, null);
    }

    public ShiftrySettings(ShiftryLadder ladder, double maxDrop, double maxScoreError, Budget budget,
                           Predicate<FixedProgram> precise, CycleModel cycles) {
        this(ladder, maxDrop, maxScoreError, budget, precise, cycles, null);
    }

    /** The bytes by which {@code fp}'s RAM exceeds the device's (0 without a device). */
    long overflow(FixedProgram fp) {
        return ramOverflow == null ? 0 : ramOverflow.applyAsLong(fp);
    }

    /** Accuracy mode: neither a budget nor a proven bound decides, the rows do. */
    boolean byAccuracy() {
        return budget == null && precise == null;
    }

    /** The same without a cycle model. */
    ShiftrySettings withoutCycles() {
        return new ShiftrySettings(ladder, maxDrop, maxScoreError, budget, precise, null, ramOverflow, listRivals);
    }

    /** The same without the score guard. */
    ShiftrySettings unguarded() {
        return new ShiftrySettings(ladder, maxDrop, Double.POSITIVE_INFINITY, budget, precise, cycles, ramOverflow,
                listRivals);
    }

    /** The same, listing the chosen program's rivals ({@code listRivals}). */
    public ShiftrySettings withRivalsListed(boolean asked) {
        return new ShiftrySettings(ladder, maxDrop, maxScoreError, budget, precise, cycles, ramOverflow, asked);
    }
}
