package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.cost.CycleModels;
import seedc.cost.LinearCycleModelTest;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * bench --profile's marks: absent from ordinary output (which stays as it was), one before each top-level op and one
 * after the last in a profiled build, and under simavr one stamp per mark per example, the ops' cycles adding up to
 * the inference's.
 */
class ProfileMarksTest {
    private static final FixedProgram FP = LinearCycleModelTest.program();

    private static String predict(Path dir, boolean profiled) throws IOException {
        Runnable emit = () -> CBackend.ARDUINO.emit(FP, LinearCycleModelTest.WEIGHTS, EmitOptions.on(Device.UNO), dir);
        if (profiled) {
            ProfileMarks.profiled(() -> {
                emit.run();
                return null;
            });
        } else {
            emit.run();
        }
        return Files.readString(dir.resolve("predict.cpp"));
    }

    @Test
    void ordinaryOutputHasNoMarksAndProfiledOutputDiffersOnlyByThem(@TempDir Path tmp) throws IOException {
        String before = predict(tmp.resolve("a"), false);
        String profiled = predict(tmp.resolve("b"), true);
        String after = predict(tmp.resolve("c"), false);
        assertFalse(before.contains("SEEDC_PROFILE_MARK"), before);
        assertEquals(before, after, "a profiled emission leaves the next ordinary one unchanged");
        List<String> marks = profiled.lines().filter(l -> l.contains("SEEDC_PROFILE_MARK")).toList();
        // the #ifndef and #define of the empty default, then a mark before each of the 5 ops and one after
        assertEquals(List.of("#ifndef SEEDC_PROFILE_MARK", "#define SEEDC_PROFILE_MARK(i)",
                "    SEEDC_PROFILE_MARK(0);", "    SEEDC_PROFILE_MARK(1);", "    SEEDC_PROFILE_MARK(2);",
                "    SEEDC_PROFILE_MARK(3);", "    SEEDC_PROFILE_MARK(4);", "    SEEDC_PROFILE_MARK(5);"), marks);
        String stripped = profiled.replace("#ifndef SEEDC_PROFILE_MARK\n#define SEEDC_PROFILE_MARK(i)\n#endif\n", "")
                .replaceAll("    SEEDC_PROFILE_MARK\\(\\d+\\);\n", "");
        assertEquals(before, stripped);
    }

    @Test
    void theRunnersMarksAreKeptPerInterval() {
        SimResult r = SimavrRunner.parse(Path.of("x.elf"), "", "SEEDC_MARK 0 3\nSEEDC_MARK 1 10\nSEEDC_CYCLES 12\n"
                + "SEEDC_CYCLES 4\nSEEDC_MARK 0 2\nSEEDC_CYCLES 9\nSEEDC_MIN_SP 2290\nSEEDC_RAMEND 2303\n"
                + "SEEDC_STATE halted\n", "");
        assertEquals(List.of(12L, 4L, 9L), r.intervalCycles());
        assertEquals(List.of(List.of(3L, 10L), List.of(), List.of(2L)), r.marks());
    }

    @Test
    void simavrStampsEveryMarkAndTheOpsAddUpToTheInference(@TempDir Path tmp) {
        double[][] x = {{0.5, -0.5, 0.25, 1}, {-1, 0, 0.5, 0.25}};
        DataSet data = new DataSet(1, new double[][] {{0}, {1}}, x);
        FloatModel model = new FloatModel(FP.program(), LinearCycleModelTest.WEIGHTS);
        ModelBench.Outcome o = ModelBench.fixed(FP, model, data, 2, Device.UNO, AvrToolchain.MCU, tmp,
                seedc.backend.WeightStorage.DENSE, true, seedc.backend.BitLayout.MEASURED, true);
        assertTrue(o.allEqual(), "the profiled build predicts as the interpreter: " + o.mismatches());
        assertEquals(2, o.fixed().marks().size());
        o.fixed().marks().forEach(m -> assertEquals(6, m.size(), "5 ops and the end: " + m));
        OpProfile p = OpProfile.of(o.fixed(), FP, LinearCycleModelTest.WEIGHTS, CycleModels.avr());
        assertEquals(List.of("Input", "Param", "Param", "MatMul", "Add", "Call"),
                p.rows().stream().map(OpProfile.Row::kind).toList());
        double sum = p.rows().stream().mapToDouble(OpProfile.Row::measuredCycles).sum();
        assertEquals(o.fixed().meanCycles(), sum, 1e-6);
        assertEquals(12, p.rows().get(3).macs());
    }
}
