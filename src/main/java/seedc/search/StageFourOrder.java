package seedc.search;

import java.util.Comparator;
import java.util.List;
import seedc.search.ShiftryOutcome.Demotion;

/** Stage III's verdicts put in the order stage IV tries them, and the best of a race of scales. */
final class StageFourOrder {
    private StageFourOrder() {}

    /**
     * The order stage IV tries stage III's demotions in. Those that wrap go last: stage IV would refuse them anyway,
     * after the others. With a cycle model (accuracy mode), those that save cycles come first, by the loss they add
     * per cycle they save (a demotion that lowers the loss first, the one that saves most among those), then those
     * that save none (stage IV refuses them unless other demotions made them faster), by loss. Without a model
     * (or with a flash budget, which cares for bytes, not cycles), by loss alone.
     */
    static Comparator<Demotion> of(boolean byCycles, double lossBefore) {
        Comparator<Demotion> wrapsLast = Comparator.comparing((Demotion d) -> d.wrapEvents() > 0);
        if (!byCycles) {
            return wrapsLast.thenComparingDouble(Demotion::loss);
        }
        return wrapsLast.thenComparing((Demotion d) -> d.cyclesSaved() <= 0)
                .thenComparingDouble(d -> d.cyclesSaved() <= 0 ? d.loss() : (d.loss() - lossBefore) / d.cyclesSaved())
                .thenComparing(Comparator.comparingDouble(Demotion::cyclesSaved).reversed());
    }

    /**
     * The order of stage IV's second walk ({@link StageFourTwoWalks}): those that wrap last, then by the loss each adds
     * alone, equal losses in the program's order. Nothing in it reads the cycle model, so the walk it makes differs
     * between two models only where their "not faster" refusals do: the first order divides the loss by the cycles
     * saved, and a model that prices an op differently reorders the walk and can lose a cheaper program the other
     * order reaches (BENCHMARKS.md "(session 18, branch walks55)"). Most demotions of a program add no loss on the rows
     * that choose, so the program's order, and not the first order's, decides among them.
     */
    static Comparator<Demotion> byLossAlone(DemotionUnits.Rung rung) {
        return Comparator.comparing((Demotion d) -> d.wrapEvents() > 0)
                .thenComparingDouble(Demotion::loss)
                .thenComparingInt(d -> rung.of(d.name()).unit().values().get(0).id());
    }

    /** The index of the best of a race's scores (ties to the earlier; null: stopped, not the best). */
    static int best(List<CandidatePool.Score> r) {
        int best = -1;
        for (int k = 0; k < r.size(); k++) {
            if (r.get(k) != null && (best < 0 || r.get(k).beats(r.get(best)))) {
                best = k;
            }
        }
        return best;
    }
}
