package seedc.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import seedc.ir.Value;

/**
 * What Shiftry's stages III and IV demote as one: each value alone in a rung of at most {@link #SINGLE_VALUES} values
 * to try, else contiguous groups of values in the program's order.
 *
 * <p>Why groups. Each try of stage III or IV reruns the ops after the first value it demotes (the rest reuse the
 * program's kept run, {@link Reuse}), so on a chain of sums or lets a try costs time linear in the values, and trying
 * every value alone, then one by one, costs their square: a 4,990-term sum took 119 s, 9,990 chained lets hung
 * (BENCHMARKS.md, "Limits"). Above {@link #SINGLE_VALUES} values a rung tries {@link #GROUPS} groups instead, so its
 * tries are bounded (four scale trials and a stage IV try a group) and each is linear: the search is linear in the
 * values. A group is demoted whole, every value at its own first scale plus the same offset (the rung's scale trial),
 * ranked by the loss it adds, and kept or refused whole by stage IV. Programs of at most SINGLE_VALUES values (every
 * trained model: tens to hundreds) are searched exactly as before, value by value.
 */
final class DemotionUnits {
    private DemotionUnits() {}

    /** The most values a rung tries each alone: up to here the search is the paper's. */
    static final int SINGLE_VALUES = 2_500;
    /**
     * Above {@link #SINGLE_VALUES}: the groups a rung tries (the last may hold fewer values, and a few fewer groups
     * may result). A 10,000-value chain compiles in about 20 s of CPU on the 2-core machine, most of it front end.
     */
    static final int GROUPS = 100;

    /** Values demoted together: the value's own name alone, else "first..last" (no name holds two dots). */
    record Unit(String name, List<Value> values) {
        /**
         * Writes into {@code b} and {@code sc} this unit demoted by {@code step} at scale trial {@code k} (each value
         * at its first scale plus k, from its scale in {@code scales}: the current program's); returns the values'
         * scales.
         */
        int[] demote(ShiftryLadder.Step step, int k, int[] scales, int[] b, int[] sc) {
            int[] chosen = new int[values.size()];
            for (int j = 0; j < chosen.length; j++) {
                Value v = values.get(j);
                chosen[j] = step.firstScale(scales[v.id()]) + k;
                b[v.id()] = step.to().bits();
                sc[v.id()] = chosen[j];
            }
            return chosen;
        }
    }

    /** A unit's demotion as stage III chose it: its values' width and each one's scale. */
    record Chosen(Unit unit, int bits, int[] scales) {
        /** Writes the demotion into {@code b} and {@code sc}. */
        void apply(int[] b, int[] sc) {
            List<Value> values = unit.values();
            for (int k = 0; k < values.size(); k++) {
                b[values.get(k).id()] = bits;
                sc[values.get(k).id()] = scales[k];
            }
        }
    }

    /** The values per unit of a rung of {@code n} values: 1 up to {@link #SINGLE_VALUES}. */
    static int unitSize(int n) {
        if (n <= SINGLE_VALUES) {
            return 1;
        }
        return Math.ceilDiv(n, GROUPS);
    }

    /** How many units a rung of {@code n} values tries (n up to {@link #SINGLE_VALUES}, else about {@link #GROUPS}). */
    static int units(int n) {
        return n == 0 ? 0 : Math.ceilDiv(n, unitSize(n));
    }

    /** {@code vars} (in the program's order) in units of {@link #unitSize} contiguous values. */
    static List<Unit> of(List<Value> vars) {
        int size = unitSize(vars.size());
        List<Unit> units = new ArrayList<>();
        for (int from = 0; from < vars.size(); from += size) {
            List<Value> group = vars.subList(from, Math.min(vars.size(), from + size));
            String name = group.size() == 1 ? group.getFirst().name()
                    : group.getFirst().name() + ".." + group.getLast().name();
            units.add(new Unit(name, List.copyOf(group)));
        }
        return units;
    }

    /** The grouping of {@code vars}, or null when each value is tried alone. */
    static ShiftryOutcome.Grouping grouping(List<Value> vars) {
        int size = unitSize(vars.size());
        return size == 1 ? null : new ShiftryOutcome.Grouping(vars.size(), units(vars.size()), size);
    }

    /** Stage III's chosen demotions of one rung, by unit name: how stage IV and its second chances apply them. */
    static final class Rung {
        private final Map<String, Chosen> byName = new HashMap<>();

        void add(Chosen c) {
            byName.put(c.unit().name(), c);
        }

        /** The chosen demotion of the unit named so in this rung, or null (a unit of another rung). */
        Chosen of(String name) {
            return byName.get(name);
        }

        /** Whether the unit named so is of this rung and some of its values are not yet at its width in {@code b}. */
        boolean pending(String name, int[] b) {
            Chosen c = byName.get(name);
            if (c == null) {
                return false;
            }
            for (Value v : c.unit().values()) {
                if (b[v.id()] != c.bits()) {
                    return true;
                }
            }
            return false;
        }

        /** Writes the unit's demotion into {@code b} and {@code sc}. */
        void apply(String name, int[] b, int[] sc) {
            byName.get(name).apply(b, sc);
        }
    }
}
