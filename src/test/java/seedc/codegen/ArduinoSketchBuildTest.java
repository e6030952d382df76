package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.bench.ElfSizes;
import seedc.bench.ModelBench;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.QuantizedModel;

/**
 * The sketch folder of the arduino target builds as the Arduino IDE builds it for an Uno: the .ino
 * as C++ after {@code #include <Arduino.h>}, predict.cpp, both with -Wall -Wextra -Werror, linked with
 * the Arduino AVR core (Debian's arduino-core-avr, every source of it compiled into an archive here).
 * The firmware then runs under simavr and prints, over the core's Serial, the prediction the
 * fixed-point interpreter makes for the example the sketch embeds.
 */
class ArduinoSketchBuildTest {
    static final Path AVR = Path.of("/usr/share/arduino/hardware/arduino/avr");
    static final Path CORE = AVR.resolve("cores/arduino");
    static final Path VARIANT = AVR.resolve("variants/standard");
    /** What the IDE passes for an Uno (boards.txt, platform.txt; ARDUINO is the IDE version 1.8.19). */
    static final List<String> DEFINES = List.of("-mmcu=atmega328p", "-DF_CPU=16000000L", "-DARDUINO=10819",
            "-DARDUINO_AVR_UNO", "-DARDUINO_ARCH_AVR", "-I" + CORE, "-I" + VARIANT);
    static final List<String> CXX = List.of("-c", "-Os", "-std=gnu++11", "-fpermissive", "-fno-exceptions",
            "-ffunction-sections", "-fdata-sections", "-fno-threadsafe-statics");

    private static Path coreDir;
    private static Path coreArchive;

    @TempDir
    Path dir;

