package seedc.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import seedc.fixed.FixedProgram;

/**
 * The programs a search evaluated that no other evaluated program beats on all three of accuracy (on the rows that
 * choose), modelled cycles and parameter flash: what {@code --pareto} lists, fastest first.
 */
public final class Frontier {
    private Frontier() {}

    /**
     * A program the search ran: its accuracy on the rows that chose, its modelled cycles (0 without a cycle model),
     * its parameters' flash and, once the held-out rows judged it, its accuracy there (NaN before or without them:
     * build such a point with {@link #unjudged}, and ask {@link #judged} rather than testing for NaN).
     */
    public record Explored(FixedProgram program, double chooseAccuracy, double cycles, int paramBytes,
                           double heldOutAccuracy) {
        /**
         * A program the walk has just run on the rows that choose; the held-out rows judge only the frontier's points,
         * after the search ({@link #withHeldOut}), so every point starts here.
         */
        static Explored unjudged(FixedProgram program, double chooseAccuracy, double cycles, int paramBytes) {
            return new Explored(program, chooseAccuracy, cycles, paramBytes, Double.NaN);
        }

        /** Whether the held-out rows judged this point (false before they did, and in a search without them). */
        public boolean judged() {
            return !Double.isNaN(heldOutAccuracy);
        }

        Explored withHeldOut(double accuracy) {
            return new Explored(program, chooseAccuracy, cycles, paramBytes, accuracy);
        }

        /** At least as good as {@code o} on all three, better on one. */
        boolean dominates(Explored o) {
            boolean noWorse = chooseAccuracy >= o.chooseAccuracy && cycles <= o.cycles && paramBytes <= o.paramBytes;
            return noWorse && (chooseAccuracy > o.chooseAccuracy || cycles < o.cycles || paramBytes < o.paramBytes);
        }

        /** The same program widths and scales (two walks often run it twice). */
        boolean samePoint(Explored o) {
            return chooseAccuracy == o.chooseAccuracy && cycles == o.cycles && paramBytes == o.paramBytes
                    && program.sameTypes(o.program);
        }
    }

    /**
     * The non-dominated programs of {@code explored}, each point once, fastest (then smallest) first, and the
     * {@code chosen} program's point among them even when another dominates it on the rows that choose (the held-out
     * rows may have refused that other).
     */
    public static List<Explored> of(List<Explored> explored, FixedProgram chosen) {
        List<Explored> out = new ArrayList<>();
        for (Explored e : explored) {
            boolean dominated = explored.stream().anyMatch(o -> o.dominates(e))
                    && !e.program().sameTypes(chosen);
            if (!dominated && out.stream().noneMatch(e::samePoint)) {
                out.add(e);
            }
        }
        out.sort(Comparator.comparingDouble(Explored::cycles).thenComparingInt(Explored::paramBytes)
                .thenComparing(Comparator.comparingDouble(Explored::chooseAccuracy).reversed()));
        return out;
    }
}
