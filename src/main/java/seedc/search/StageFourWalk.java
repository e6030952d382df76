package seedc.search;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.search.ShiftryOutcome.Demotion;
import seedc.search.ShiftryOutcome.Step;

/**
 * Shiftry's stage IV on one rung ({@link ShiftrySearch}): stage III's demotions applied cumulatively, least damaging
 * first, each kept while {@link StageFourLimits} allow it; then its second chances: a "not faster" refusal tried with
 * an earlier one that shares an op ({@link StageFourPairs}), groups of such refusals faster together
 * ({@link StageFourGroups}), and demotions that make the program fit the device's RAM ({@link StageFourRam}).
 * It demotes the search's current program in place and adds to the search's kept demotions and explored programs.
 */
final class StageFourWalk {
    /** The candidates' cycles, flash and RAM overflow. */
    private final ProgramPricing pricing;
    /** The flash budget (null: accuracy mode). */
    private final Budget budget;
    /** Stage IV's look past one step (null: no cycle model, or one whose error is unmeasured). */
    private final StageFourPairs pairs;
    /** Stage III's demotions of the rung this walk is on. */
    private final DemotionUnits.Rung rung;
    /** The current program: every real value's width and scale (the search's own arrays, demoted in place). */
    private final int[] bits;
    private final int[] scales;
    /** The current program's wrap events on the training set. */
    private long wraps;
    /** Stage IV's kept demotions, in order (the search's list, added to). */
    private final List<StagedConfirmation.Kept> kept;
    /** The programs the search ran, for the frontier (the search's list, added to). */
    private final List<Frontier.Explored> explored;

    StageFourWalk(ProgramPricing pricing, Budget budget, StageFourPairs pairs, DemotionUnits.Rung rung, int[] bits,
                  int[] scales, long wraps, List<StagedConfirmation.Kept> kept, List<Frontier.Explored> explored) {
        this.pricing = pricing;
        this.budget = budget;
        this.pairs = pairs;
        this.rung = rung;
        this.bits = bits;
        this.scales = scales;
        this.wraps = wraps;
        this.kept = kept;
        this.explored = explored;
    }

    /**
     * Stage IV: cumulative demotion, least damaging first; each try is a point of the curve. One bar for the stage.
     * Returns the wrap events of the program it leaves.
     */
    long demoteCumulatively(CandidatePool pool, List<Demotion> order, StageFourLimits limits, List<Step> curve) {
        return demoteCumulatively(pool, order, limits, curve, "stage IV: cumulative demotion");
    }

    /** {@link #demoteCumulatively(CandidatePool, List, StageFourLimits, List)} under the bar (and time) {@code stage}. */
    long demoteCumulatively(CandidatePool pool, List<Demotion> order, StageFourLimits limits, List<Step> curve,
                            String stage) {
        try (Progress bar = pool.bar(stage, order.size())) {
            double cyclesNow = pricing.cycles(bits, scales); // the current program's, changed only by a kept demotion
            boolean byCycles = budget == null && pricing.modelsCycles();
            for (Demotion d : order) {
                if (budget != null && budget.fits(current())) {
                    break;
                }
                int[] b = bits.clone(), sc = scales.clone();
                rung.apply(d.name(), b, sc);
                FixedProgram candidate = pricing.assign(b, sc);
                double cyclesThen = pricing.cyclesOf(candidate);
                if (byCycles && !(cyclesThen < cyclesNow)) {
                    // Not faster: not worth running alone. A demotion's only use in accuracy mode is speed (flash and
                    // RAM follow the same widths, and a budget, which cares for them, never comes here). Kept at equal
                    // cycles for less flash, bonsai-wine-3's parameters measured the same cycles on the Uno, and on
                    // an FPGA it cost accuracy for nothing the user asked for. With an earlier refusal that shares an
                    // op it may be faster (StageFourPairs).
                    bar.step();
                    curve.add(new Step(d.name(), StageFourVerdict.COST, Double.NaN, Double.NaN,
                            pricing.paramBytes(b), 0, cyclesThen, pricing.overflow(candidate)));
                    StageFourPairs.Pair pair = pairs == null ? null
                            : pairs.partner(pricing, rung, curve, bits, scales, cyclesNow);
                    if (pair != null && keptPair(pool, limits, pair, curve)) {
                        cyclesNow = pair.cycles();
                    }
                    continue;
                }
                CandidatePool.Score s = pool.evaluate(bar, () -> candidate);
                explored.add(Frontier.Explored.unjudged(candidate, s.accuracy(), cyclesThen, pricing.paramBytes(b)));
                StageFourVerdict verdict = StageFourRam.shrinksOverflow(pricing,
                        limits.verdict(s, wraps, () -> candidate), s, current(), candidate, wraps);
                boolean keep = verdict.kept();
                if (keep) {
                    rung.apply(d.name(), bits, scales);
                    wraps = s.wrapEvents();
                    cyclesNow = cyclesThen;
                    kept.add(new StagedConfirmation.Kept(rung.of(d.name()), curve.size()));
                }
                curve.add(new Step(d.name(), verdict, s.accuracy(), s.scoreError(),
                        pricing.paramBytes(keep ? b : bits), s.wrapEvents(), cyclesThen, pricing.overflow(candidate)));
            }
            if (byCycles) {
                keepGroups(pool, limits, curve, cyclesNow);
            }
            if (budget == null) {
                fitRam(pool, limits, curve);
            }
        }
        return wraps;
    }

