package seedc.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import seedc.diag.UserError;

/**
 * Static RAM planner after Shiftry (OOPSLA'20, section 7): all temporaries share one static buffer,
 * values whose live ranges are disjoint reuse the same bytes, and when the aligned first-fit
 * allocation would overflow the limit, live values are compacted (defragmented) and the moves are
 * recorded as {@link Migration}s for code generation to emit as {@code ShiftVars}.
 *
 * <p>Two block units are tried: the paper's (sizes rounded up to a multiple of the most frequent
 * size) and a fine one (sizes rounded up to the largest alignment only); see
 * {@link #plan(List, int, List)} for how one is picked, and {@link #choose} for the plan a code
 * generator uses. The paper's coarse rounding reduces fragmentation but can waste a lot on a 2 KB
 * device when small scalars share a program with large vectors; the fine unit guarantees a plan
 * whenever the live values fit at every instruction.
 *
 * <p>Where the paper's pseudocode (Algorithms 15-17) is ambiguous or wrong, this planner does the following.
 * <ul>
 *   <li>Collide (Alg. 15) as printed returns true for disjoint blocks; blocks here are half-open
 *       byte intervals and collide when they share a byte.
 *   <li>Block size: the value's size rounded up to a multiple of the most frequent size (Alg. 16
 *       line 11); on a tie the smaller size, which reproduces Pseudocode 5 from Table 3. The unit is
 *       also rounded up to the largest alignment so that every slot is aligned.
 *   <li>A second plan with the unit equal to the largest alignment is also computed, and the plan
 *       with the smaller buffer, then fewer migrations, then the paper's, is returned
 *       ({@link #PREFERRED}, the one ranking of plans, which also picks a code generator's limit in
 *       {@link #choose}).
 *   <li>Values are sorted by (first use, last use), ties in input order. A value whose last use is
 *       the first use of another is still live there (the instruction reads one and writes the
 *       other), so they never share bytes.
 *   <li>Defragment (Alg. 17) as printed allocates only moved values; here every live value except
 *       the new one is compacted in address order (so the moves, run in order, never overwrite
 *       data), and the new value goes right after them rather than at a multiple of its block
 *       size, as in the section 7.1 example (x4 at 32..95).
 *   <li>Only values that already hold data are migrated; one first used at the instruction being
 *       planned is just re-placed. A moved value gets a new {@link Placement} segment from that
 *       instruction on.
 *   <li>The limit is also capped at the size of all values side by side: with no device limit,
 *       defragmentation still runs rather than let the buffer exceed the no-reuse layout.
 * </ul>
 */
public final class MemoryPlanner {
    /**
     * The one ranking of plans of the same values, for the choice of block unit and of limit alike:
     * the smaller buffer first (RAM is what a microcontroller lacks; a migration costs a few cycles
     * per byte), then fewer migrations.
     */
    public static final Comparator<MemoryPlan> PREFERRED =
            Comparator.comparingInt(MemoryPlan::bufferBytes).thenComparingInt(p -> p.migrations().size());

    private MemoryPlanner() {}

    /** {@link #plan(List, int, List)} without instruction labels. */
    public static MemoryPlan plan(List<LiveRange> ranges, int limitBytes) {
        return plan(ranges, limitBytes, List.of());
    }

