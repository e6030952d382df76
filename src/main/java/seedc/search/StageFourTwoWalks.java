package seedc.search;

import java.util.ArrayList;
import java.util.List;
import seedc.search.ShiftryOutcome.Demotion;
import seedc.search.ShiftryOutcome.Step;

/**
 * One rung's stage IV walked in two orders, the cheaper end by the cycle model kept when it is cheaper by more than
 * the model's error. The first walk takes stage III's
 * demotions by the loss each adds per cycle it saves ({@link StageFourOrder#of}); the second, from the same start, by
 * the loss alone, equal losses in the program's order ({@link StageFourOrder#byLossAlone}). A greedy walk keeps what
 * meets the limits now, and a demotion kept early can make later ones wrap, lose accuracy or stop saving cycles, so
 * the program a walk reaches depends on its order; the first order depends on the model (a refit of the Uno's model
 * chose programs it priced above main's, which the same limits allowed: BENCHMARKS.md "The 16-bit activations' exp
 * kernels as terms of their own"). The second order reads no model: where the first is led away, it is a second,
 * independent try. On protonn-cancer-2 the first walk keeps t16 early and ends at 15,139 modelled cycles; the second
 * keeps del and t13 as a pair, W, then B, Z, WX and t9 together, and ends at 9,510: 14,209 -> 9,744 cycles on the
 * Uno (BENCHMARKS.md "(session 18, branch walks55)").
 *
 * <p>Both walks meet the same limits at every step they keep, so either end is a program the walk may choose; the
 * second is kept only when the model prices it below the first by more than its own mean error on whole programs its
 * fit did not see ({@link #beyondError}; on a tie or a smaller saving the first, the documented walk, stays), and then
 * its steps become the rung's curve and its demotions the kept ones, which the acceptance's prefixes and the
 * confirmation on every row then take in its order, and the programs it ran join the frontier, which
 * {@link FasterOnFrontier} chooses from (left out otherwise, so that it does not take a program of the second walk
 * for a saving the first rule refused). The second walk runs only where stage IV's refusals read a cycle model whose
 * error is measured (accuracy mode, no flash budget, no precision bound: with a bound the search wants the smallest
 * types meeting it), and costs
 * one more run per demotion it does not refuse before running (stage IV's runs reuse the rung's start upstream of the
 * demoted value, as the first walk's do).
 */
final class StageFourTwoWalks {
    /** The stage's name for the second walk's bar and time in the report. */
    static final String SECOND = "stage IV: second walk, by loss alone";

    private final ProgramPricing pricing;
    /** The cycle model's mean error on whole programs its fit did not see (NaN: unmeasured). */
    private final double modelError;
    private final Budget budget;
    private final StageFourPairs pairs;
    private final DemotionUnits.Rung rung;
    /** The programs the search ran, for the frontier (the search's list, added to by both walks). */
    private final List<Frontier.Explored> explored;
    /** Whether the second walk runs (see the class comment). */
    private final boolean twice;
    /** Whether {@link #walk} kept the second walk's end (the report says whose steps its stage IV table shows). */
    private boolean secondTaken;

    StageFourTwoWalks(ProgramPricing pricing, Budget budget, StageFourPairs pairs, DemotionUnits.Rung rung,
                      List<Frontier.Explored> explored, boolean twice, double modelError) {
        this.pricing = pricing;
        this.modelError = modelError;
        this.budget = budget;
        this.pairs = pairs;
        this.rung = rung;
        this.explored = explored;
        this.twice = twice && !Double.isNaN(modelError);
    }

    /**
     * Whether the second walk's end, {@code second} modelled cycles, saves more of the first's {@code first} than the
     * model's own error on whole programs: the rule {@link StageFourPairs} keeps a pair by, for the same reason. Taken
     * at any saving, the second walk changed bonsai-digits-10's program for 2 modelled cycles of 46,982 and
     * bonsai-letter-26's, three parameters back at 16 bits, for 6 of 54,049: differences far inside what the model
     * resolves, as the pairs saving 0.08-0.2% that were up to 1.3% slower on the Uno.
     */
    private boolean beyondError(double second, double first) {
        return second < first && (first - second) / first > modelError;
    }

    /**
     * Walks {@code order} from the program of {@code bits} and {@code scales} (wrapping {@code wraps} times), and, when
     * {@link #twice}, walks again by loss alone from the same start; leaves the cheaper end in {@code bits} and
     * {@code scales}, its kept demotions appended to {@code kept} and its steps to {@code curve}. Returns that
     * program's wrap events.
     */
    long walk(CandidatePool pool, List<Demotion> order, StageFourLimits limits, int[] bits, int[] scales, long wraps,
              List<StagedConfirmation.Kept> kept, List<Step> curve) {
        int[] bits2 = bits.clone(), scales2 = scales.clone();
        List<StagedConfirmation.Kept> kept2 = new ArrayList<>(kept);
        List<Step> curve2 = new ArrayList<>(curve);
        long first = new StageFourWalk(pricing, budget, pairs, rung, bits, scales, wraps, kept, explored)
                .demoteCumulatively(pool, order, limits, curve);
        if (!twice || order.isEmpty()) {
            return first;
        }
        List<Demotion> byLoss = new ArrayList<>(order);
        byLoss.sort(StageFourOrder.byLossAlone(rung));
        List<Frontier.Explored> ran = new ArrayList<>();
        long second = new StageFourWalk(pricing, budget, pairs, rung, bits2, scales2, wraps, kept2, ran)
                .demoteCumulatively(pool, byLoss, limits, curve2, SECOND);
        if (!beyondError(pricing.cycles(bits2, scales2), pricing.cycles(bits, scales))) {
            return first;
        }
        secondTaken = true;
        explored.addAll(ran);
        System.arraycopy(bits2, 0, bits, 0, bits.length);
        System.arraycopy(scales2, 0, scales, 0, scales.length);
        kept.clear();
        kept.addAll(kept2);
        curve.clear();
        curve.addAll(curve2);
        return second;
    }

    /** Whether the last {@link #walk} kept the second walk's end. */
    boolean secondTaken() {
        return secondTaken;
    }
}
