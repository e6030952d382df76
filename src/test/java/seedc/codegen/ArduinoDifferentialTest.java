package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.backend.ScoredBuild;
import seedc.bench.ModelBench;
import seedc.fixed.QuantizedModel;
import seedc.backend.Device;
import seedc.codegen.c.CBackend;

/**
 * The Arduino build, compiled with avr-gcc as the IDE does and run under simavr, computes exactly the raw scores
 * (the label's argmax operand, {@link ScoredBuild}) and the label the Java fixed-point interpreter computes, on
 * examples embedded in flash, with either strategy; and that build (the hook adds a little code and stack to the
 * ordinary one) fits the Uno.
 */
class ArduinoDifferentialTest {
    static final int EXAMPLES = 12;

    @TempDir
    Path dir;

    /** Both strategies: SeeDot's 16-bit programs and Shiftry's mixed 8/16-bit ones. */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> models() {
        return Fixtures.modelsAndStrategies();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("models")
    void deviceMatchesInterpreter(String name, String strategy) throws Exception {
        Fixtures.Compiled c = Fixtures.get(name, strategy);
        ModelBench.Outcome o = ScoredBuild.of(() -> ModelBench.fixed(c.fixed(), c.model(), c.test(), EXAMPLES,
                Device.UNO, dir));
        assertEquals(ModelBench.scoredLines(c.fixed(), new QuantizedModel(c.fixed(), c.model().weights()), c.test(),
                EXAMPLES), o.expected());
        assertEquals(o.expected(), o.fixed().outputs(), name + " " + strategy
                + ": the device's raw scores and labels differ from the interpreter's");
        assertEquals(EXAMPLES, o.fixed().cycles().size());
        // Within the Uno's 2 KB: planned buffer and other static data, plus the measured stack.
        long ram = o.fixed().sizes().ramBytes() + o.fixed().peakStackBytes();
        assertTrue(ram <= 2048, name + " needs " + ram + " B of RAM");
        assertTrue(o.fixed().sizes().flashBytes() <= 32768, name + " needs " + o.fixed().sizes().flashBytes() + " B of flash");
        // The sketch folder: .ino named after the folder; predict.cpp and model.h never use the Arduino core.
        assertTrue(Files.exists(o.sketch().resolve(CBackend.sketchName(o.sketch()) + ".ino")));
        for (String f : new String[] {"predict.cpp", "predict.h", "model.h"}) {
            String text = Files.readString(o.sketch().resolve(f));
            assertTrue(!text.contains("Arduino.h") && !text.matches("(?s).*\\bfloat\\b.*") && !text.contains("malloc"), f);
            for (String line : text.lines().filter(l -> l.startsWith("#include")).toList()) {
                assertTrue(line.matches("#include (<avr/pgmspace.h>|<stdint.h>|\"predict.h\"|\"model.h\")"), f + ": " + line);
            }
        }
    }
}
