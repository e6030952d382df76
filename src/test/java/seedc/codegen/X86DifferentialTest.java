package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.EmitOptions;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.ir.FloatModel;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.fixed.QuantizedModel;

/**
 * The x86 predictor, built with -fsanitize=undefined,address, computes exactly the interpreter's raw scores (the
 * label's argmax operand) and label on every example it runs.
 */
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

    /**
     * The same, emitted with {@code options} (e.g. packed parameters): the ordinary output in dir, and in dir/scored
     * the same program with its scores ({@link ScoredHost}), checked to differ from it only by the scores' line, built
     * with the sanitizers; each example's line must be the interpreter's raw scores and label (a tensor result: its
     * raw integers).
     */
    static void assertHostMatches(Path dir, FixedProgram fp, FloatModel model, DataSet test, int n,
                                  EmitOptions options) throws Exception {
        assertTrue(new File("/usr/bin/gcc").canExecute() || new File("/usr/bin/cc").canExecute(), "gcc needed");
        CBackend.X86.emit(fp, model.weights(), options, dir);
        Path scored = dir.resolve("scored");
        ScoredHost.emit(fp, model, options, scored);
        ScoredHost.assertSameCodeAsOrdinary(fp, scored, dir);
        Process make = new ProcessBuilder("make", "-s", "CFLAGS=" + ScoredHost.cflags("-O1 -g -std=c99 -Wall -Wextra"
                + " -Werror -fsanitize=undefined,address -fno-sanitize-recover=all"))
                .directory(scored.toFile()).redirectErrorStream(true).start();
        String log = new String(make.getInputStream().readAllBytes());
        assertEquals(0, make.waitFor(), log);
        n = Math.min(n, test.size());
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < n; i++) {
            in.append("0");
            for (double v : test.features()[i]) {
                in.append(',').append(v);
            }
            in.append('\n');
        }
        List<String> expected = ModelBench.scoredLines(fp, new QuantizedModel(fp, model.weights()), test, n);
        Path input = scored.resolve("in.csv");
        Files.writeString(input, in);
        Process p = new ProcessBuilder(scored.resolve("predictor").toString()).redirectInput(input.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals(expected, out.lines().toList());
    }
}
