package seedc.search;

import seedc.fixed.ContainerWidths;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Stage IV's score guard on the Bonsai fixture, whose training accuracy (99.93%) hides the damage of
 * demotions that cost test examples near a branch decision.
 */
class ScoreGuardTest {
    @Test
    void stageFourKeepsOnlyDemotionsWithinBothLimits() {
        TrainedFixture f = TrainedFixture.load("bonsai-digits-10");
        double floatAcc = f.floatTrainAccuracy();
        ShiftrySearch.Outcome o = ShiftrySearch.run(f.model(), f.profile(), f.train(), f.floatTrain(), floatAcc,
                Metric.REDUCED_DISAGREEMENT, 1.0, 0.1, null, ShiftryLadder.shiftry(ContainerWidths.C), 2, StageLog.quiet(), null);
        int guarded = 0;
        for (ShiftrySearch.Step s : o.curve()) {
            boolean accuracyOk = s.trainAccuracy() >= floatAcc - 1.0;
            assertEquals(accuracyOk && s.scoreError() <= 0.1, s.kept(), s.toString());
            if (accuracyOk && !s.kept()) {
                guarded++;
            }
        }
        assertTrue(guarded > 0, "the accuracy limit alone would have kept every demotion: " + o.curve());
        // Z (16 x 65), W and V (7 x 10 x 16 each) and T (3 x 16) still all fit in 8 bits: 3328 bytes, half.
        assertEquals(6656, o.paramBytesStart());
        assertEquals(3328, o.paramBytes());
    }
}
