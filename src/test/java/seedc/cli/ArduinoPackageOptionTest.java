package seedc.cli;

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

/**
 * --package: the arduino target's sketch folder (the default, the same bytes with --package sketch) or the same code
 * as an Arduino library named after --out (changed, with a note, where the IDE would refuse the name: ArduinoLibraryNameTest
 * has the other cases); refused, naming the option, with another target or the float baseline.
 */
class ArduinoPackageOptionTest {
    private static final String BASE = "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress";

    @Test
    void aLibraryHoldsTheSketchFoldersCodeUnderANameTheIdeAccepts(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun plain = CliRun.of(dir, BASE + " --target arduino --out {D}a/tiny");
        assertEquals(0, plain.status(), plain.err());
        CliRun sketch = CliRun.of(dir, BASE + " --target arduino --package sketch --out {D}b/tiny");
        assertEquals(0, sketch.status(), sketch.err());
        for (String f : List.of("tiny.ino", "predict.h", "model.h", "predict.cpp")) {
            assertEquals(Files.readString(dir.resolve("a/tiny/" + f)), Files.readString(dir.resolve("b/tiny/" + f)), f);
        }
        List<String> args = List.of(BASE.replace("{D}", dir + "/").split(" "));
        Path lib = dir.resolve("my lib");
        CliRun library = CliRun.args(Stream.concat(args.stream(), Stream.of("--target", "arduino", "--package",
                "library", "--out", lib.toString())).toArray(String[]::new));
        assertEquals(0, library.status(), library.err());
        assertTrue(library.err().contains(lib + ": note: the Arduino library is named my_lib (#include <my_lib.h>,"
                + " example examples/my_lib): 'my lib' is not a valid Arduino library name"), library.err());
        assertEquals(List.of(".seedc-output", "examples/my_lib/my_lib.ino", "library.properties", "report.html",
                "report.json", "report.txt", "src/model.h", "src/my_lib.h", "src/predict.cpp", "src/predict.h"), tree(lib));
        for (String f : List.of("predict.h", "model.h", "predict.cpp")) {
            assertEquals(Files.readString(dir.resolve("a/tiny/" + f)), Files.readString(lib.resolve("src/" + f)), f);
        }
        String ino = Files.readString(lib.resolve("examples/my_lib/my_lib.ino"));
        assertTrue(ino.contains("\n#include <my_lib.h>\n") && !ino.contains("predict.h"), ino);
        // the example is the sketch's program: the same lines after the include
        String sketchIno = Files.readString(dir.resolve("a/tiny/tiny.ino"));
        assertEquals(sketchIno.substring(sketchIno.indexOf("\n\n")), ino.substring(ino.indexOf("\n\n")));
        assertTrue(Files.readString(lib.resolve("src/my_lib.h")).contains("\n#include \"predict.h\"\n"));
        assertTrue(Files.readString(lib.resolve("library.properties")).contains("\nname=my_lib\n"));
    }

    @Test
    void packageIsRefusedWhereItMeansNothing(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        assertRefused(dir, " --package library --out {D}x", "seedc: error: --package library lays out the arduino"
                + " target's files for the Arduino IDE; --target x86 has no packages (give --target arduino, or leave"
                + " --package out)");
        assertRefused(dir, " --target fpga --package sketch --out {D}x", "seedc: error: --package sketch lays out the"
                + " arduino target's files for the Arduino IDE; --target fpga has no packages (give --target arduino,"
                + " or leave --package out)");
        assertRefused(dir, " --target arduino --package zip --out {D}x",
                "seedc: error: unknown --package 'zip' (use sketch or library)");
        assertRefused(dir, " --target arduino --package library --encoding float --out {D}x", "seedc: error:"
                + " --package library packages the fixed-point program; --encoding float writes the float baseline's C"
                + " for measuring (leave --package out, or give --encoding fixed)");
    }

    private static void assertRefused(Path dir, String options, String message) {
        CliRun r = CliRun.of(dir, BASE + options);
        assertEquals(1, r.status(), r.err());
        assertEquals(message, r.err().strip());
        assertFalse(Files.exists(dir.resolve("x")), "nothing is written");
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(f -> root.relativize(f).toString()).sorted().toList();
        }
    }
}
