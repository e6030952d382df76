package seedc.search;

import seedc.diag.Progress;
import seedc.eval.Evaluation;
import seedc.eval.WithinDrop;
import seedc.fixed.FixedArith;

/**
 * Whether a program meets {@code --max-accuracy-drop} on the held-out rows ({@link HeldOutAcceptance}): accuracy there
 * within {@code maxDrop} of float's and no more wrap events there than the program stage IV started from.
 */
record HeldOutJudge(CandidatePool held, double floatAccuracy, double maxDrop, long wrapsAtStart) {
    /** The judge of {@code walk}'s programs: float's accuracy on the held-out rows, the wraps of its start. */
    static HeldOutJudge of(CandidatePool held, HeldOutSplit split, ShiftrySettings settings, ShiftrySearch.Walk walk) {
        return new HeldOutJudge(held, Evaluation.accuracy(split.held(), split.heldFloat()).percent(), settings.maxDrop(),
                held.scoreOf(walk.prefix(0)).wrapEvents());
    }

    boolean passes(CandidatePool.Score s) {
        return refusal(s) == null;
    }

    /** Why the held-out rows refuse the program scored {@code s}, or null when they accept it. */
    ShiftryOutcome.Refused refusal(CandidatePool.Score s) {
        ShiftryOutcome.Refused r = new ShiftryOutcome.Refused(!WithinDrop.within(s.accuracy(), floatAccuracy, maxDrop),
                s.wrapEvents(), wrapsAtStart);
        return r.accuracy() || r.wraps() ? r : null;
    }

    /**
     * The longest prefix of {@code walk}'s kept demotions that passes, when all of them together failed: found by
     * bisection below that; prefix 0 (the start) is accepted whatever it shows (nothing wider exists).
     */
    int longestPassingPrefix(ShiftrySearch.Walk walk) {
        int n = walk.kept().size();
        try (Progress bar = held.bar("held-out rows: longest prefix", 1 + FixedArith.ceilLog2(Math.max(1, n)))) {
            return n <= 1 ? 0 : StagedConfirmation.longestPrefix(n - 1,
                    j -> j == 0 || passes(held.evaluate(bar, () -> walk.prefix(j))));
        }
    }
}
