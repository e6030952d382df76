package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimavrRunnerTest {
    @TempDir
    Path dir;

    @Test
    void forwardsUartAndEnds() {
        SimResult r = SimavrRunner.run(Firmware.build(dir, "hello"), 10_000_000);
        assertEquals("hello\n", r.uartOutput());
        assertTrue(r.finished());
        assertEquals(List.of(), r.intervalCycles());
    }

    @Test
    void assemblyLoopTakesExactlyThreeCyclesPerIteration() {
        for (int n : new int[] {1, 10, 200}) {
            SimResult r = SimavrRunner.run(Firmware.build(dir, "loop", "N=" + n), 10_000_000);
            assertTrue(r.finished(), "exit() from main ends the run");
            assertEquals(3, r.intervalCycles().size(), r.toString());
            // out(1) + ldi(1) + n * (dec 1 + brne 2) - 1 (last brne falls through) + ldi(1)
            assertEquals(3L * n + 2, r.intervalCycles().get(0), "N=" + n);
            // the macros: start OUT + the stop's LDI
            assertEquals(2L, r.intervalCycles().get(1));
        }
    }

    @Test
    void cLoopCyclesGrowLinearlyWithIterations() {
        long c10 = SimavrRunner.run(Firmware.build(dir, "loop", "N=10"), 10_000_000)
                .intervalCycles().get(2);
        long c100 = SimavrRunner.run(Firmware.build(dir, "loop", "N=100"), 10_000_000)
                .intervalCycles().get(2);
        long c190 = SimavrRunner.run(Firmware.build(dir, "loop", "N=190"), 10_000_000)
                .intervalCycles().get(2);
        assertEquals(0, (c100 - c10) % 90, "whole cycles per iteration");
        assertEquals(c100 - c10, c190 - c100, "same cost for each further 90 iterations");
        assertTrue(c100 - c10 >= 90 * 5, "a volatile 16-bit loop costs several cycles");
    }

    @Test
    void peakStackGrowsByOneFramePerRecursionLevel() {
        int[] peak = new int[3];
        int[] depths = {4, 8, 16};
        for (int i = 0; i < 3; i++) {
            SimResult r = SimavrRunner.run(Firmware.build(dir, "stack", "DEPTH=" + depths[i]),
                    10_000_000);
            assertTrue(r.finished());
            assertEquals(0x8FF - r.minStackPointer(), r.peakStackBytes());
            peak[i] = r.peakStackBytes();
        }
        int frame = (peak[1] - peak[0]) / 4;
        assertTrue(frame >= 2 + 6, "return address + the 6-byte buffer: " + frame);
        assertEquals(4 * frame, peak[1] - peak[0]);
        assertEquals(8 * frame, peak[2] - peak[1]);
    }

    @Test
    void cycleLimitStopsARunawayFirmware() throws Exception {
        Path src = dir.resolve("spin.c");
        Files.writeString(src, "#include <avr/interrupt.h>\nint main(void){ sei(); for(;;); }\n");
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(), dir.resolve("spin.elf"));
        SimResult r = SimavrRunner.run(elf, 100_000);
        assertFalse(r.finished());
    }

    @Test
    void crashIsAnErrorNotAResult() throws Exception {
        Path src = dir.resolve("crash.c");
        Files.writeString(src, "int main(void){ *(volatile unsigned char*)0x1200 = 1; for(;;); }\n");
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(), dir.resolve("crash.elf"));
        SimavrException e = assertThrows(SimavrException.class, () -> SimavrRunner.run(elf, 100_000));
        assertTrue(e.getMessage().contains("crashed"), e.getMessage());
    }

    @Test
    void unmatchedStopMarkerIsRefused() throws Exception {
        Path src = dir.resolve("stop.c");
        Files.writeString(src, "#include \"seedc_bench.h\"\n"
                + "int main(void){ SEEDC_BENCH_STOP(); SEEDC_BENCH_EXIT(); }\n");
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir()),
                dir.resolve("stop.elf"));
        SimavrException e = assertThrows(SimavrException.class, () -> SimavrRunner.run(elf, 100_000));
        assertTrue(e.getMessage().contains("without a start"), e.getMessage());
    }

    @Test
    void parseRefusesIncompleteFigures() {
        assertThrows(SimavrException.class,
                () -> SimavrRunner.parse(Path.of("x.elf"), "", "SEEDC_CYCLES 5\n", ""));
        SimResult r = SimavrRunner.parse(Path.of("x.elf"), "hi",
                "SEEDC_CYCLES 5\nSEEDC_CYCLES 7\nSEEDC_MIN_SP 2290\nSEEDC_RAMEND 2303\n"
                        + "SEEDC_STATE halted\n", "");
        assertEquals(new SimResult("hi", List.of(5L, 7L), 2290, 13, true), r);
    }
}
