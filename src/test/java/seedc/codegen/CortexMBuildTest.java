package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.EmitOptions;
import seedc.bench.CortexMRuns;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.writer.CNames;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.Value;

/**
 * The cortex-m output: the fixed and float C compile cleanly with arm-none-eabi-gcc -Wall -Wextra -Werror, and the
 * fixed C, built bare-metal for the Cortex-M0+ (what the Makefile builds) and for the Cortex-M4 and run under Unicorn
 * on test rows, computes the interpreter's raw integers on every row: the output tensor, or the label and the decision
 * scores it is the argmax of.
 */
class CortexMBuildTest {
    /** Test rows each Cortex-M build runs (Unicorn runs an inference in milliseconds; the build costs more). */
    static final int ROWS = 40;

    @TempDir
    Path dir;

    static List<String> models() {
        return Fixtures.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void compilesWithoutWarningsAndRunsExactly(String name) throws Exception {
        CortexMRuns.tools();
        Fixtures.Compiled c = Fixtures.get(name);
        Path flt = dir.resolve("float");
        CBackend.CORTEX_M.emitFloat(c.model().program(), c.model().weights(), EmitOptions.NONE, flt);
        // The float build needs math.h from newlib (libnewlib-arm-none-eabi, installed by ./run-tests).
        assertTrue(new File("/usr/lib/arm-none-eabi/include/math.h").exists(), "libnewlib-arm-none-eabi not installed");
        assertMakesClean(flt);
        Path fixed = dir.resolve("fixed");
        assertRunsExact(c.fixed(), c.model().weights(), EmitOptions.NONE, c.test(), fixed, CortexMRuns.Cpu.M0PLUS,
                CortexMRuns.Cpu.M4);
        assertMakesClean(fixed);
        String src = Files.readString(fixed.resolve("predict.c")) + Files.readString(fixed.resolve("model.h"));
        assertTrue(!src.matches("(?s).*\\bfloat\\b.*") && !src.contains("malloc"), "integer-only, static memory");
    }

    /**
     * The fixed program emitted for Cortex-M with {@code options} into {@code out}, built bare-metal with
     * arm-none-eabi-gcc -Wall -Wextra -Werror (the Makefile's warnings) for each of {@code cpus} (default: the
     * Cortex-M0+) and run under Unicorn on the first {@link #ROWS} rows of {@code rows}, it computes the interpreter's
     * integers on each.
     */
    static void assertRunsExact(FixedProgram fp, Map<String, double[]> weights, EmitOptions options, DataSet rows,
                                Path out, CortexMRuns.Cpu... cpus) throws IOException {
        CortexMRuns.tools();
        CBackend.CORTEX_M.emit(fp, weights, options, out);
        Expected e = expected(fp, weights, rows, ROWS);
        CortexMRuns.Program p = program(fp, out, e.inputs());
        for (CortexMRuns.Cpu cpu : cpus.length == 0 ? new CortexMRuns.Cpu[] {CortexMRuns.Cpu.M0PLUS} : cpus) {
            List<long[]> actual = CortexMRuns.run(cpu, List.of(p), CortexMRuns.Memory.MKR1000,
                    out.resolve("run-" + cpu.id())).get(0);
            assertSameIntegers(e.lines(), actual, cpu.id() + " build of " + out);
        }
    }

    /** The quantized input of each row and the interpreter's line for it (see {@link #line}). */
    record Expected(List<long[]> inputs, List<long[]> lines) {}

    /** The first {@code n} rows of {@code rows}: what the C gets and what it must print. */
    static Expected expected(FixedProgram fp, Map<String, double[]> weights, DataSet rows, int n) {
        QuantizedModel qm = new QuantizedModel(fp, weights);
        FixedInterpreter fi = new FixedInterpreter(fp, qm);
        List<long[]> inputs = new ArrayList<>(), lines = new ArrayList<>();
        for (int i = 0; i < Math.min(n, rows.size()); i++) {
            double[] x = rows.features()[i];
            inputs.add(fp.program().input() == null ? new long[] {0} : qm.quantizeInput(x));
            lines.add(line(fp, fi, fi.runRaw(x)));
        }
        return new Expected(inputs, lines);
    }

    /**
     * The integers a Cortex-M run prints for an example the interpreter just ran ({@code raw}: its result tensor, or
     * null for an int): the tensor, or the label followed by the argmax operand's integers.
     */
    static long[] line(FixedProgram fp, FixedInterpreter fi, long[] raw) {
        if (raw != null) {
            return raw;
        }
        Value scores = fp.program().decisionScores();
        long[] s = scores == null ? new long[0] : fi.value(scores);
        long[] out = new long[1 + s.length];
        out[0] = fi.label();
        System.arraycopy(s, 0, out, 1, s.length);
        return out;
    }

    /** The run of {@code fp}'s C in {@code emitted} on {@code inputs}, printing its decision scores with a label. */
    static CortexMRuns.Program program(FixedProgram fp, Path emitted, List<long[]> inputs) {
        Value scores = fp.program().result().isInt() ? fp.program().decisionScores() : null;
        return new CortexMRuns.Program(emitted, inputs, scores == null ? null : CNames.var(scores),
                scores == null ? 0 : scores.size());
    }

    /** Each example's line equal to the interpreter's; a failure names the first example and element that differ. */
    static void assertSameIntegers(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": examples");
        for (int e = 0; e < expected.size(); e++) {
            long[] x = expected.get(e), y = actual.get(e);
            if (!Arrays.equals(x, y)) {
                int k = Arrays.mismatch(x, y);
                throw new AssertionError(what + ": example " + e + " differs from the interpreter at integer " + k
                        + " (of the label and scores, or the output): interpreter " + Arrays.toString(x)
                        + ", Cortex-M " + Arrays.toString(y));
            }
        }
    }

    /** make -s in {@code d} (the emitted Makefile: arm-none-eabi-gcc -Wall -Wextra -Werror) succeeds silently. */
    static void assertMakesClean(Path d) throws IOException {
        Process make = new ProcessBuilder("make", "-s").directory(d.toFile()).redirectErrorStream(true).start();
        String log = new String(make.getInputStream().readAllBytes());
        try {
            assertEquals(0, make.waitFor(), d + ":\n" + log);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        assertTrue(log.isBlank(), log);
        assertTrue(Files.size(d.resolve("predict.o")) > 0);
    }
}
