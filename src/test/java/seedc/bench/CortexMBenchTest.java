package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.WeightStorage;
import seedc.cost.LinearCycleModelTest;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * The Cortex-M0+ bench: the runner's cycle count of a hand-written Thumb routine worked out by hand from the M0+
 * timings, and W * X + B built for the M0+ with profile marks and run: the outputs are the interpreter's, one mark per
 * op and one after, the ops' cycles adding up to the inference's. Installs gcc-arm-none-eabi, libnewlib and
 * python3-unicorn when missing (as the bench does); never skips.
 */
class CortexMBenchTest {
    /**
     * START, a call of f, STOP, the text "7", the end. f pushes two registers, marks (in the push's block: the runner
     * must count the push's two writes to place it), runs a loop of 3 iterations over a load and marks again.
     * From START's store to STOP's, in cycles: BL 3; PUSH {r4, lr} 1+2 = 3; the mark's STR 2 (mark 0 at 8);
     * MOVS 1, the literal LDR 2 (11); 3 iterations of LDR 2 + ADDS 1 + SUBS 1 (23); BNE taken twice 2 + 2 and not
     * taken once 1 (28); the mark's STR 2 (mark 1 at 30); POP {r4, pc} 3+1 = 4 (34); STOP's STR 2: 36.
     */
    static final String ROUTINE = """
                .syntax unified
                .cpu cortex-m0plus
                .thumb
                .section .text._start
                .global _start
                .thumb_func
            _start:
                ldr r4, =0x40000000
                movs r0, #1
                str r0, [r4, #0]
                bl f
                str r0, [r4, #4]
                movs r1, #55
                str r1, [r4, #12]
                movs r1, #10
                str r1, [r4, #12]
                str r0, [r4, #16]
                b .
                .thumb_func
            f:
                push {r4, lr}
                str r0, [r4, #8]
                movs r1, #3
                ldr r2, =data
            loop:
                ldr r3, [r2]
                adds r0, r0, r3
                subs r1, r1, #1
                bne loop
                str r1, [r4, #8]
                pop {r4, pc}
                .data
            data:
                .word 5
            """;

    @Test
    void theRunnerCountsAHandTimedRoutine(@TempDir Path tmp) throws IOException {
        CortexMBench.Tools t = CortexMBench.tools();
        Path res = BenchResources.dir(CortexMBench.HEADER, CortexMBench.LINKER_SCRIPT, CortexMBench.RUNNER);
        Path s = tmp.resolve("routine.s");
        Files.writeString(s, ROUTINE);
        Path elf = tmp.resolve("routine.elf");
        Proc.Result c = Proc.run(List.of(t.gcc().toString(), "-mcpu=cortex-m0plus", "-mthumb", "-nostdlib", "-T",
                res.resolve(CortexMBench.LINKER_SCRIPT).toString(), "-o", elf.toString(), s.toString()), 120);
        assertEquals(0, c.exitCode(), c.combined());
        TargetRun run = CortexMBench.execute(t, res.resolve(CortexMBench.RUNNER), elf, 1, tmp);
        assertEquals(List.of("7"), run.outputs());
        assertEquals(List.of(36L), run.cycles());
        assertEquals(List.of(List.of(8L, 30L)), run.marks());
    }

    @Test
    void aProfiledBuildPredictsAsTheInterpreterAndItsOpsAddUp(@TempDir Path tmp) {
        FixedProgram fp = LinearCycleModelTest.program();
        double[][] x = {{0.5, -0.5, 0.25, 1}, {-1, 0, 0.5, 0.25}, {0.125, 0.75, -0.25, -1}};
        DataSet data = new DataSet(1, new double[][] {{0}, {1}, {2}}, x);
        FloatModel model = new FloatModel(fp.program(), LinearCycleModelTest.WEIGHTS);
        TargetBench.Measured m = TargetBench.measure(new TargetBench.Request(fp, model, data, 3,
                TargetBench.Target.CORTEX_M, Device.MKR1000, WeightStorage.DENSE, true, BitLayout.MEASURED, true, 1),
                false, tmp);
        FixedInterpreter fi = new FixedInterpreter(fp, new QuantizedModel(fp, LinearCycleModelTest.WEIGHTS));
        List<String> expected = new ArrayList<>();
        for (double[] e : x) {
            long[] raw = fi.runRaw(e);
            List<String> words = new ArrayList<>();
            for (long v : raw) {
                words.add(Long.toString(v));
            }
            expected.add(String.join(" ", words));
        }
        assertEquals(expected, m.run().outputs());
        assertTrue(m.allEqual());
        m.run().marks().forEach(k -> assertEquals(6, k.size(), "5 ops and the end: " + k));
        OpProfile p = m.profile();
        assertEquals(List.of("Input", "Param", "Param", "MatMul", "Add", "Call"),
                p.rows().stream().map(OpProfile.Row::kind).toList());
        double sum = p.rows().stream().mapToDouble(OpProfile.Row::measuredCycles).sum();
        assertEquals(m.run().meanCycles(), sum, 1e-6);
        assertEquals(p.measured(), sum, 1e-6);
        assertEquals(12, p.rows().get(3).macs());
    }
}
