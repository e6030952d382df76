package seedc.search;

import seedc.driver.DataInputs;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotFrontEnd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import seedc.driver.Compilation;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.io.DataSet;

/**
 * Stage IV's score guard on the Bonsai fixture, whose training accuracy (99.93%) hides the damage of
 * demotions that cost test examples near a branch decision.
 */
class ScoreGuardTest {
    @Test
    void stageFourKeepsOnlyDemotionsWithinBothLimits() {
        Path d = Path.of("src/test/resources/fixtures/models/bonsai-digits-10");
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        Profile profile = Evaluation.profile(model, train, 2);
        Result[] floatTrain = Compilation.floatRun(model, train, 2);
        double floatAcc = Evaluation.accuracy(train, floatTrain).percent();
        ShiftrySearch.Outcome o = ShiftrySearch.run(model, profile, train, floatTrain, floatAcc,
                Metric.REDUCED_DISAGREEMENT, 1.0, 0.1, null, ShiftryLadder.shiftry(ContainerWidths.C), 2, StageLog.quiet());
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