    /**
     * Plans a buffer of at most {@code limitBytes} bytes ({@code Integer.MAX_VALUE}: no device
     * limit). The buffer never exceeds all values side by side either (sizes rounded up to the
     * largest alignment): a layout worse than no reuse at all is pointless, so that sum acts as a
     * limit too. Of the plans of the two block units that fit, the one {@link #PREFERRED} ranks
     * first is returned, the paper's unit on a tie. Pass {@link #peakLiveBytes} as the limit for
     * Shiftry's default: the smallest buffer, at the price of possibly more migrations; see
     * {@link #choose} for a code generator's choice of limit.
     *
     * @param instructionLabels optional text per instruction index (for example the IR statement),
     *     used only to name the instruction in the error message; may be shorter than the program
     *     or hold nulls
     * @throws UserError when the values live at some instruction cannot fit in {@code limitBytes}
     */
    public static MemoryPlan plan(List<LiveRange> ranges, int limitBytes, List<String> instructionLabels) {
        if (limitBytes < 0) {
            throw new IllegalArgumentException("negative memory limit " + limitBytes);
        }
        checkUniqueNames(ranges);
        int fine = fineUnit(ranges);
        Peak peak = peak(ranges, fine);
        if (peak.bytes > limitBytes) {
            throw new UserError(overflowMessage(ranges, peak, limitBytes, instructionLabels));
        }
        int limit = (int) Math.min(limitBytes, sumOfBlocks(ranges, fine));
        List<MemoryPlan> fitting = new ArrayList<>();
        for (int unit : List.of(paperUnit(ranges), fine)) {
            MemoryPlan p = BlockAllocator.run(ranges, unit, limit);
            if (p != null) {
                fitting.add(p);
            }
        }
        if (fitting.isEmpty()) { // cannot happen: the fine unit fits whenever its peak does
            throw new IllegalStateException("memory planner failed although the peak fits");
        }
        return best(fitting);
    }

    /** The first plan that {@link #PREFERRED} ranks best; null for none. */
    private static MemoryPlan best(List<MemoryPlan> plans) {
        MemoryPlan best = null;
        for (MemoryPlan p : plans) {
            if (best == null || PREFERRED.compare(p, best) < 0) {
                best = p;
            }
        }
        return best;
    }

    /**
     * A code generator's plan for a device of {@code limitBytes} bytes: of the plans for Shiftry's
     * default limit (the live peak), for the device's limit itself and for no limit, those within
     * the limit that {@code acceptable} takes (it may reject migrations the generated code could not
     * run), the one {@link #PREFERRED} ranks first, in that order on a tie; when the code generator
     * rejects all three, every value side by side ({@link #sideBySide}) if that fits the limit.
     *
     * @return empty when {@code acceptable} takes no plan within the limit
     * @throws UserError as {@link #plan(List, int, List)} does when the values live at some
     *     instruction cannot fit in {@code limitBytes}
     */
    public static Optional<MemoryPlan> choose(List<LiveRange> ranges, int limitBytes, List<String> instructionLabels,
                                              Predicate<MemoryPlan> acceptable) {
        // The device's limit first: when even the peak does not fit, its error names the instruction.
        MemoryPlan device = plan(ranges, limitBytes, instructionLabels);
        MemoryPlan peak = plan(ranges, Math.min(limitBytes, peakLiveBytes(ranges)), instructionLabels);
        MemoryPlan unlimited = plan(ranges, Integer.MAX_VALUE, instructionLabels);
        List<MemoryPlan> ok = new ArrayList<>();
        // Last resort, never preferred over the others: no sharing, so no migration to reject.
        for (MemoryPlan p : List.of(peak, device, unlimited, sideBySide(ranges))) {
            if (p.bufferBytes() <= limitBytes && acceptable.test(p)) {
                ok.add(p);
            }
        }
        return Optional.ofNullable(best(ok));
    }

    /**
     * Every value in its own bytes, in the given order, each at its alignment: no value shares or
     * moves. The largest buffer, but one any code can run (a planned layout may move a value inside a
     * loop that the generated code cannot move there).
     */
    public static MemoryPlan sideBySide(List<LiveRange> ranges) {
        List<Placement> placements = new ArrayList<>();
        int end = 0;
        for (LiveRange r : ranges) {
            int offset = BlockAllocator.roundUp(end, r.alignment());
            placements.add(new Placement(r.name(), offset, r.sizeBytes(), r.firstUse(), r.lastUse()));
            end = Math.addExact(offset, r.sizeBytes());
        }
        placements.sort(Comparator.comparingInt(Placement::firstUse).thenComparing(Placement::name));
        return new MemoryPlan(placements, List.of(), end);
    }

