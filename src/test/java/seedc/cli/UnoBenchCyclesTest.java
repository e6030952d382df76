package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.LinearClassifierFixture;
import seedc.RequiredTool;

/**
 * 'seedc bench --device uno' end to end (issue 45) on a program whose cycles are counted by hand: argmax(W * X) with
 * W (10, 128) of 8 bits in flash and X (128) of 8 bits, under SeeDot's strategy at 8 bits, whose products' sums are
 * SeeDot's TreeSum with one halving level: each row is one call of the AVR kernel sd_avr_pairs8_16 over 64 pairs
 * (the test checks predict.cpp says so). The range is derived from the kernel's source, not from a measurement:
 * <pre>
 * one pair, the asm of SD_AVR_PAIR8 (codegen/c runtime):             cycles
 *   ld ta, X+ (2); lpm tb, Z+ (3); muls (2)                            7
 *   movw s, r0                                                          1
 *   ld (2); lpm (3); muls (2)                                           7
 *   SD_AVR_HALVE twice: mov, lsl, adc, adc, asr, ror (6 each)          12
 *   add, adc, clr r1                                                    3   = 30
 * the C loop around it: acc += pair (add, adc: 2), k-- on its 16 bits (subi/sbc or sbiw: 2, or dec: 1), brne (2
 * taken, 1 the last time): 35 or 36 a pair, one less for the last.
 * ten rows of 64 pairs: at least 10 (64 * 35 - 1) = 22,390, at most 10 (64 * 36 - 1) = 23,030.
 * the rest (no kernel): X's 128 bytes copied into the buffer, ld and st (4) at least, at most 10 with a 16-bit
 *   compare and branch (512 .. 1,280); per row at most 60 for the call, ret, pushes and pops, arguments, the
 *   shift and store of the sum, the row loop (600); argmax's 9 compares of a 32-bit index at most 40 each (360);
 *   seedc_predict's entry, exit, call and the bench's two marker cycles at most 100.
 * total: 22,390 + 512 = 22,902 .. 23,030 + 1,280 + 600 + 360 + 100 = 25,370 cycles per inference.
 * </pre>
 * The weights and rows are seeded random numbers; the labels are the float model's argmax, which the fixed program
 * keeps on every row (premise, checked). The Uno's predictions must equal the interpreter's (bench's exit 0).
 */
class UnoBenchCyclesTest {
    static final int ROWS = 10, N = 128, EXAMPLES = 30;
    static final long LEAST_CYCLES = 22_902, MOST_CYCLES = 25_370;

    @Test
    void theUnosCyclesAreWithinTheHandCountedRange(@TempDir Path dir) throws Exception {
        RequiredTool.command("avr-gcc", "gcc-avr");
        RequiredTool.command("simavr", "simavr");
        LinearClassifierFixture.write(dir, ROWS, N, EXAMPLES, 45);
        CliRun bench = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --device uno"
                + " --strategy seedot --bitwidth 8 --examples 3 --no-float --no-progress --out {D}b");
        assertEquals(0, bench.status(), bench.err()); // 0: the Uno's predictions equal the interpreter's
        JsonNode b = new ObjectMapper().readTree(dir.resolve("b/bench.json").toFile());
        assertTrue(b.get("predictionsEqual").asBoolean(), bench.out());
        assertEquals(3, b.get("examples").asInt());
        assertEquals(100.0, b.get("fixedTestAccuracy").asDouble(), 1e-9, "premise: the 8-bit program keeps every label");
        String predict = Files.readString(dir.resolve("b/sketch/predict.cpp"));
        assertTrue(predict.contains("sd_avr_pairs8_16((const int8_t *)pb, (const int8_t *)pa, (uint16_t)" + N + ")"),
                "premise: each row is one call of the pairs kernel over the 128 terms");
        long mean = b.get("fixed").get("meanCycles").asLong(), max = b.get("fixed").get("maxCycles").asLong();
        System.out.println("Uno bench: " + mean + " cycles (mean), " + max + " (max); hand-counted range " + LEAST_CYCLES
                + " .. " + MOST_CYCLES);
        assertTrue(LEAST_CYCLES <= mean && max <= MOST_CYCLES, "mean " + mean + ", max " + max + " cycles, not within "
                + LEAST_CYCLES + " .. " + MOST_CYCLES + "\n" + bench.out());
        assertEquals(ROWS * N, b.get("macs").asInt());
    }
}