    /**
     * Runs the curve's last refusal with its {@code pair}'s earlier one; when the two meet the limits, keeps both
     * (their two steps of the curve become kept) and returns true; else leaves the program as it was.
     */
    private boolean keptPair(CandidatePool pool, StageFourLimits limits, StageFourPairs.Pair pair, List<Step> curve) {
        FixedProgram both = pricing.assign(pair.bits(), pair.scales());
        // a run the stage's bar did not count (the refusal's turn stepped it)
        CandidatePool.Score s = pool.evaluate(Progress.hidden(), () -> both);
        explored.add(Frontier.Explored.unjudged(both, s.accuracy(), pair.cycles(), pricing.paramBytes(pair.bits())));
        StageFourVerdict verdict = StageFourRam.shrinksOverflow(pricing, limits.verdict(s, wraps, () -> both), s,
                current(), both, wraps);
        if (!verdict.kept()) {
            return false;
        }
        Map<Integer, Step> steps = new TreeMap<>();
        List<Integer> together = new java.util.ArrayList<>(pair.earlier());
        together.add(curve.size() - 1);
        StageFourVerdict how = together.size() == 2 ? StageFourVerdict.KEPT_PAIR : StageFourVerdict.KEPT_LINKED;
        for (int i : together) {
            steps.put(i, new Step(curve.get(i).name(), how, s.accuracy(), s.scoreError(),
                    pricing.paramBytes(pair.bits()), s.wrapEvents(), pair.cycles(), pricing.overflow(both)));
        }
        keepTogether(pair.bits(), pair.scales(), s.wrapEvents(), steps, curve);
        return true;
    }

    /** Keeps the groups of "not faster" refusals {@link StageFourGroups} finds faster together. */
    private void keepGroups(CandidatePool pool, StageFourLimits limits, List<Step> curve, double cyclesNow) {
        StageFourGroups.Walk walk = new StageFourGroups.Walk(pricing, pool, limits, rung,
                r -> explored.add(Frontier.Explored.unjudged(r.program(), r.score().accuracy(), r.cycles(),
                        pricing.paramBytes(r.bits()))));
        StageFourGroups.Grouped g = StageFourGroups.group(walk, bits, scales, wraps, cyclesNow, curve);
        if (g != null) {
            keepTogether(g.bits(), g.scales(), g.wraps(), g.steps(), curve);
        }
    }

    /** Keeps the demotions {@link StageFourRam#fitRam} finds that make the program fit the device's RAM together. */
    private void fitRam(CandidatePool pool, StageFourLimits limits, List<Step> curve) {
        StageFourRam.Fitted f = StageFourRam.fitRam(pricing, pool, bits, scales, wraps, curve, rung, limits);
        if (f != null) {
            Map<Integer, Step> steps = new TreeMap<>();
            f.steps().forEach(i -> steps.put(i, curve.get(i).as(StageFourVerdict.KEPT)));
            keepTogether(f.bits(), f.scales(), f.wraps(), steps, curve);
        }
    }

    /**
     * Makes the program of {@code newBits} and {@code newScales} (wrapping {@code newWraps} times) the current one:
     * the demotions at the curve's indices of {@code steps} kept, each step replaced by its kept one.
     */
    private void keepTogether(int[] newBits, int[] newScales, long newWraps, Map<Integer, Step> steps,
                              List<Step> curve) {
        steps.forEach((i, t) -> {
            kept.add(new StagedConfirmation.Kept(rung.of(t.name()), i));
            curve.set(i, t);
        });
        System.arraycopy(newBits, 0, bits, 0, bits.length);
        System.arraycopy(newScales, 0, scales, 0, scales.length);
        wraps = newWraps;
    }

    private FixedProgram current() {
        return pricing.assign(bits, scales);
    }
}
