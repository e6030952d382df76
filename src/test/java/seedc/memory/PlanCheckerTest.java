package seedc.memory;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The validator must reject broken plans, or the property test proves nothing. */
class PlanCheckerTest {
    private static final List<LiveRange> RANGES =
            List.of(new LiveRange("a", 8, 0, 2, 4), new LiveRange("b", 8, 1, 3, 4));

    private static String failure(MemoryPlan plan) {
        return assertThrows(IllegalStateException.class, () -> plan.check(RANGES)).getMessage();
    }

    @Test
    void acceptsAGoodPlan() {
        MemoryPlan good = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 2), new Placement("b", 8, 8, 1, 3)), List.of(), 16);
        assertDoesNotThrow(() -> good.check(RANGES));
    }

    @Test
    void rejectsOverlap() {
        MemoryPlan plan = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 2), new Placement("b", 4, 8, 1, 3)), List.of(), 16);
        assertTrue(failure(plan).contains("overlaps"), failure(plan));
    }

    @Test
    void rejectsMisalignmentAndOverflow() {
        MemoryPlan misaligned = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 2), new Placement("b", 10, 8, 1, 3)), List.of(), 18);
        assertTrue(failure(misaligned).contains("aligned"), failure(misaligned));
        MemoryPlan outside = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 2), new Placement("b", 8, 8, 1, 3)), List.of(), 12);
        assertTrue(failure(outside).contains("outside"), failure(outside));
    }

    @Test
    void rejectsIncompleteCoverage() {
        MemoryPlan plan = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 1), new Placement("b", 8, 8, 1, 3)), List.of(), 16);
        assertTrue(failure(plan).contains("live until 2"), failure(plan));
    }

    @Test
    void rejectsAMoveWithoutMigration() {
        // At 3 a is dead and b jumps from 8 to 0 with no ShiftVars.
        MemoryPlan plan = new MemoryPlan(List.of(new Placement("a", 0, 8, 0, 2),
                new Placement("b", 8, 8, 1, 2), new Placement("b", 0, 8, 3, 3)), List.of(), 16);
        assertTrue(failure(plan).contains("placed at 0"), failure(plan));
    }

    @Test
    void rejectsAMigrationThatClobbersALiveValue() {
        // c 0..8, a 8..16, b 16..24; c dies and a, b slide down by 8. Moving b first overwrites a
        // before a has moved, although the placements never overlap.
        List<LiveRange> ranges = List.of(new LiveRange("a", 8, 0, 3, 4), new LiveRange("b", 8, 0, 3, 4),
                new LiveRange("c", 8, 0, 1, 4));
        List<Placement> placements = List.of(new Placement("a", 8, 8, 0, 1),
                new Placement("b", 16, 8, 0, 1), new Placement("c", 0, 8, 0, 1),
                new Placement("a", 0, 8, 2, 3), new Placement("b", 8, 8, 2, 3));
        MemoryPlan wrongOrder = new MemoryPlan(placements,
                List.of(new Migration(2, "b", 16, 8, 8), new Migration(2, "a", 8, 0, 8)), 24);
        String message = assertThrows(IllegalStateException.class, () -> wrongOrder.check(ranges))
                .getMessage();
        assertTrue(message.contains("overwrites a"), message);
        MemoryPlan rightOrder = new MemoryPlan(placements,
                List.of(new Migration(2, "a", 8, 0, 8), new Migration(2, "b", 16, 8, 8)), 24);
        assertDoesNotThrow(() -> rightOrder.check(ranges));
    }

    @Test
    void acceptsAValidMigration() {
        List<LiveRange> ranges = List.of(new LiveRange("a", 8, 0, 1, 4), new LiveRange("b", 8, 0, 3, 4),
                new LiveRange("c", 16, 2, 3, 4));
        MemoryPlan plan = new MemoryPlan(List.of(new Placement("a", 0, 8, 0, 1),
                new Placement("b", 8, 8, 0, 1), new Placement("b", 0, 8, 2, 3),
                new Placement("c", 8, 16, 2, 3)), List.of(new Migration(2, "b", 8, 0, 8)), 24);
        assertDoesNotThrow(() -> plan.check(ranges));
    }

    @Test
    void rejectsABufferLargerThanNoReuse() {
        MemoryPlan plan = new MemoryPlan(
                List.of(new Placement("a", 0, 8, 0, 2), new Placement("b", 8, 8, 1, 3)), List.of(), 20);
        assertTrue(failure(plan).contains("side by side"), failure(plan));
    }
}