    static Stream<org.junit.jupiter.params.provider.Arguments> models() {
        return Fixtures.modelsAndStrategies();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("models")
    void sketchBuildsWithTheArduinoCoreAndPrintsThePrediction(String name, String strategy) throws Exception {
        Fixtures.Compiled c = Fixtures.get(name, strategy);
        QuantizedModel qm = new QuantizedModel(c.fixed(), c.model().weights());
        FixedInterpreter fi = new FixedInterpreter(c.fixed(), qm);
        double[] x = c.test().features()[0];
        long[] raw = fi.runRaw(x);
        String expected = raw == null ? Long.toString(fi.label()) : ModelBench.format(fi, raw);
        Path sketch = dir.resolve("sketch");
        CBackend.ARDUINO.emit(c.fixed(), c.model().weights(), new EmitOptions(Device.UNO, qm.quantizeInput(x), expected),
                sketch);
        Path elf = buildSketch(sketch, dir);
        ElfSizes sizes = ElfSizes.of(elf);
        assertTrue(sizes.flashBytes() <= ElfSizes.FLASH_CAPACITY - 512, name + ": " + sizes.flashBytes()
                + " B of flash leave no room for the Uno's 512 B bootloader");
        // setup() runs the model once and prints; loop() is empty, so the simulation stops at the cycle limit.
        SimResult r = SimavrRunner.run(elf, 40_000_000L);
        List<String> lines = r.uartOutput().lines().toList();
        assertTrue(lines.size() >= 3, name + ": serial output\n" + r.uartOutput());
        assertEquals("seedc prediction: " + expected, lines.get(0).strip(), name);
        assertEquals("expected (seedc's fixed-point interpreter): " + expected, lines.get(1).strip(), name);
        assertTrue(lines.get(2).matches("time: \\d+ us"), lines.get(2));
    }

    /** The sketch folder built as the IDE builds it for an Uno, in {@code work}: the linked firmware. */
    static Path buildSketch(Path sketch, Path work) throws IOException {
        String ino = CBackend.sketchName(sketch) + ".ino";
        // The IDE's preprocessing of a sketch: Arduino.h first, then the .ino as C++.
        Path inoCpp = work.resolve(ino + ".cpp");
        Files.writeString(inoCpp, "#include <Arduino.h>\n#line 1 \"" + ino + "\"\n"
                + Files.readString(sketch.resolve(ino)));
        List<String> strict = new ArrayList<>(CXX);
        strict.addAll(List.of("-Wall", "-Wextra", "-Werror", "-I" + sketch));
        Path inoObj = compile("avr-g++", strict, inoCpp, work.resolve("sketch.o"));
        Path predictObj = compile("avr-g++", strict, sketch.resolve("predict.cpp"), work.resolve("predict.o"));
        Path elf = work.resolve("sketch.elf");
        run(List.of("avr-gcc", "-Os", "-Wl,--gc-sections", "-mmcu=atmega328p", "-o", elf.toString(), inoObj.toString(),
                predictObj.toString(), core().toString(), "-lm"));
        return elf;
    }

    /** Every C, C++ and assembly source of the Arduino core, compiled as the IDE does (warnings off) into core.a. */
    static synchronized Path core() throws IOException {
        if (coreArchive != null) {
            return coreArchive;
        }
        assertTrue(Files.isRegularFile(CORE.resolve("Arduino.h")) && Files.isDirectory(VARIANT),
                "the Arduino AVR core is not installed (Debian package arduino-core-avr; ./run-tests installs it)");
        coreDir = Files.createTempDirectory("seedc-arduino-core");
        // Other classes build sketches with it too (CompileFitAvrSizeTest, in any order): it lives as long as the
        // JVM, not as long as this class's tests.
        Path made = coreDir;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(made)));
        List<String> objects = new ArrayList<>();
        try (Stream<Path> s = Files.list(CORE)) {
            for (Path src : s.sorted().toList()) {
                String f = src.getFileName().toString();
                Path obj = coreDir.resolve(f + ".o");
                if (f.endsWith(".c")) {
                    compile("avr-gcc", List.of("-c", "-Os", "-w", "-std=gnu11", "-ffunction-sections", "-fdata-sections"),
                            src, obj);
                } else if (f.endsWith(".cpp")) {
                    List<String> flags = new ArrayList<>(CXX);
                    flags.add("-w");
                    // Debian's avr-gcc 5.4 float.h lacks C99's DECIMAL_DIG in C++, which WString.cpp uses:
                    // give it the value the compiler itself predefines.
                    flags.add("-DDECIMAL_DIG=__DECIMAL_DIG__");
                    compile("avr-g++", flags, src, obj);
                } else if (f.endsWith(".S")) {
                    compile("avr-gcc", List.of("-c", "-x", "assembler-with-cpp"), src, obj);
                } else {
                    continue;
                }
                objects.add(obj.toString());
            }
        }
        assertTrue(objects.size() >= 20, "too few core sources in " + CORE + ": " + objects);
        Path archive = coreDir.resolve("core.a");
        List<String> ar = new ArrayList<>(List.of("avr-ar", "rcs", archive.toString()));
        ar.addAll(objects);
        run(ar);
        coreArchive = archive;
        return archive;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException gone) {
            // a temporary folder that cannot be walked any more is nothing to clean
        }
    }

    private static Path compile(String tool, List<String> flags, Path src, Path obj) {
        List<String> cmd = new ArrayList<>();
        cmd.add(tool);
        cmd.addAll(flags);
        cmd.addAll(DEFINES);
        cmd.addAll(List.of(src.toString(), "-o", obj.toString()));
        run(cmd);
        return obj;
    }

    /** Runs a command; fails the test with its output unless it exits 0 without printing anything. */
    private static void run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(300, TimeUnit.SECONDS), "timed out: " + cmd);
            assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
            assertTrue(out.isBlank(), String.join(" ", cmd) + "\n" + out);
        } catch (IOException e) {
            throw new AssertionError("cannot run " + cmd.get(0) + " (gcc-avr, binutils-avr installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
