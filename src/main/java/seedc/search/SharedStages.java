package seedc.search;

import java.util.List;

/**
 * Stages II and III of a walk's first rung, kept for the second walk {@link HeldOutAcceptance} runs on the same rows,
 * which differs from the first only in the score guard. Neither stage reads the guard: stage II races the input's
 * scales, stage III each value alone at the rung's width, and the guard only bounds what stage IV keeps. The second
 * walk takes them instead of racing the same programs to the same results again: on protonn-letter-26, whose
 * validation rows refuse the walk without the guard, stage III was two thirds of the compile, run twice.
 */
final class SharedStages {
    /** Stage II's input scale and, on a large training set, its program's numbers on every row (else null). */
    record StageTwo(int inputScale, CandidatePool.Score onAllRows) {}

    /** Stage III's demotions of the first rung, in stage IV's order. */
    record StageThree(List<ShiftryOutcome.Demotion> order, DemotionUnits.Rung rung) {}

    private StageTwo two;
    private StageThree three;

    StageTwo two() {
        return two;
    }

    StageThree three() {
        return three;
    }

    void keep(StageTwo s) {
        two = s;
    }

    void keep(StageThree s) {
        three = s;
    }
}
