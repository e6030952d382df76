package seedc.search;

import java.util.ArrayList;
import java.util.List;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;

/**
 * With a flash budget, the values stages III and IV try: only those whose width changes the flash the program
 * takes (a value computed in RAM saves no flash demoted). Fails, before exploring, when even the smallest program
 * the ladder allows exceeds the budget.
 */
final class FlashSavers {
    private final Budget budget;
    private final ProgramPricing pricing;
    private final ShiftryLadder ladder;

    FlashSavers(Budget budget, ProgramPricing pricing, ShiftryLadder ladder) {
        this.budget = budget;
        this.pricing = pricing;
        this.ladder = ladder;
    }

    /**
     * Before exploring from the program of {@code bits} and {@code scales}: fails unless the program with every
     * value at the last rung fits, and keeps the values whose width changes the flash taken at the first step.
     */
    List<Value> first(List<Value> all, List<ShiftryLadder.Step> steps, int[] bits, int[] scales) {
        if (steps.size() == 1) {
            // one step: its smallest program is the one that must fit
            return of(steps.getFirst(), all, true, bits, scales);
        }
        budget.requireFits(demoted(pricing, bits, scales, all, ladder.toBottom()), everyValueAt(ladder.bottom()));
        return of(steps.getFirst(), all, false, bits, scales);
    }

    /**
     * Keeps of {@code vars} only the values whose bitwidth changes the flash taken at this step (none if the program
     * of {@code bits} and {@code scales} fits): demoted alone they save flash, or promoted alone from the program
     * with all of them demoted they cost some (two activations sharing one 16-bit table save it only together).
     * {@code mustFit}: fails, before exploring, unless the program with all of them demoted fits.
     */
    List<Value> of(ShiftryLadder.Step step, List<Value> vars, boolean mustFit, int[] bits, int[] scales) {
        FixedProgram smallest = demoted(pricing, bits, scales, vars, step);
        if (mustFit) {
            budget.requireFits(smallest, everyValueAt(step.to().bits()));
        }
        long now = budget.amount(pricing.assign(bits, scales)), low = budget.amount(smallest);
        List<Value> kept = new ArrayList<>(vars);
        kept.removeIf(v -> now <= budget.limit()
                || (budget.amount(demoted(pricing, bits, scales, List.of(v), step)) >= now
                && budget.amount(demoted(pricing, bits, scales, vars.stream().filter(u -> u != v).toList(), step))
                <= low));
        return kept;
    }

    /** The program of {@code bits} and {@code scales} with {@code vars} one step down at their first scales. */
    static FixedProgram demoted(ProgramPricing pricing, int[] bits, int[] scales, List<Value> vars,
                                ShiftryLadder.Step step) {
        int[] b = bits.clone(), sc = scales.clone();
        for (Value v : vars) {
            b[v.id()] = step.to().bits();
            sc[v.id()] = step.firstScale(sc[v.id()]);
        }
        return pricing.assign(b, sc);
    }

    private static String everyValueAt(int bits) {
        return "even with every value demoted to " + bits + " bits";
    }
}
