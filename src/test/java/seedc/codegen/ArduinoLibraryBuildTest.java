package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.QuantizedModel;

/**
 * --package library: the arduino target's library, placed in a sketchbook's libraries folder, builds with Debian's
 * arduino-builder as the Arduino IDE builds a library's example for an Uno (the IDE's hardware, tools and libraries
 * folders, fqbn arduino:avr:uno), with every warning on and none in the library's files; the firmware, run under
 * simavr, prints over Serial the class the fixed-point interpreter predicts for the example and the time it took.
 * Its src/ holds the very files of the sketch folder.
 */
class ArduinoLibraryBuildTest {
    /** Where Debian's arduino-builder keeps the ctags recipe the IDE's hardware folder would otherwise hold. */
    static final Path BUILDER_PLATFORM = Path.of("/usr/share/arduino-builder");
    /**
     * Debian 12's arduino-core-avr 1.8.6 uses C99's DECIMAL_DIG in WString.cpp, which Debian's avr-gcc 5.4 does not
     * define in C++ (ArduinoCore-avr issue 633): every sketch fails to build with Debian's packages alone. The
     * workaround is a build property, which the guide gives users as platform.local.txt.
     */
    static final String DECIMAL_DIG = "compiler.cpp.extra_flags=-DDECIMAL_DIG=__DECIMAL_DIG__";

    @TempDir
    Path dir;

    @Test
    void theLibrarysExampleBuildsWithArduinoBuilderAndPrintsTheInterpretersClass() throws Exception {
        RequiredTool.command("arduino-builder", "arduino-builder");
        RequiredTool.file(BUILDER_PLATFORM.resolve("platform.txt"), "arduino-builder");
        RequiredTool.file(ArduinoSketchBuildTest.CORE.resolve("Arduino.h"), "arduino-core-avr");
        RequiredTool.command("avr-gcc", "gcc-avr");
        RequiredTool.file(Path.of("/usr/include/simavr/sim_avr.h"), "libsimavr-dev");
        Fixtures.Compiled c = Fixtures.get("protonn-wine-3", "shiftry");
        QuantizedModel qm = new QuantizedModel(c.fixed(), c.model().weights());
        double[] x = c.test().features()[0];
        FixedInterpreter fi = new FixedInterpreter(c.fixed(), qm);
        assertEquals(null, fi.runRaw(x), "protonn-wine-3 returns a class");
        String expected = Long.toString(fi.label());
        EmitOptions options = new EmitOptions(Device.UNO, qm.quantizeInput(x), expected);
        Path library = dir.resolve("sketchbook/libraries/wine");
        CBackend.ARDUINO_LIBRARY.emit(c.fixed(), c.model().weights(), options, library);
        Path sketch = dir.resolve("wine");
        CBackend.ARDUINO.emit(c.fixed(), c.model().weights(), options, sketch);

        assertEquals(List.of("examples/wine/wine.ino", "library.properties", "src/model.h", "src/predict.cpp",
                "src/predict.h", "src/wine.h"), tree(library));
        for (String f : List.of("predict.h", "model.h", "predict.cpp")) {
            assertEquals(Files.readString(sketch.resolve(f)), Files.readString(library.resolve("src/" + f)), f);
        }
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(library.resolve("library.properties"))));
        // The Arduino IDE 1.8's library loader refuses a library.properties without these.
        for (String key : List.of("name", "version", "author", "maintainer", "sentence", "paragraph", "url")) {
            assertTrue(p.containsKey(key), key + " missing from library.properties");
        }
        assertEquals("wine", p.getProperty("name"));
        assertEquals("avr", p.getProperty("architectures"));
        assertEquals("wine.h", p.getProperty("includes"));

        Path elf = build(library.resolve("examples/wine/wine.ino"), dir.resolve("sketchbook/libraries"),
                dir.resolve("build"), library.toString());
        // setup() runs the model once and prints; loop() is empty: a few million cycles cover the printing.
        SimResult r = SimavrRunner.run(elf, 5_000_000L);
        List<String> lines = r.uartOutput().lines().map(String::strip).toList();
        assertTrue(lines.size() >= 3, "serial output\n" + r.uartOutput());
        assertEquals("seedc prediction: " + expected, lines.get(0), "the test set's label is "
                + java.util.Arrays.toString(c.test().labels()[0]));
        assertEquals("expected (seedc's fixed-point interpreter): " + expected, lines.get(1));
        assertTrue(lines.get(2).matches("time: \\d+ us"), lines.get(2));
    }

    /**
     * Builds {@code ino} as the Arduino IDE 1.8.19 of Debian would (it runs arduino-builder with these folders and
     * the board's fqbn) in {@code buildPath}, warnings all on; fails on a warning or error naming a file under
     * {@code mine}, or on the builder's "Invalid library found in" it.
     */
    static Path build(Path ino, Path libraries, Path buildPath, String mine) throws IOException, InterruptedException {
        Files.createDirectories(buildPath);
        List<String> cmd = new ArrayList<>(List.of("arduino-builder", "-compile",
                "-hardware", "/usr/share/arduino/hardware", "-hardware", BUILDER_PLATFORM.toString(),
                "-tools", BUILDER_PLATFORM.toString(), "-libraries", libraries.toString(),
                "-fqbn", "arduino:avr:uno", "-ide-version", "10819", "-build-path", buildPath.toString(),
                "-warnings", "all", "-prefs=" + DECIMAL_DIG, ino.toString()));
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(proc.waitFor(300, TimeUnit.SECONDS), "timed out: " + cmd);
        assertEquals(0, proc.exitValue(), String.join(" ", cmd) + "\n" + out);
        List<String> ours = out.lines().filter(l -> l.contains(mine) && l.matches("(?i).*(warning|error|invalid).*")).toList();
        assertEquals(List.of(), ours, out);
        Path elf = buildPath.resolve(ino.getFileName() + ".elf");
        assertTrue(Files.isRegularFile(elf), "no " + elf + "\n" + out);
        return elf;
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(f -> root.relativize(f).toString()).sorted().toList();
        }
    }
}
