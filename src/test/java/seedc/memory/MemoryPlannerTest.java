package seedc.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;

/** Hand-computed plans; the expected offsets are worked out in the comments. */
class MemoryPlannerTest {
    private static final int NO_LIMIT = Integer.MAX_VALUE;

    private static LiveRange r(String name, int size, int first, int last, int align) {
        return new LiveRange(name, size, first, last, align);
    }

    private static MemoryPlan planChecked(List<LiveRange> ranges, int limit) {
        MemoryPlan plan = MemoryPlanner.plan(ranges, limit);
        plan.check(ranges);
        return plan;
    }

    @Test
    void paperTable3GivesPseudocode5Layout() {
        // Shiftry section 3: t1, t2 are 2x1 int16 (4 B), t3, t4 are 1x1 int16 (2 B).
        // Sizes 4 and 2 tie as most frequent; unit 2. t1 -> 0; t2 (t1 live at 2) -> slot 1 = 4;
        // at 3 t1 is dead: t3 -> 0; at 4 t2 is dead, t3 holds 0..2: t4 -> 2. Buffer 8.
        List<LiveRange> ranges = List.of(
                r("t1", 4, 1, 2, 2), r("t2", 4, 2, 3, 2), r("t3", 2, 3, 4, 2), r("t4", 2, 4, 5, 2));
        assertEquals(2, MemoryPlanner.paperUnit(ranges));
        MemoryPlan plan = planChecked(ranges, NO_LIMIT);
        assertEquals(List.of(new Placement("t1", 0, 4, 1, 2), new Placement("t2", 4, 4, 2, 3),
                new Placement("t3", 0, 2, 3, 4), new Placement("t4", 2, 2, 4, 5)), plan.placements());
        assertEquals(List.of(), plan.migrations());
        assertEquals(8, plan.bufferBytes());
    }

    @Test
    void fineUnitWinsWhenPaperRoundingWastes() {
        // Paper unit 16 (three 16 B values): a -> 0, b -> 16; at 2 a is dead: c -> 0, d (25 B ->
        // block 32) -> 32 (0..32 taken by c, b); buffer 64.
        // Fine unit 1: a 0, b 16, c 0, d first fit at multiples of 25 -> 50..75, above the 73 B
        // sum of all values, so compact (c 0, b 16 already packed, no move) and d -> 32. Buffer
        // 57 < 64, no migrations either way: the fine plan is chosen.
        List<LiveRange> ranges = List.of(
                r("a", 16, 0, 1, 1), r("b", 16, 0, 3, 1), r("c", 16, 2, 4, 1), r("d", 25, 2, 5, 1));
        assertEquals(16, MemoryPlanner.paperUnit(ranges));
        MemoryPlan plan = planChecked(ranges, NO_LIMIT);
        assertEquals(List.of(new Placement("a", 0, 16, 0, 1), new Placement("b", 16, 16, 0, 3),
                new Placement("c", 0, 16, 2, 4), new Placement("d", 32, 25, 2, 5)), plan.placements());
        assertEquals(List.of(), plan.migrations());
        assertEquals(57, plan.bufferBytes());
    }

    /** Section 7.1: three 32 B values fill 96 B; x1 and x3 die; x4 needs 64 B. */
    private static final List<LiveRange> FRAGMENTED = List.of(
            r("x1", 32, 0, 2, 4), r("x2", 32, 1, 4, 4), r("x3", 32, 2, 3, 4), r("x4", 64, 4, 5, 4));

    @Test
    void fragmentationWithoutLimitNeedsMoreThan96() {
        // x1 0, x2 32, x3 64; at 4 only x2 (32..64) is live; x4's 64 B block: 0..64 collides,
        // so 64..128.
        MemoryPlan plan = planChecked(FRAGMENTED, NO_LIMIT);
        assertEquals(128, plan.bufferBytes());
        assertEquals(64, plan.offsetAt("x4", 4));
        assertEquals(List.of(), plan.migrations());
    }

    @Test
    void fragmentationWithLimit96Defragments() {
        // 64..128 exceeds 96: x2 migrates 32 -> 0 before instruction 4, x4 goes to 32..96.
        MemoryPlan plan = planChecked(FRAGMENTED, 96);
        assertEquals(96, plan.bufferBytes());
        assertEquals(List.of(new Migration(4, "x2", 32, 0, 32)), plan.migrations());
        assertEquals(List.of(new Placement("x1", 0, 32, 0, 2), new Placement("x2", 32, 32, 1, 3),
                new Placement("x3", 64, 32, 2, 3), new Placement("x2", 0, 32, 4, 4),
                new Placement("x4", 32, 64, 4, 5)), plan.placements());
        assertEquals(32, plan.offsetAt("x2", 3));
        assertEquals(0, plan.offsetAt("x2", 4));
        assertEquals(plan.migrations(), plan.migrationsAt(4));
    }

    @Test
    void peakAboveLimitIsAUserError() {
        UserError e = assertThrows(UserError.class, () -> MemoryPlanner.plan(FRAGMENTED, 95));
        assertEquals("model needs 96 bytes of RAM at instruction 2 (live: x1 32 B, x2 32 B, x3 32 B),"
                + " but the device has 95", e.getMessage());
    }