    /**
     * The most bytes live at any one instruction, each value rounded up to the largest alignment:
     * the smallest limit for which {@link #plan} is guaranteed to succeed (Shiftry's default limit,
     * max over instructions of SumSize).
     */
    public static int peakLiveBytes(List<LiveRange> ranges) {
        return peak(ranges, fineUnit(ranges)).bytes;
    }

    /** Largest alignment, so every block is a multiple of every alignment. */
    static int fineUnit(List<LiveRange> ranges) {
        int a = 1;
        for (LiveRange r : ranges) {
            a = Math.max(a, r.alignment());
        }
        return a;
    }

    /**
     * Shiftry's block unit: the most frequent value size (the smallest one on a tie: the paper's
     * Table 3 example, two 4-byte and two 2-byte values, only gives its Pseudocode 5 layout with 2),
     * rounded up to the largest alignment.
     */
    static int paperUnit(List<LiveRange> ranges) {
        Map<Integer, Integer> count = new HashMap<>();
        int best = 0;
        int bestCount = 0;
        for (LiveRange r : ranges) {
            int c = count.merge(r.sizeBytes(), 1, Integer::sum);
            if (c > bestCount || (c == bestCount && r.sizeBytes() < best)) {
                best = r.sizeBytes();
                bestCount = c;
            }
        }
        int fine = fineUnit(ranges);
        return best == 0 ? fine : BlockAllocator.roundUp(best, fine);
    }

    private static long sumOfBlocks(List<LiveRange> ranges, int unit) {
        long sum = 0;
        for (LiveRange r : ranges) {
            sum += BlockAllocator.roundUp(r.sizeBytes(), unit);
        }
        return sum;
    }

    private record Peak(int instruction, int bytes) {}

    /** The first instruction where the rounded live sizes add up to their maximum. */
    private static Peak peak(List<LiveRange> ranges, int unit) {
        Peak best = new Peak(0, 0);
        for (LiveRange at : ranges) { // the live sum only grows where some value becomes live
            int i = at.firstUse();
            long sum = 0;
            for (LiveRange r : ranges) {
                if (r.liveAt(i)) {
                    sum += BlockAllocator.roundUp(r.sizeBytes(), unit);
                }
            }
            int bytes = (int) Math.min(sum, Integer.MAX_VALUE);
            if (bytes > best.bytes || (bytes == best.bytes && i < best.instruction)) {
                best = new Peak(i, bytes);
            }
        }
        return best;
    }

    /**
     * "model needs N bytes of RAM at instruction I [label] (live: a 64 B, b 1024 B), but the device
     * has L", values in program order; any alignment padding included in N is shown last.
     */
    private static String overflowMessage(
            List<LiveRange> ranges, Peak peak, int limit, List<String> labels) {
        List<LiveRange> live = new ArrayList<>();
        for (LiveRange r : ranges) {
            if (r.liveAt(peak.instruction)) {
                live.add(r);
            }
        }
        live.sort(Comparator.comparingInt(LiveRange::firstUse).thenComparing(LiveRange::name));
        List<String> parts = new ArrayList<>();
        long raw = 0;
        for (LiveRange r : live) {
            parts.add(r.name() + " " + r.sizeBytes() + " B");
            raw += r.sizeBytes();
        }
        if (peak.bytes > raw) {
            parts.add("+ " + (peak.bytes - raw) + " B alignment padding");
        }
        String label = peak.instruction < labels.size() ? labels.get(peak.instruction) : null;
        return "model needs " + peak.bytes + " bytes of RAM at instruction " + peak.instruction
                + (label == null || label.isBlank() ? "" : " [" + label + "]")
                + " (live: " + String.join(", ", parts) + "), but the device has " + limit;
    }

    static void checkUniqueNames(List<LiveRange> ranges) {
        HashSet<String> seen = new HashSet<>();
        for (LiveRange r : ranges) {
            if (!seen.add(r.name())) {
                throw new IllegalArgumentException("two live ranges named " + r.name());
            }
        }
    }
}
