package seedc.search;

import seedc.fixed.ContainerWidths;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;

/**
 * Stage IV's score guard on the Bonsai fixture, whose training accuracy (99.93%) hides the damage of
 * demotions that cost test examples near a branch decision.
 */
class ScoreGuardTest {
    @Test
    void stageFourKeepsOnlyDemotionsWithinBothLimits() {
        TrainedFixture f = TrainedFixture.load("bonsai-digits-10");
        double floatAcc = f.floatTrainAccuracy();
        ShiftryOutcome o = ShiftrySearch.walk(new SearchInput(f.model(), f.profile(), f.train(), f.floatTrain(), Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()),
                new ShiftrySettings(ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.1, null, null)).outcome();
        int guarded = 0;
        for (ShiftryOutcome.Step s : o.curve()) {
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

    /**
     * mlp-digits-w1a1 (binary weights, sign activations) with the accuracy metric: stage II's input scale
     * quantizes the pixels enough that signs flip, so the all-16-bit program is already farther than 0.05 from
     * float and every demotion would be refused; the guard then keeps the score error within the start's, 5% worse.
     * The start's score error is recomputed here from the program built by hand, every value at 16 bits.
     */
    @Test
    void aStartBeyondTheLimitBoundsWhatTheDemotionsAdd() {
        Path lowbit = Path.of("src/test/resources/fixtures/lowbit/mlp-digits-w1a1");
        TrainedFixture f = TrainedFixture.load(lowbit,
                Path.of("src/test/resources/fixtures/models/cnn-digits-10/train.npy"));
        double floatAcc = f.floatTrainAccuracy();
        ShiftryLadder ladder = ShiftryLadder.shiftry(ContainerWidths.C);
        ShiftryOutcome o = ShiftrySearch.walk(new SearchInput(f.model(), f.profile(), f.train(), f.floatTrain(), Metric.ACCURACY, 2, StageLog.quiet()),
                new ShiftrySettings(ladder, 1.0, 0.05, null, null)).outcome();
        var p = f.model().program();
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            bits[v.id()] = 16;
            scales[v.id()] = ShiftryStrategy.dataDrivenScale(f.profile().maxAbs(v), 16);
        }
        scales[p.input().id()] = o.inputScale();
        FixedProgram start = ShiftryStrategy.assign(p, f.profile(), bits, scales, ladder);
        double e0 = Metric.scoreError(f.floatTrain(), Candidate.run(start, f.model(), f.train(), 2));
        assertTrue(e0 > 0.05, "the premise: the 16-bit program is already beyond the limit, " + e0);
        assertEquals(e0, o.startScoreError(), 1e-12);
        int beyondTheOldLimit = 0;
        for (ShiftryOutcome.Step s : o.curve()) {
            boolean accuracyOk = s.trainAccuracy() >= floatAcc - 1.0;
            assertEquals(accuracyOk && s.scoreError() <= e0 * 1.05 && s.wrapEvents() == 0, s.kept(), s.toString());
            if (s.kept() && s.scoreError() > 0.05) {
                beyondTheOldLimit++;
            }
        }
        assertTrue(beyondTheOldLimit > 0, "no kept demotion needed the start's allowance: " + o.curve());
        assertEquals(0.05, StageFourLimits.scoreErrorLimit(0.05, 0.04), 0);
        assertEquals(0.05, StageFourLimits.scoreErrorLimit(0.05, 0.05), 0);
        assertEquals(0.21, StageFourLimits.scoreErrorLimit(0.05, 0.2), 1e-15);
    }
}
