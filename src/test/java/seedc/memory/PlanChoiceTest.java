package seedc.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;

/** The one ranking of plans ({@link MemoryPlanner#PREFERRED}) and a code generator's choice of limit. */
class PlanChoiceTest {
    /** Section 7.1: three 32 B values fill 96 B; x1 and x3 die; x4 needs 64 B. Peak 96. */
    private static final List<LiveRange> FRAGMENTED = List.of(new LiveRange("x1", 32, 0, 2, 4),
            new LiveRange("x2", 32, 1, 4, 4), new LiveRange("x3", 32, 2, 3, 4), new LiveRange("x4", 64, 4, 5, 4));

    private static MemoryPlan plan(int bytes, int moves) {
        List<Migration> m = java.util.Collections.nCopies(moves, new Migration(1, "a", 4, 0, 4));
        return new MemoryPlan(List.of(), m, bytes);
    }

    @Test
    void smallerBufferFirstThenFewerMigrations() {
        assertTrue(MemoryPlanner.PREFERRED.compare(plan(96, 1), plan(128, 0)) < 0);
        assertTrue(MemoryPlanner.PREFERRED.compare(plan(96, 0), plan(96, 1)) < 0);
        assertEquals(0, MemoryPlanner.PREFERRED.compare(plan(96, 1), plan(96, 1)));
    }

    @Test
    void peakPlanWinsWhenAllAreAcceptable() {
        // Limit 200: at the peak (96) x2 moves down before 4 and x4 goes to 32..96; at the device's
        // limit (the 160 B of all blocks) and with none, x4 simply goes to 64..128. 96 B wins.
        MemoryPlan p = MemoryPlanner.choose(FRAGMENTED, 200, List.of(), any -> true).orElseThrow();
        assertEquals(96, p.bufferBytes());
        assertEquals(List.of(new Migration(4, "x2", 32, 0, 32)), p.migrations());
        p.check(FRAGMENTED);
    }

    @Test
    void rejectedMigrationsCostBytes() {
        MemoryPlan p = MemoryPlanner.choose(FRAGMENTED, 200, List.of(), q -> q.migrations().isEmpty()).orElseThrow();
        assertEquals(128, p.bufferBytes());
        assertEquals(List.of(), p.migrations());
        // At 96 B every plan moves x2: none is acceptable.
        assertEquals(Optional.empty(), MemoryPlanner.choose(FRAGMENTED, 96, List.of(), q -> q.migrations().isEmpty()));
    }

    @Test
    void peakAboveTheLimitNamesTheInstruction() {
        UserError e = assertThrows(UserError.class, () -> MemoryPlanner.choose(FRAGMENTED, 95, List.of(), q -> true));
        assertTrue(e.getMessage().startsWith("model needs 96 bytes of RAM at instruction 2"), e.getMessage());
    }
}
