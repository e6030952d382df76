package seedc.search;

import java.util.ArrayList;
import java.util.List;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.search.ShiftryOutcome.Step;

/**
 * Stage IV and the device's RAM: a program the device cannot hold helps no one, so the score guard (a caution) gives
 * way to demotions that bring the program nearer to fitting, while the accuracy limit (the user's word) and the wraps
 * still decide.
 */
final class StageFourRam {
    private StageFourRam() {}

    /**
     * The verdict on {@code candidate} given its score {@code s}: {@code v} unless the score guard refused it while
     * {@code current} overflows the RAM and the candidate overflows less; then kept if it wraps no more than
     * {@code wraps}.
     */
    static StageFourVerdict shrinksOverflow(ProgramPricing pricing, StageFourVerdict v, CandidatePool.Score s,
                                            FixedProgram current, FixedProgram candidate, long wraps) {
        if (v != StageFourVerdict.SCORE || !pricing.limitsRam()) {
            return v;
        }
        long now = pricing.overflow(current);
        boolean nearer = now > 0 && pricing.overflow(candidate) < now;
        return !nearer ? v : s.wrapEvents() <= wraps ? StageFourVerdict.KEPT : StageFourVerdict.WRAPS;
    }

    /**
     * Demotions kept together to fit the RAM: the program's widths and scales after them, its wrap events and the
     * indices of the curve's steps that they turn into kept ones.
     */
    record Fitted(int[] bits, int[] scales, long wraps, List<Integer> steps) {}

    /**
     * When the program of {@code bits} and {@code scales} that stage IV reached still overflows the device's RAM:
     * the demotions of {@code curve} it refused for the scores alone, together, in its order, until the program
     * fits, if the accuracy and the wraps allow them at once (null: it fits already, or they do not make it fit, or
     * the limits refuse them). One at a time they could not help: a convolution's output demoted alone beside its
     * still 16-bit bias sum needs both buffers, more RAM than before (cnn-shapes-8 on the Uno); the chain fits only
     * demoted together.
     */
    static Fitted fitRam(ProgramPricing pricing, CandidatePool pool, int[] bits, int[] scales, long wraps,
                         List<Step> curve, DemotionUnits.Rung rung, StageFourLimits limits) {
        if (!pricing.limitsRam() || pricing.overflow(pricing.assign(bits, scales)) == 0) {
            return null;
        }
        int[] b = bits.clone(), sc = scales.clone();
        List<Integer> steps = new ArrayList<>();
        for (int i = 0; i < curve.size() && pricing.overflow(pricing.assign(b, sc)) > 0; i++) {
            Step t = curve.get(i);
            if (t.verdict() == StageFourVerdict.SCORE && rung.pending(t.name(), bits)) {
                rung.apply(t.name(), b, sc);
                steps.add(i);
            }
        }
        FixedProgram together = pricing.assign(b, sc);
        if (steps.isEmpty() || pricing.overflow(together) > 0) {
            return null;
        }
        // a run the stage's bar did not count: not stepped, so the bar keeps its one total
        CandidatePool.Score s = pool.evaluate(Progress.hidden(), () -> together);
        StageFourVerdict v = limits.verdict(s, wraps, () -> together);
        boolean allowed = v == StageFourVerdict.KEPT || v == StageFourVerdict.SCORE && s.wrapEvents() <= wraps;
        return allowed ? new Fitted(b, sc, s.wrapEvents(), steps) : null;
    }
}
