package seedc.cost;

import java.util.List;

/**
 * A modelled cost of one inference: the {@code total} and its parts, one per top-level op of the program in program
 * order (a loop's entry holds its body's cost times its iterations); and, from a model of an FPGA design, the
 * design's estimated LUTs ({@code luts}; null from a model of a processor, whose program takes no logic).
 */
public record CycleEstimate(double total, List<Part> parts, Long luts) {
    public CycleEstimate {
        parts = List.copyOf(parts);
    }

    /** An estimate without LUTs: a processor's. */
    public CycleEstimate(double total, List<Part> parts) {
        this(total, parts, null);
    }

    /** The same with {@code extra} added to the total (a penalty), the parts and LUTs as they are. */
    public CycleEstimate plus(double extra) {
        return new CycleEstimate(total + extra, parts, luts);
    }

    /** One op's share: its label (the value it computes), its kind, its multiply-accumulates and modelled cycles. */
    public record Part(String label, String kind, long macs, double cycles) {}
}
