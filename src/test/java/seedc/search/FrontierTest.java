package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FrontierTest {
    @Test
    void aPointIsUnjudgedUntilTheHeldOutRowsScoreIt() {
        // no program needed: judging reads only the held-out accuracy
        Frontier.Explored walked = Frontier.Explored.unjudged(null, 91.5, 1200, 64);
        assertFalse(walked.judged());
        Frontier.Explored judged = walked.withHeldOut(88.0);
        assertTrue(judged.judged());
        assertEquals(88.0, judged.heldOutAccuracy());
        assertEquals(91.5, judged.chooseAccuracy(), "judging keeps what the choosing rows said");
        assertTrue(walked.withHeldOut(0.0).judged(), "no accuracy is still a judgement");
    }
}
