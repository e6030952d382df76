package seedc.codegen.verilog.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The block RAMs the planner counts for one copy of a memory against what yosys 0.23 builds for it: a ROM of WORDS
 * x BITS declared rom_style = "block" and read into a register, synthesized alone with synth_ice40 -dsp (the
 * SB_RAM40_4K count of 'stat'). Where yosys splits one memory across two configurations (1,300 x 12: five blocks)
 * the planner may count one more, never fewer.
 */
class BlockRamsTest {
    @ParameterizedTest
    @CsvSource({"104, 16, 1", "257, 16, 2", "300, 16, 2", "512, 16, 2", "600, 16, 3", "1000, 16, 4", "1024, 16, 4",
            "1100, 16, 5", "2048, 16, 8", "2560, 16, 10", "2600, 16, 12", "2704, 16, 12", "2704, 8, 6",
            "1248, 8, 3", "4096, 8, 8", "3000, 4, 3", "900, 10, 3", "700, 12, 3"})
    void asYosysMapsThem(int words, int bits, long yosys) {
        assertEquals(yosys, BlockRams.blocks(bits, words, 4096));
    }

    @ParameterizedTest
    @CsvSource({"1300, 12, 5"})
    void neverFewerThanYosys(int words, int bits, long yosys) {
        long planned = BlockRams.blocks(bits, words, 4096);
        assertTrue(planned >= yosys && planned <= yosys + 1, planned + " for yosys's " + yosys);
    }
}
