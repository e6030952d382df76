package seedc.search;

import java.util.function.Predicate;
import java.util.function.Supplier;
import seedc.eval.WithinDrop;
import seedc.fixed.FixedProgram;

/**
 * What Shiftry's stage IV keeps ({@link ShiftrySearch}): everything while a budget is not met; by precision
 * ({@code precise}, not null: a proven bound on the scores' error, which depends on no data) what passes it; else
 * what the accuracy allows: train accuracy within {@code maxDrop} of float's, the score error within
 * {@code scoreErrorLimit} ({@link #scoreErrorLimit}) and no more wrap events than before the demotion.
 */
record StageFourLimits(Budget budget, double floatTrainAcc, double maxDrop, double scoreErrorLimit,
                       Predicate<FixedProgram> precise) {
    /** {@code wrapsBefore}: the wrap events of the program before this demotion; {@code program}: the demoted. */
    boolean keeps(CandidatePool.Score s, long wrapsBefore, Supplier<FixedProgram> program) {
        return verdict(s, wrapsBefore, program).kept();
    }

    /** Whether stage IV keeps the demotion, or the first limit it fails. */
    StageFourVerdict verdict(CandidatePool.Score s, long wrapsBefore, Supplier<FixedProgram> program) {
        if (budget != null) {
            return StageFourVerdict.KEPT;
        }
        if (precise != null) {
            return precise.test(program.get()) ? StageFourVerdict.KEPT : StageFourVerdict.BOUND;
        }
        if (!WithinDrop.within(s.accuracy(), floatTrainAcc, maxDrop)) {
            return StageFourVerdict.ACCURACY;
        }
        if (s.scoreError() > scoreErrorLimit) {
            return StageFourVerdict.SCORE;
        }
        return s.wrapEvents() > wrapsBefore ? StageFourVerdict.WRAPS : StageFourVerdict.KEPT;
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
