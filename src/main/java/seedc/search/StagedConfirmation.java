package seedc.search;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import seedc.diag.Progress;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;

/**
 * Deciding on a subset of a large training set, confirming on all of it: the second round of Shiftry's staged
 * search (stage II's best few input scales, stage IV's kept demotions) and of SeeDot's maxscale search.
 *
 * <p>Why it is sound. Stage IV keeps a demotion while the training accuracy stays within the allowed drop of
 * float's, the score error within its limit and the wrap events do not grow. On 2,000 evenly spaced rows an
 * accuracy p has a standard error of sqrt(p(1-p)/2000), at most 1.1 points, and less for the paired
 * difference to float that the limit reads (fixed and float disagree on few rows); so the subset's decisions
 * are nearly those of the whole set, but not always. Every row therefore confirms the result: the program with
 * all kept demotions must meet the same limits on every row, else the longest prefix of the kept demotions
 * that does is found by bisection (a prefix of a sequence that met the limits at each step: its accuracy falls
 * nearly monotonically), at a cost of about log2(kept) runs over the whole set instead of one per demotion.
 * What is chosen meets the limits on the whole training set (unless not even the program before stage IV does,
 * which then stays, as in the exhaustive search). Its demotions can differ from the exhaustive search's, since
 * stages III and IV take their own path on the subset: BENCHMARKS.md measures by how much.
 */
final class StagedConfirmation {
    private StagedConfirmation() {}

    /** How many of the subset's best candidates the whole set confirms (stage II, SeeDot's sweep). */
    static final int SURVIVORS = 4;

    /** A demotion stage IV kept (of one value, or a group: {@link DemotionUnits}) and its point on the curve. */
    record Kept(DemotionUnits.Chosen demotion, int curveIndex) {}

    /**
     * The program stage IV started from: its widths and scales, and its numbers on every row when stage II's
     * confirmation measured them (else null).
     */
    record BeforeStageFour(int[] bits, int[] scales, CandidatePool.Score onAllRows) {}

    /**
     * Stage IV's {@code kept} demotions confirmed on every row of {@code full}: {@code bits} and {@code scales}
     * become the start with the longest confirmed prefix of them, the rest are dropped from {@code kept} and marked
     * on the {@code curve}; returns the prefix's length.
     */
    static int confirm(ProgramPricing pricing, BeforeStageFour start, List<Kept> kept, CandidatePool full,
                       double floatTrainAcc, ShiftrySettings settings, int[] bits, int[] scales,
                       List<ShiftryOutcome.Step> curve) {
        if (kept.isEmpty()) {
            return 0;
        }
        IntFunction<FixedProgram> prefix = k -> prefix(pricing, start.bits(), start.scales(), kept, k);
        int n;
        // The program before stage IV is stage II's choice, whose numbers on every row its confirmation measured.
        CandidatePool.Score startScore = start.onAllRows() != null ? start.onAllRows()
                : full.scoreOf(prefix.apply(0));
        long wrapsStart = startScore.wrapEvents();
        StageFourLimits limits = new StageFourLimits(null, floatTrainAcc, settings.maxDrop(),
                StageFourLimits.scoreErrorLimit(settings.maxScoreError(), startScore.scoreError()), null);
        try (Progress bar = full.bar("stage IV: confirming on every row", 1 + FixedArith.ceilLog2(kept.size()))) {
            n = longestPrefix(kept.size(),
                    k -> limits.keeps(full.evaluate(bar, () -> prefix.apply(k)), wrapsStart, () -> prefix.apply(k)));
        }
        System.arraycopy(start.bits(), 0, bits, 0, bits.length);
        System.arraycopy(start.scales(), 0, scales, 0, scales.length);
        apply(kept.subList(0, n), bits, scales);
        unkeep(kept.subList(n, kept.size()), curve);
        kept.subList(n, kept.size()).clear();
        return n;
    }

    /** The program of {@code bitsStart} and {@code scalesStart} with the first {@code k} of {@code kept} applied. */
    static FixedProgram prefix(ProgramPricing pricing, int[] bitsStart, int[] scalesStart, List<Kept> kept, int k) {
        int[] b = bitsStart.clone(), sc = scalesStart.clone();
        apply(kept.subList(0, k), b, sc);
        return pricing.assign(b, sc);
    }

    /** Writes the demotions into {@code bits} and {@code scales}. */
    static void apply(List<Kept> demotions, int[] bits, int[] scales) {
        for (Kept k : demotions) {
            k.demotion().apply(bits, scales);
        }
    }

    /**
     * The length of the longest prefix of n kept demotions that {@code meets} the limits on every row (meets(k):
     * the program before stage IV with the first k of them): n when all of them do, else found by bisection
     * between 0 and n (0 when none does). Calls meets at most 1 + ceil(log2 n) times, n first.
     */
    static int longestPrefix(int n, IntPredicate meets) {
        if (n == 0 || meets.test(n)) {
            return n;
        }
        int lo = 0, hi = n; // prefix lo meets the limits (or is the start), prefix hi does not
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (meets.test(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Stage IV's curve with the demotions the whole set refused marked as not kept. */
    static void unkeep(List<Kept> refused, List<ShiftryOutcome.Step> curve) {
        unkeep(refused, curve, StageFourVerdict.CONFIRMATION);
    }

    /** Stage IV's curve with the demotions refused later marked as not kept, for {@code why}. */
    static void unkeep(List<Kept> refused, List<ShiftryOutcome.Step> curve, StageFourVerdict why) {
        for (Kept k : refused) {
            curve.set(k.curveIndex(), curve.get(k.curveIndex()).as(why));
        }
    }
}
