package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;

/** The cortex-m output (fixed and float) compiles cleanly with arm-none-eabi-gcc -Wall -Wextra -Werror. */
class CortexMBuildTest {
    @TempDir
    Path dir;

    static List<String> models() {
        return Fixtures.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void compilesWithoutWarnings(String name) throws Exception {
        assertTrue(new File("/usr/bin/arm-none-eabi-gcc").canExecute(), "gcc-arm-none-eabi not installed");
        Fixtures.Compiled c = Fixtures.get(name);
        Path fixed = dir.resolve("fixed"), flt = dir.resolve("float");
        CBackend.CORTEX_M.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, fixed);
        CBackend.CORTEX_M.emitFloat(c.model().program(), c.model().weights(), EmitOptions.NONE, flt);
        // The float build needs math.h from newlib (libnewlib-arm-none-eabi, installed by ./run-tests).
        assertTrue(new File("/usr/lib/arm-none-eabi/include/math.h").exists(), "libnewlib-arm-none-eabi not installed");
        for (Path d : List.of(fixed, flt)) {
            Process make = new ProcessBuilder("make", "-s").directory(d.toFile()).redirectErrorStream(true).start();
            String log = new String(make.getInputStream().readAllBytes());
            assertEquals(0, make.waitFor(), d + ":\n" + log);
            assertTrue(log.isBlank(), log);
            assertTrue(Files.size(d.resolve("predict.o")) > 0);
        }
        String src = Files.readString(fixed.resolve("predict.c")) + Files.readString(fixed.resolve("model.h"));
        assertTrue(!src.matches("(?s).*\\bfloat\\b.*") && !src.contains("malloc"), "integer-only, static memory");
    }

    /**
     * The fixed program emitted for Cortex-M with {@code options} into {@code out} compiles with arm-none-eabi-gcc
     * -Wall -Wextra -Werror, without a warning, into an object.
     */
    static void assertBuildsClean(seedc.fixed.FixedProgram fp, java.util.Map<String, double[]> weights,
                                  EmitOptions options, Path out) throws java.io.IOException {
        assertTrue(new File("/usr/bin/arm-none-eabi-gcc").canExecute(), "gcc-arm-none-eabi not installed");
        CBackend.CORTEX_M.emit(fp, weights, options, out);
        Process make = new ProcessBuilder("make", "-s").directory(out.toFile()).redirectErrorStream(true).start();
        String log = new String(make.getInputStream().readAllBytes());
        try {
            assertEquals(0, make.waitFor(), log);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        assertTrue(log.isBlank(), log);
        assertTrue(Files.size(out.resolve("predict.o")) > 0);
    }
}
