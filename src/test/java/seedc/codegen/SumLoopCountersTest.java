package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;

/**
 * The fixed-point C holds a sum loop's counter as a local of seedc_predict (ProtoNN's i, over its prototypes), which
 * avr-gcc may keep in registers, and every other int as a static: the argmax's result, and the counter of a loop of
 * time steps (FastGRNN's Loop, whose counter as a local measured no faster). The float baseline keeps every int a
 * static, so the speedups bench prints compare against the float C as it was. The integers the C computes with the
 * local are TrainedFixturesDifferentialTest's (every fixture on x86, the Uno and Cortex-M, against the interpreter).
 */
class SumLoopCountersTest {
    @TempDir
    Path dir;

    @Test
    void protoNNsSumCounterIsALocalOfPredict() throws IOException {
        Fixtures.Compiled c = Fixtures.get("protonn-wine-3", "shiftry");
        for (CBackend backend : List.of(CBackend.ARDUINO, CBackend.X86)) {
            Path out = dir.resolve(backend.id());
            backend.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, out);
            String cText = predictC(out);
            String predict = cText.substring(cText.indexOf("int32_t seedc_predict(const seedc_input_t *x) {"));
            assertTrue(predict.startsWith("int32_t seedc_predict(const seedc_input_t *x) {\n    int32_t i_i;\n"),
                    backend.id() + ": " + predict.lines().limit(4).toList());
            assertFalse(cText.contains("static int32_t i_i;"), backend.id());
            assertTrue(cText.contains("for (i_i = 0; i_i < "), backend.id() + ": the loop runs on the local");
            List<String> statics = cText.lines().filter(l -> l.startsWith("static int32_t i_")).toList();
            assertEquals(1, statics.size(), backend.id() + ": the argmax's result alone: " + statics);
        }
        Path floatOut = dir.resolve("float");
        CBackend.ARDUINO.emitFloat(c.model().program(), c.model().weights(), EmitOptions.NONE, floatOut);
        String floatC = allC(floatOut);
        assertTrue(floatC.contains("static int32_t i_i;"), "the float baseline keeps its static");
        assertFalse(floatC.contains("    int32_t i_i;"), "the float baseline keeps its static");
    }

    @Test
    void aLoopOfTimeStepsKeepsItsStaticCounter() throws IOException {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-cancer-2", "shiftry");
        CBackend.ARDUINO.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, dir);
        String cText = predictC(dir);
        assertTrue(cText.contains("static int32_t i_i;"), "FastGRNN's Loop counter");
        assertFalse(cText.contains("    int32_t i_i;"), "no local counter");
    }

    private static String predictC(Path out) throws IOException {
        Path cpp = out.resolve("predict.cpp");
        return Files.readString(Files.exists(cpp) ? cpp : out.resolve("predict.c"));
    }

    /** Every C file a build wrote, one after the other. */
    private static String allC(Path out) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(p -> p.toString().matches(".*\\.(c|cpp|h)$")).sorted().toList()) {
                all.append(Files.readString(f));
            }
        }
        return all.toString();
    }
}
