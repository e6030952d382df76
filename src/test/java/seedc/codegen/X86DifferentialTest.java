package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.ir.FloatModel;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.fixed.QuantizedModel;

/** The x86 predictor, built with -fsanitize=undefined,address, predicts exactly what the interpreter does. */
class X86DifferentialTest {
    @TempDir
    Path dir;

    static List<String> models() {
        return Fixtures.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void hostMatchesInterpreter(String name) throws Exception {
        Fixtures.Compiled c = Fixtures.get(name);
        assertHostMatches(dir, c.fixed(), c.model(), c.test(), 120);
    }

    /** Builds fp for x86 in dir with the sanitizers; its predictions on the first n examples equal the interpreter's. */
    static void assertHostMatches(Path dir, FixedProgram fp, FloatModel model, DataSet test, int n) throws Exception {
        assertHostMatches(dir, fp, model, test, n, EmitOptions.NONE);
    }

    /** The same, emitted with {@code options} (e.g. packed parameters). */
    static void assertHostMatches(Path dir, FixedProgram fp, FloatModel model, DataSet test, int n,
                                  EmitOptions options) throws Exception {
        assertTrue(new File("/usr/bin/gcc").canExecute() || new File("/usr/bin/cc").canExecute(), "gcc needed");
        CBackend.X86.emit(fp, model.weights(), options, dir);
        Process make = new ProcessBuilder("make", "-s", "CFLAGS=-O1 -g -std=c99 -Wall -Wextra -Werror"
                + " -fsanitize=undefined,address -fno-sanitize-recover=all")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(make.getInputStream().readAllBytes());
        assertEquals(0, make.waitFor(), log);
        n = Math.min(n, test.size());
        StringBuilder in = new StringBuilder();
        List<String> expected = new ArrayList<>();
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        FixedInterpreter fi = new FixedInterpreter(fp, qm);
        for (int i = 0; i < n; i++) {
            double[] x = test.features()[i];
            in.append("0");
            for (double v : x) {
                in.append(',').append(v);
            }
            in.append('\n');
            long[] raw = fi.runRaw(x);
            expected.add(raw == null ? Long.toString(fi.label())
                    : String.join(" ", java.util.Arrays.stream(raw).mapToObj(Long::toString).toList()));
        }
        Path input = dir.resolve("in.csv");
        Files.writeString(input, in);
        Process p = new ProcessBuilder(dir.resolve("predictor").toString()).redirectInput(input.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals(expected, out.lines().toList());
    }
}
