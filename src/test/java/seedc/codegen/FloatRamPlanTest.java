package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import seedc.codegen.c.emit.RamPlan;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.ir.Program;
import seedc.memory.LiveRange;

/** The float build plans its own program: no fixed-point search needed. */
class FloatRamPlanTest {
    @Test
    void floatPlanNeedsOnlyTheProgram() {
        Program p = SeeDotProgram.load(Fixtures.dir("fastgrnn-digits-10").resolve("input.sd")).program();
        RamPlan r = RamPlan.ofFloat(p, Integer.MAX_VALUE);
        r.plan().check(r.ranges());
        // The float emitter copies views element by element: XX, X reshaped in order, is written over X, which
        // dies there (element k from element k alone, as any element-wise op).
        assertEquals("v_X", r.storage("v_XX"));
        // Every stored value is 32-bit floats; parameters stay in flash; no kernel scratch.
        for (LiveRange lr : r.ranges()) {
            assertEquals(4, lr.alignment(), lr.toString());
            assertTrue(lr.name().startsWith("v_") && !lr.name().equals("v_W"), lr.toString());
        }
        assertEquals("return " + p.result().name(), r.labels().get(r.labels().size() - 1));
    }
}
