package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.DifferentialTest;
import seedc.diag.UserError;

/**
 * make sim reads examples by the C predictor's rules (issue 42): a good file gives the predictions worked by hand
 * for {@link SimDesign}'s model, which seedc run --encoding fixed gives too; a bad one stops at its first bad row
 * with the predictor's message (written out here by hand from main.c's rules), after the predictions of the rows
 * before it, and a non-zero exit, where seedc run refuses the same line. And a missing tool is named with its
 * Debian package.
 */
class FpgaSimInputTest {
    static final String R0 = "0,7,1,0.5,2", R1 = "1,1,7,0.5,2", R2 = "2,1,2,0.5,7";
    static final String GOOD = R0 + "\n" + R1 + "\n" + R2 + "\n";

    /** A file: accepted with {@code predictions}, or ({@code message} not null) refused after them. */
    record Case(String name, String file, String text, int labels, List<String> predictions, String message,
                int line, int field) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case accept(String name, String file, String text, int labels, String... predictions) {
        return new Case(name, file, text, labels, List.of(predictions), null, 0, 0);
    }

    static Case reject(String name, String text, int line, int field, String message, String... before) {
        return new Case(name, "d.csv", text, 1, List.of(before), message, line, field);
    }

    static Stream<Case> cases() {
        String fields = " (--labels) and 4 features";
        return Stream.of(
                accept("plain rows", "d.csv", GOOD, 1, "0", "1", "2"),
                accept("a byte-order mark, a quoted header, quoted fields, CRLF, blank lines", "d.csv",
                        "\uFEFF\"label\",\"a\",\"b\",\"c\",\"d\"\r\n\r\n \"0\" , 7 ,1,0.5,\"2\"\r\n" + R1 + "\r\n", 1,
                        "0", "1"),
                accept("tabs in a .tsv", "d.tsv", GOOD.replace(',', '\t'), 1, "0", "1", "2"),
                accept("two label columns with LABELS=2", "d.csv", "1," + R2 + "\n", 2, "2"),
                accept("number spellings: +7., .7e1, 1e-400, -0", "d.csv",
                        "0,+7.,1e-400,-0,2\n1,1,.7e1,0.5,2\n", 1, "0", "1"),
                reject("a row holding two rows' fields (the issue's 66-field row)", R0 + "\n" + R0 + "," + R1 + "\n",
                        2, 0, "predictor: line 2: 10 fields, expected 5: 1 label" + fields, "0"),
                reject("';' separators", GOOD.replace(',', ';'), 2, 0, "predictor: line 2: 1 field, expected 5: 1 label"
                        + fields + " (fields are separated by ','; --tsv reads tabs)"),
                reject("a decimal comma in quotes", R0 + "\n" + "1,\"1,5\",7,0.5,2\n", 2, 0,
                        "predictor: line 2: 6 fields, expected 5: 1 label" + fields, "0"),
                reject("1e999", GOOD.replace("2,1,2,0.5,7", "2,1,2,1e999,7"), 3, 4,
                        "predictor: line 3, field 4: '1e999' is out of range (beyond +-1.8e308)", "0", "1"),
                reject("nan", "0,nan,1,0.5,2\n", 1, 2,
                        "predictor: line 1, field 2: 'nan': NaN is not allowed, expected a finite number"),
                reject("a word", R0 + "\n1,1,seven,0.5,2\n", 2, 3, "predictor: line 2, field 3: 'seven' is not a number",
                        "0"),
                reject("a header and no rows", "label,a,b,c,d\n", 0, 0,
                        "predictor: no data rows; line 1 was taken as a header because none of its fields is a number"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void simulationReadsAsThePredictorDoes(Case c, @TempDir Path dir) throws IOException {
        assertTrue(DifferentialTest.haveIverilog(), "iverilog is needed (./run-tests installs it)");
        Path data = dir.resolve(c.file());
        Files.write(data, c.text().getBytes(StandardCharsets.UTF_8));
        SimDesign.Ran sim = SimDesign.make("sim", data, "LABELS=" + c.labels());
        assertEquals(c.predictions(), sim.lines(), "make sim's predictions; stderr: " + sim.err());
        if (c.message() == null) {
            assertEquals(0, sim.status(), sim.err());
            assertEquals("", sim.err());
            assertEquals(c.predictions(), SimDesign.seedcRun(data, c.labels()), "seedc run's predictions");
            SimDesign.Ran cycles = SimDesign.make("sim-cycles", data, "LABELS=" + c.labels());
            assertEquals(c.predictions().size(), cycles.lines().size(), cycles.out() + cycles.err());
            return;
        }
        assertNotEquals(0, sim.status());
        assertEquals(c.message(), sim.err().lines().findFirst().orElse(""), sim.err());
        UserError run = assertThrows(UserError.class, () -> SimDesign.seedcRun(data, c.labels()));
        if (c.line() > 0) {
            assertTrue(run.getMessage().contains(data + ":" + c.line() + ":"), "seedc run names line " + c.line()
                    + ": " + run.getMessage());
        }
        if (c.field() > 0) {
            assertTrue(run.getMessage().contains("field " + c.field()), "seedc run names field " + c.field() + ": "
                    + run.getMessage());
        }
    }

    /** A copy of the design whose make runs with PATH holding only make's own needs, mkdir and the given tools. */
    private static SimDesign.Ran makeWithout(Path dir, String target, String... tools) throws IOException {
        Path design = dir.resolve("design");
        SimDesign.run(dir, List.of("cp", "-r", SimDesign.design().toString(), design.toString()), null);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : Stream.concat(Stream.of("mkdir"), Stream.of(tools)).toList()) {
            Files.createSymbolicLink(bin.resolve(tool), which(tool));
        }
        Path make = which("make");
        return SimDesign.run(design, List.of(make.toString(), "-s", "-B", target), Map.of("PATH", bin.toString()));
    }

    private static Path which(String tool) {
        for (String d : System.getenv("PATH").split(":")) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new AssertionError(tool + " is not on the PATH");
    }

    @Test
    void missingIverilogNamesItsPackage(@TempDir Path dir) throws IOException {
        SimDesign.Ran r = makeWithout(dir, "build/sim.vvp");
        assertNotEquals(0, r.status());
        assertEquals("make build/sim.vvp: iverilog not found; install the Debian package iverilog (apt-get install"
                + " iverilog)", r.err().lines().findFirst().orElse(""), r.err());
    }

    @Test
    void missingCompilerNamesItsPackage(@TempDir Path dir) throws IOException {
        SimDesign.Ran r = makeWithout(dir, "build/examples");
        assertNotEquals(0, r.status());
        assertEquals("make build/examples: cc not found; install the Debian package gcc (apt-get install gcc)",
                r.err().lines().findFirst().orElse(""), r.err());
    }

    @Test
    void missingYosysNamesItsPackageAndSimulationAlone(@TempDir Path dir) throws IOException {
        SimDesign.Ran r = makeWithout(dir, "synth");
        assertNotEquals(0, r.status());
        assertEquals("make build/stat.txt: yosys not found; install the Debian package yosys (apt-get install yosys),"
                + " or simulate alone (make sim; seedc bench --no-synth skips synthesis)",
                r.err().lines().findFirst().orElse(""), r.err());
    }
}
