package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stage IV's one wrap limit: a demotion is refused for wraps only when the demoted program wraps more often than the
 * program stage IV started from, whatever the demotions kept before it did. Hand-worked walks, with the numbers of
 * the ONNX GRU's walk (BENCHMARKS.md "Why B's walks choose gru's and lstm's slower programs"): the start wraps 17
 * times on the rows that choose, float's accuracy is 99.0% and the drop allowed 1.0 point.
 */
class StageFourLimitsTest {
    private static final StageFourLimits LIMITS = new StageFourLimits(null, 99.0, 1.0, 0.05, 17, null);

    private static CandidatePool.Score score(double accuracy, double scoreError, long wraps) {
        return new CandidatePool.Score(accuracy, 0.1, scoreError, wraps);
    }

    /** The walk's verdicts on demotions whose demoted programs score {@code scores}, in order. */
    private static List<StageFourVerdict> walk(List<CandidatePool.Score> scores) {
        List<StageFourVerdict> verdicts = new ArrayList<>();
        for (CandidatePool.Score s : scores) {
            verdicts.add(LIMITS.verdict(s, () -> {
                throw new AssertionError("no proven bound: the program is never built");
            }));
        }
        return verdicts;
    }

    @Test
    void aDemotionThatAddsAWrapAnEarlierOneRemovedIsKeptBelowTheStart() {
        // A (the tanh's input) takes the wraps from 17 to 13; B (the r gate) adds one back: 14 <= 17, kept. The limit
        // of the program before B (13) refused it and made the walk depend on A coming first.
        assertEquals(List.of(StageFourVerdict.KEPT, StageFourVerdict.KEPT),
                walk(List.of(score(98.6, 0.01, 13), score(98.5, 0.01, 14))));
    }

    @Test
    void aDemotionThatWrapsMoreThanTheStartIsRefusedWhateverCameBefore() {
        // A removes 4 wraps (17 -> 13); B then takes them to 18, one more than the start: refused for wraps; C, tried
        // on the program with A only, ends at the start's 17 exactly and is kept.
        assertEquals(List.of(StageFourVerdict.KEPT, StageFourVerdict.WRAPS, StageFourVerdict.KEPT),
                walk(List.of(score(98.6, 0.01, 13), score(98.4, 0.01, 18), score(98.4, 0.01, 17))));
        assertTrue(LIMITS.wrapsWithin(score(50, 1, 17)));
        assertFalse(LIMITS.wrapsWithin(score(100, 0, 18)));
    }

    @Test
    void accuracyAndScoresAreCheckedBeforeTheWraps() {
        // 97.99 < 99.0 - 1.0: the accuracy fails first, though the wraps are within the start's
        assertEquals(StageFourVerdict.ACCURACY, walk(List.of(score(97.99, 0.01, 0))).get(0));
        assertEquals(StageFourVerdict.KEPT, walk(List.of(score(98.0, 0.05, 0))).get(0));
        assertEquals(StageFourVerdict.SCORE, walk(List.of(score(98.0, 0.051, 99))).get(0));
    }

    @Test
    void aBudgetKeepsEverythingAndAProvenBoundDecidesAlone() {
        StageFourLimits budget = new StageFourLimits(Budget.parameters(1000), 99.0, 1.0, 0.05, 17, null);
        assertEquals(StageFourVerdict.KEPT, budget.verdict(score(10, 1, 1000), () -> null));
        StageFourLimits bound = new StageFourLimits(null, 99.0, 1.0, 0.05, 17, fp -> true);
        assertEquals(StageFourVerdict.KEPT, bound.verdict(score(10, 1, 1000), () -> null));
    }
}
