package seedc.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The last-resort layout: every value in its own aligned bytes, worked by hand. */
class SideBySideTest {
    @Test
    void valuesSitSideBySideAtTheirAlignments() {
        List<LiveRange> ranges = List.of(new LiveRange("a", 3, 0, 1, 1), new LiveRange("b", 4, 1, 2, 4),
                new LiveRange("c", 2, 0, 3, 2));
        MemoryPlan p = MemoryPlanner.sideBySide(ranges);
        // a at 0..3, b rounded up from 3 to 4 (4..8), c at 8..10
        assertEquals(10, p.bufferBytes());
        assertEquals(0, p.offsetAt("a", 0));
        assertEquals(4, p.offsetAt("b", 1));
        assertEquals(8, p.offsetAt("c", 3));
        assertTrue(p.migrations().isEmpty());
        p.check(ranges);
    }

    @Test
    void chooseFallsBackToItWhenEveryPlannedLayoutIsRejected() {
        // a and b are never live together, so every planned layout gives them the same bytes (8 B in all)
        List<LiveRange> ranges = List.of(new LiveRange("a", 8, 0, 1, 4), new LiveRange("b", 8, 2, 3, 4));
        List<String> labels = List.of("i0", "i1", "i2", "i3", "return");
        assertEquals(8, MemoryPlanner.choose(ranges, Integer.MAX_VALUE, labels, p -> true).orElseThrow().bufferBytes());
        // a code generator that cannot let them share gets them side by side
        MemoryPlan chosen = MemoryPlanner.choose(ranges, Integer.MAX_VALUE, labels,
                p -> p.offsetAt("a", 0) != p.offsetAt("b", 2)).orElseThrow();
        assertEquals(16, chosen.bufferBytes());
        assertEquals(8, chosen.offsetAt("b", 2));
        // and nothing when even that does not fit the device
        assertTrue(MemoryPlanner.choose(ranges, 12, labels, p -> p.offsetAt("a", 0) != p.offsetAt("b", 2)).isEmpty());
    }
}
