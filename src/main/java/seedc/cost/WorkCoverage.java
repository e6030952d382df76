package seedc.cost;

import java.util.Comparator;
import java.util.List;

/**
 * How much of one program's modelled cycles a model prices from measurements of the same work ({@code share}, 0 to
 * 1), and the ops whose work it priced otherwise: from relatives' coefficients, from a kernel's dense stand-ins, or at
 * nothing. The search lets a model decide only where it measured most of the work (seedc.search.CycleModelTrust);
 * the report names the ops that kept it from deciding.
 */
public record WorkCoverage(double share, List<Unmeasured> unmeasured) {
    /** A model that prices every program from measurements of its own work. */
    public static final WorkCoverage ALL = new WorkCoverage(1, List.of());

    public WorkCoverage {
        unmeasured = List.copyOf(unmeasured);
    }

    /**
     * An op (a loop, or the call) of {@code kind} whose modelled {@code cycles} the model did not measure; NaN where
     * part of its work is priced at nothing (no coefficient and no relative: how much it costs, nobody knows).
     */
    public record Unmeasured(String op, String kind, double cycles) {
        /** Whether some of its work is priced at nothing. */
        public boolean unpriced() {
            return Double.isNaN(cycles);
        }
    }

    /** At most {@code n} of the unmeasured ops, those priced at nothing first, then by cycles, most first. */
    public List<Unmeasured> largest(int n) {
        return unmeasured.stream().sorted(Comparator.comparing(Unmeasured::unpriced).reversed()
                .thenComparing(Comparator.comparingDouble(Unmeasured::cycles).reversed())).limit(n).toList();
    }
}