    @Test
    void errorNamesTheInstructionByItsLabel() {
        List<String> labels = List.of("x1 = in", "x2 = x1 * 2", "x3 = tanh(x1)", "y = x2 + x3");
        UserError e = assertThrows(UserError.class, () -> MemoryPlanner.plan(FRAGMENTED, 64, labels));
        assertEquals("model needs 96 bytes of RAM at instruction 2 [x3 = tanh(x1)] (live: x1 32 B,"
                + " x2 32 B, x3 32 B), but the device has 64", e.getMessage());
    }

    @Test
    void errorShowsAlignmentPadding() {
        // Unit 4 (largest alignment): a's 6 B take an 8 B block; both live at 0 need 12.
        List<LiveRange> ranges = List.of(r("a", 6, 0, 0, 2), r("b", 4, 0, 1, 4));
        assertEquals(12, MemoryPlanner.peakLiveBytes(ranges));
        UserError e = assertThrows(UserError.class, () -> MemoryPlanner.plan(ranges, 11));
        assertEquals("model needs 12 bytes of RAM at instruction 0 (live: a 6 B, b 4 B,"
                + " + 2 B alignment padding), but the device has 11", e.getMessage());
        MemoryPlan plan = planChecked(ranges, 12);
        assertEquals(0, plan.offsetAt("a", 0));
        assertEquals(8, plan.offsetAt("b", 0));
    }

    @Test
    void offsetsRespectAlignment() {
        // Largest alignment 4, so every block is a multiple of 4: a (3 B) 0..4, b 4..8; c is
        // live with both at 1, so 8..12 although it only needs 2-byte alignment.
        List<LiveRange> ranges = List.of(r("a", 3, 0, 1, 1), r("b", 4, 0, 1, 4), r("c", 2, 1, 2, 2));
        MemoryPlan plan = planChecked(ranges, NO_LIMIT);
        assertEquals(List.of(new Placement("a", 0, 3, 0, 1), new Placement("b", 4, 4, 0, 1),
                new Placement("c", 8, 2, 1, 2)), plan.placements());
        assertEquals(12, plan.bufferBytes());
    }

    @Test
    void valueAllocatedAtTheSameInstructionIsReplacedWithoutMigration() {
        // Unit 4; sorted by (first, last): Q 0, P 4, S 8, R 12. At 2 Q and S die, leaving holes
        // 0..4 and 8..12. X (8 B): 0..8 has P, 8..16 has R, so 16..24. Y (8 B): 24..32 exceeds
        // 24, so compact in address order: P 4 -> 0 and R 12 -> 4 hold data (migrations, in that
        // order); X 16 -> 8 is first used at 2 and holds nothing, so it is just re-placed. Y: 16.
        List<LiveRange> ranges = List.of(r("P", 4, 0, 5, 4), r("Q", 4, 0, 1, 4), r("R", 4, 1, 5, 4),
                r("S", 4, 1, 1, 4), r("X", 8, 2, 3, 4), r("Y", 8, 2, 3, 4));
        MemoryPlan plan = planChecked(ranges, 24);
        assertEquals(List.of(new Migration(2, "P", 4, 0, 4), new Migration(2, "R", 12, 4, 4)),
                plan.migrations());
        assertEquals(List.of(new Placement("P", 4, 4, 0, 1), new Placement("Q", 0, 4, 0, 1),
                new Placement("R", 12, 4, 1, 1), new Placement("S", 8, 4, 1, 1),
                new Placement("P", 0, 4, 2, 5), new Placement("R", 4, 4, 2, 5),
                new Placement("X", 8, 8, 2, 3), new Placement("Y", 16, 8, 2, 3)), plan.placements());
        assertEquals(24, plan.bufferBytes());
    }

    @Test
    void valuesSharingAnInstructionNeverShareBytes() {
        // a's last use is b's first use: the instruction reads a while writing b.
        List<LiveRange> ranges = List.of(r("a", 8, 0, 3, 1), r("b", 8, 3, 4, 1), r("c", 8, 4, 4, 1));
        MemoryPlan plan = planChecked(ranges, NO_LIMIT);
        assertEquals(8, plan.offsetAt("b", 3));
        assertEquals(0, plan.offsetAt("c", 4));
        assertEquals(16, plan.bufferBytes());
    }

    @Test
    void emptyProgramNeedsNoBuffer() {
        MemoryPlan plan = planChecked(List.of(), 0);
        assertEquals(new MemoryPlan(List.of(), List.of(), 0), plan);
    }

    @Test
    void duplicateNamesAreRejected() {
        List<LiveRange> ranges = List.of(r("a", 4, 0, 1, 4), r("a", 4, 2, 3, 4));
        assertThrows(IllegalArgumentException.class, () -> MemoryPlanner.plan(ranges, NO_LIMIT));
    }

    @Test
    void planSerializesAsPlainJson() throws Exception {
        MemoryPlan plan = MemoryPlanner.plan(FRAGMENTED, 96);
        ObjectMapper json = new ObjectMapper();
        String text = json.writeValueAsString(plan);
        assertEquals("{\"placements\":[{\"name\":\"x1\",\"offset\":0,\"sizeBytes\":32,"
                + "\"firstUse\":0,\"lastUse\":2},", text.substring(0, text.indexOf('}') + 2));
        assertEquals(plan, json.readValue(text, MemoryPlan.class));
    }
}
