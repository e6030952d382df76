package seedc.search;

import java.util.function.Predicate;
import java.util.function.Supplier;
import seedc.fixed.FixedProgram;

/**
 * What Shiftry's stage IV keeps ({@link ShiftrySearch}): everything while a budget is not met; by precision
 * ({@code precise}, not null: a proven bound on the scores' error, which depends on no data) what passes it; else
 * what the accuracy allows: train accuracy within {@code maxDrop} of float's, the score error within
 * {@code scoreErrorLimit} ({@link #scoreErrorLimit}) and no more wrap events than {@code wrapsAtStart}, the program
 * stage IV started from (every value at its start width) on the same rows.
 *
 * <p>Why the start's wraps and not those of the program before each demotion: the start's is the limit the user reads
 * and the one every later judge applies (the held-out rows, {@link HeldOutJudge}; every row of a large training set,
 * {@link StagedConfirmation}; the frontier, {@link FasterOnFrontier}). A limit that moved with each kept demotion
 * made the walk depend on its order: on an ONNX GRU a refit of the Uno's cycle model tried the tanh's input before
 * the r gate, which then added one wrap event (13 to 14) and was refused, where in the old order it
 * took 13 to 12 and was kept: 9% slower on the Uno (BENCHMARKS.md "Why B's walks choose gru's and lstm's slower
 * programs").
 */
record StageFourLimits(Budget budget, double floatTrainAcc, double maxDrop, double scoreErrorLimit, long wrapsAtStart,
                       Predicate<FixedProgram> precise) {
    /** {@code program}: the demoted program, whose score is {@code s}. */
    boolean keeps(CandidatePool.Score s, Supplier<FixedProgram> program) {
        return verdict(s, program).kept();
    }

    /** Whether stage IV keeps the demotion, or the first limit it fails. */
    StageFourVerdict verdict(CandidatePool.Score s, Supplier<FixedProgram> program) {
        if (budget != null) {
            return StageFourVerdict.KEPT;
        }
        if (precise != null) {
            return precise.test(program.get()) ? StageFourVerdict.KEPT : StageFourVerdict.BOUND;
        }
        if (s.accuracy() < floatTrainAcc - maxDrop) {
            return StageFourVerdict.ACCURACY;
        }
        if (s.scoreError() > scoreErrorLimit) {
            return StageFourVerdict.SCORE;
        }
        return wrapsWithin(s) ? StageFourVerdict.KEPT : StageFourVerdict.WRAPS;
    }

    /** Whether the program scored {@code s} wraps no more often than the start. */
    boolean wrapsWithin(CandidatePool.Score s) {
        return s.wrapEvents() <= wrapsAtStart;
    }

    /**
     * Stage IV's bound on the score error: {@code maxScoreError} from float, or, when the program it starts from is
     * already farther ({@code startError}), that error made at most a fraction {@code maxScoreError} worse. Adding
     * maxScoreError to it instead let an imported GRU (0.05 beyond its start) lose 1.7 test points, what
     * {@code --max-score-error 0.1} costs it.
     */
    static double scoreErrorLimit(double maxScoreError, double startError) {
        return startError > maxScoreError ? startError * (1 + maxScoreError) : maxScoreError;
    }
}
