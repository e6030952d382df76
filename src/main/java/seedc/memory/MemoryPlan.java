package seedc.memory;

import java.util.List;

/**
 * The result of {@link MemoryPlanner#plan}: every temporary lives in one static byte buffer of
 * {@code bufferBytes} bytes.
 *
 * <p>Because defragmentation may move a live value, its offset is a function of the instruction:
 * {@code placements} holds one entry per (value, segment), sorted by first instruction then name,
 * and {@link #offsetAt} looks one up. {@code migrations} lists the {@code ShiftVars} moves, in the
 * order they must execute; code generation emits those with the same {@code atInstruction} just
 * before that instruction. Plain records so that Jackson can serialize a plan for reports.
 */
public record MemoryPlan(List<Placement> placements, List<Migration> migrations, int bufferBytes) {
    public MemoryPlan {
        placements = List.copyOf(placements);
        migrations = List.copyOf(migrations);
    }

    /** Buffer offset of {@code name} while instruction {@code instruction} executes. */
    public int offsetAt(String name, int instruction) {
        for (Placement p : placements) {
            if (p.name().equals(name) && p.covers(instruction)) {
                return p.offset();
            }
        }
        throw new IllegalArgumentException(name + " is not live at instruction " + instruction);
    }

    /** The migrations that run just before {@code instruction}, in execution order. */
    public List<Migration> migrationsAt(int instruction) {
        return migrations.stream().filter(m -> m.atInstruction() == instruction).toList();
    }

    /**
     * Verifies this plan against the ranges it was made for; throws {@link IllegalStateException}
     * naming the first violation. See {@link PlanChecker} for what is checked.
     */
    public void check(List<LiveRange> ranges) {
        PlanChecker.check(this, ranges);
    }
}
