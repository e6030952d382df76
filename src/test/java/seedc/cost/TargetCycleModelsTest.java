package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Cortex-M0+ and x86 models are their own, fitted by scripts/fit-cycle-model --target cortex-m|x86 (resources
 * seedc/cost/cortex-m.json and x86.json), and say what they count; a target without one still gets the AVR's
 * standing in, saying so.
 */
class TargetCycleModelsTest {
    @Test
    void cortexMLoadsItsOwnFittedModel() {
        LinearCycleModel m = CycleModels.linear("cortex-m");
        assertTrue(m.describe().startsWith("Cortex-M0+ cycles (arm-none-eabi-gcc -Os"), m.describe());
        assertTrue(m.describe().contains("fitted") && m.describe().contains("held-out"), m.describe());
        assertTrue(m.coefficients().containsKey("MatMul.op"), "a term every fixture has");
        assertNotEquals(CycleModels.avr().coefficients(), m.coefficients());
        assertEquals(m, CycleModels.forTarget("cortex-m"), "loaded once");
    }

    @Test
    void x86LoadsItsOwnFittedModelInTimeStampCounterTicks() {
        LinearCycleModel m = CycleModels.linear("x86");
        assertTrue(m.describe().startsWith("x86 time stamp counter ticks (gcc -O2"), m.describe());
        assertTrue(m.coefficients().containsKey("MatMul.op"), "a term every fixture has");
        assertNotEquals(CycleModels.avr().coefficients(), m.coefficients());
        assertNotEquals(CycleModels.linear("cortex-m").coefficients(), m.coefficients());
        // the search ranks x86's programs by the AVR's model, which says why
        CycleModel ranks = CycleModels.forTarget("x86");
        assertTrue(ranks.describe().startsWith("the ATmega328P's cycles standing in for x86's (its own timing model"),
                ranks.describe());
        assertEquals(CycleModels.avr().coefficients(), ((LinearCycleModel) ranks).coefficients());
    }

    @Test
    void aTargetWithoutAModelGetsTheAvrsSayingSo() {
        CycleModel hls = CycleModels.forTarget("hls");
        assertTrue(hls.describe().startsWith("the ATmega328P's cycles standing in for hls's (no model of its own"),
                hls.describe());
        assertEquals(CycleModels.avr().coefficients(), ((LinearCycleModel) hls).coefficients());
    }

    /**
     * Each fitted model's held-out error (what the search's pairs must save more than) is the figure its description
     * gives, rounded there to a whole percent by the same fit; a stand-in has none: measured on the Uno, it says
     * nothing of x86's or an FPGA's error.
     */
    @Test
    void aFittedModelsHeldOutErrorIsItsDescriptionsAndAStandInHasNone() {
        Pattern heldOut = Pattern.compile("(\\d+)% \\(worst \\d+%\\) on held-out ones");
        for (String target : List.of("arduino", "cortex-m", "x86")) {
            LinearCycleModel m = CycleModels.linear(target);
            Matcher said = heldOut.matcher(m.describe());
            assertTrue(said.find(), m.describe());
            assertEquals(Integer.parseInt(said.group(1)), Math.round(100 * m.heldOutError()), target);
        }
        assertTrue(Double.isNaN(CycleModels.forTarget("x86").heldOutError()), "x86 ranks by the AVR's model");
        assertTrue(Double.isNaN(CycleModels.forTarget("hls").heldOutError()));
    }
}
