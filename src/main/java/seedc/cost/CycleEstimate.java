package seedc.cost;

import java.util.List;

/**
 * A modelled cost of one inference: the {@code total} and its parts, one per top-level op of the program in program
 * order (a loop's entry holds its body's cost times its iterations).
 */
public record CycleEstimate(double total, List<Part> parts) {
    public CycleEstimate {
        parts = List.copyOf(parts);
    }

    /** One op's share: its label (the value it computes), its kind, its multiply-accumulates and modelled cycles. */
    public record Part(String label, String kind, long macs, double cycles) {}
}
