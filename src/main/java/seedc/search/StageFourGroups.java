package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.search.ShiftryOutcome.Step;

/**
 * Stage IV's demotions refused alone as "not faster", tried again in groups once the greedy walk is done. A cost that
 * falls in steps (an FPGA design's lanes, a product that becomes 8x8 only when both operands are 8-bit) drops only
 * when several values are demoted together: alone each is refused, and the walk kept bonsai-letter-26's Arty design
 * at 711 cycles where the search that ignored cost reached 669. The refusals are added in the walk's order to a
 * pending group; as soon as the group makes the modelled cost fall it is run once, and kept whole if it meets the
 * walk's limits, else dropped whole. A demotion that is faster alone never waits here, so this adds at most one run
 * per refused demotion and only where the model says the group pays.
 */
final class StageFourGroups {
    private StageFourGroups() {}

    /**
     * The program after the groups kept: its widths, scales, wrap events and modelled cost, and the curve's steps
     * that became kept (their verdict was {@link StageFourVerdict#COST}), by index, with their group's figures.
     */
    record Grouped(int[] bits, int[] scales, long wraps, double cycles, Map<Integer, Step> steps) {}

    /** What the walk knows, for the groups. */
    record Walk(ProgramPricing pricing, CandidatePool pool, StageFourLimits limits, DemotionUnits.Rung rung,
                Consumer<Run> ran) {}

    /** A group that was run: the program, its score and modelled cost (for the frontier). */
    record Run(FixedProgram program, CandidatePool.Score score, double cycles, int[] bits) {}

    /**
     * The groups of {@code curve}'s not-faster refusals that {@code walk} keeps, starting from the program of
     * {@code bits} and {@code scales} (cost {@code cycles}, {@code wraps} wrap events); null when none is kept.
     */
    static Grouped group(Walk walk, int[] bits, int[] scales, long wraps, double cycles, List<Step> curve) {
        int[] keptBits = bits.clone(), keptScales = scales.clone();
        int[] b = bits.clone(), sc = scales.clone();
        List<Integer> pending = new ArrayList<>();
        Map<Integer, Step> steps = new TreeMap<>();
        for (int i = 0; i < curve.size(); i++) {
            Step t = curve.get(i);
            if (t.verdict() != StageFourVerdict.COST || !walk.rung().pending(t.name(), b)) {
                continue;
            }
            walk.rung().apply(t.name(), b, sc);
            pending.add(i);
            FixedProgram together = walk.pricing().assign(b, sc);
            double then = walk.pricing().cyclesOf(together);
            if (!(then < cycles)) {
                continue; // not faster yet: the next refusal may complete the group
            }
            // a run the stage's bar did not count: not stepped, so the bar keeps its one total
            CandidatePool.Score s = walk.pool().evaluate(Progress.hidden(), () -> together);
            walk.ran().accept(new Run(together, s, then, b.clone()));
            if (walk.limits().verdict(s, wraps, () -> together).kept()) {
                System.arraycopy(b, 0, keptBits, 0, b.length);
                System.arraycopy(sc, 0, keptScales, 0, sc.length);
                wraps = s.wrapEvents();
                cycles = then;
                for (int k : pending) {
                    Step p = curve.get(k);
                    steps.put(k, new Step(p.name(), StageFourVerdict.KEPT_TOGETHER, s.accuracy(), s.scoreError(),
                            walk.pricing().paramBytes(b), s.wrapEvents(), then, walk.pricing().overflow(together)));
                }
            } else {
                System.arraycopy(keptBits, 0, b, 0, b.length);
                System.arraycopy(keptScales, 0, sc, 0, sc.length);
            }
            pending.clear();
        }
        return steps.isEmpty() ? null : new Grouped(keptBits, keptScales, wraps, cycles, steps);
    }
}
