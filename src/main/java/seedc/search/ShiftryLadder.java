package seedc.search;

import java.util.ArrayList;
import java.util.List;
import seedc.fixed.WidthPolicy;

/**
 * The widths Shiftry's search moves values through (Algorithms 11-14), as data. Every value starts at
 * {@code start} bits with its data-driven scale; each rung below is one round of stages III and IV,
 * which demote values from the rung above to it, each tried at {@code scaleTrials} scales from its
 * scale minus the bits it loses (the scale keeping its range) upwards. Shiftry's own ladder is
 * 16 -> 8 at four scales ({@link #shiftry}); an exact-width backend could climb down 16 -> 12 -> 8 or
 * 8 -> 4 -> 2. The widths must be ones {@code widths} stores; its answers also give the temporaries and
 * tables of every program the search builds.
 */
public record ShiftryLadder(WidthPolicy widths, int start, List<Rung> rungs) {

    /** A width values are demoted to, and how many scales a demotion to it tries. */
    public record Rung(int bits, int scaleTrials) {}

    /** One round of demotion: values at {@code from} bits tried at {@code to}. */
    public record Step(int from, Rung to) {
        /** The first scale a value at {@code scale} is tried at: the one that keeps its range in fewer bits. */
        public int firstScale(int scale) {
            return scale - (from - to.bits());
        }
    }

    public ShiftryLadder {
        rungs = List.copyOf(rungs);
        List<Integer> all = widthsFrom(start, rungs);
        for (int i = 0; i < all.size(); i++) {
            if (!widths.stores(all.get(i))) {
                throw new IllegalArgumentException(widths.name() + " store no " + all.get(i) + "-bit values (they store "
                        + widths.storageWidths() + ")");
            }
            if (i > 0 && (all.get(i) >= all.get(i - 1) || rungs.get(i - 1).scaleTrials() < 1)) {
                throw new IllegalArgumentException("a ladder goes down one width at a time and tries a scale or more: "
                        + all + ", " + rungs.get(i - 1));
            }
        }
    }

    /** Shiftry's: every value at 16 bits, demoted to 8 bits at its scale - 8 .. its scale - 5. */
    public static ShiftryLadder shiftry(WidthPolicy widths) {
        return new ShiftryLadder(widths, 16, List.of(new Rung(8, 4)));
    }

    /** The rounds of demotion, top down. */
    public List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        int from = start;
        for (Rung r : rungs) {
            steps.add(new Step(from, r));
            from = r.bits();
        }
        return steps;
    }

    /** The whole ladder as one step: from the first width to the narrowest at once. */
    public Step toBottom() {
        return new Step(start, new Rung(bottom(), 1));
    }

    /** The narrowest width: where a budget that nothing else fits must fit. */
    public int bottom() {
        return rungs.isEmpty() ? start : rungs.getLast().bits();
    }

    /** The exp, sigmoid and tanh tables of a {@code valueBits}-bit output. */
    TableDesign tables(int valueBits) {
        return TableDesign.forValue(widths, valueBits);
    }

    private static List<Integer> widthsFrom(int start, List<Rung> rungs) {
        List<Integer> all = new ArrayList<>(List.of(start));
        rungs.forEach(r -> all.add(r.bits()));
        return all;
    }

    @Override
    public String toString() {
        return widthsFrom(start, rungs).stream().map(String::valueOf).reduce((a, b) -> a + " -> " + b).orElseThrow()
                + " bits";
    }
}
