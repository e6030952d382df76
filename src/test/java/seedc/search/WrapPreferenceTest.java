package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.ir.Program;
import seedc.ir.Value;

/** The search prefers candidates that do not wrap on the training set; a program that must wrap shows where. */
class WrapPreferenceTest {
    private static CandidatePool.Score score(double loss, long wraps) {
        return new CandidatePool.Score(100 * (1 - loss), loss, 0, wraps);
    }

    @Test
    void aCandidateThatDoesNotWrapBeatsOneThatDoesWhateverTheLoss() {
        assertTrue(score(0.30, 0).beats(score(0.01, 5)));
        assertFalse(score(0.01, 5).beats(score(0.30, 0)));
        // among candidates that wrap alike (or both not), the loss decides
        assertTrue(score(0.01, 0).beats(score(0.02, 0)));
        assertTrue(score(0.01, 9).beats(score(0.02, 1)));
        assertTrue(score(0.02, 3).ties(score(0.02, 7)));
        assertFalse(score(0.02, 0).ties(score(0.02, 7)));
    }

    @Test
    void aProgramThatMustWrapCountsItsEventsOnTheValueThatWraps() {
        Program p = SeeDotProgram.from(new SourceFile("wrap.sd", "let a = 3.0 in let b = 2.5 in a + b")).program();
        Profile profile = new Profile(p);
        new FloatInterpreter(p, Map.of()).run(new double[0], profile);
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        Arrays.fill(bits, 8);
        Arrays.fill(scales, 5); // 3.0 and 2.5 fit 8 bits at scale 5 (96, 80); their sum 5.5 (176) does not
        FixedProgram fp = ShiftryStrategy.assign(p, profile, bits, scales, ShiftryLadder.shiftry(ContainerWidths.C));
        FixedInterpreter fi = new FixedInterpreter(fp, new QuantizedModel(fp, Map.of()));
        assertArrayEquals(new long[] {176 - 256}, fi.runRaw(new double[0]));
        fi.runRaw(new double[0]);
        long[] events = fi.wraps().counts().events();
        Value sum = p.result();
        assertEquals(2, events[sum.id()], "one element, two runs");
        assertEquals(2, fi.wraps().counts().total(), "no other value wraps");
        assertEquals(2, fi.wraps().counts().examples()[sum.id()]);
    }
}
