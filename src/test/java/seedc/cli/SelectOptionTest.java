package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;

/**
 * {@code --select measured}: its user errors (each names the option, exit 1, no stack trace), and bench end to end
 * under simavr: the program written is the one of the fewest measured cycles that report.json lists, and the device's
 * predictions with it equal the interpreter's.
 */
class SelectOptionTest {
    private static final Path WINE = Path.of("src/test/resources/fixtures/models/protonn-wine-3");

    /** compile or bench of {@code m} with {@code extra} options. */
    private static CliRun run(String command, Path m, Path dir, String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(command, m + "/input.sd",
                "--model", m.toString(), "--train", m + "/train.npy", "--test", m + "/test.npy", "--no-progress",
                "--out", dir.resolve("out").toString()));
        args.addAll(java.util.List.of(extra));
        return CliRun.args(args.toArray(String[]::new));
    }

    private static void refused(CliRun r, String message) {
        assertEquals(1, r.status(), r.out() + r.err());
        assertEquals("seedc: error: " + message + "\n", r.err());
    }

    @Test
    void measuredNeedsTheUno(@TempDir Path dir) {
        refused(run("compile", WINE, dir, "--select", "measured"), "--select measured runs the programs on the Uno"
                + " under simavr: it needs --target arduino, not x86");
        refused(run("compile", WINE, dir, "--target", "arduino", "--device", "4096:65536", "--select", "measured"),
                "--select measured runs the programs on the Uno (ATmega328P) under simavr; not on 4096:65536");
        refused(run("bench", WINE, dir, "--device", "mkr1000", "--select", "measured"), "--select measured runs the"
                + " programs on the Uno under simavr: it needs --target arduino, not cortex-m");
    }

    @Test
    void selectIsShiftrysOnly(@TempDir Path dir) {
        String message = "--select chooses among the programs of shiftry's search; not with --strategy seedot";
        refused(run("compile", WINE, dir, "--target", "arduino", "--strategy", "seedot", "--select", "measured"),
                message);
        refused(run("compile", WINE, dir, "--strategy", "seedot", "--select", "modelled"), message);
        refused(run("bench", WINE, dir, "--strategy", "seedot", "--select", "measured"), message);
    }

    @Test
    void unknownValuesAreRefused(@TempDir Path dir) {
        refused(run("compile", WINE, dir, "--target", "arduino", "--select", "fastest"),
                "--select must be modelled or measured, not 'fastest'");
        refused(run("compile", WINE, dir, "--target", "arduino", "--select", "measured", "--select-examples", "0"),
                "--select-examples must be at least 1, not 0");
    }

    @Test
    void selectExamplesWithoutMeasuredIsAWarning(@TempDir Path dir) {
        CliRun r = run("compile", WINE, dir, "--select-examples", "3", "--jobs", "2");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("warning: --select-examples applies to --select measured; the modelled choice"
                + " runs nothing on the device"), r.err());
    }

    /**
     * bonsai-digits-10: the smallest fixture whose frontier holds a program within the model's error of the chosen
     * one that meets the same limits (the wine fixtures' hold none, so nothing there is measured). With as many bench
     * examples as selection rows, bench runs the written program on the rows each candidate ran: its mean cycles are
     * the chosen candidate's (simavr counts cycles exactly), which says the written program is that candidate; and
     * --pareto's chosen row carries them, as its measured_cycles of the same rows.
     */
    @Test
    void benchWritesTheMeasuredFastestAndTheDeviceAgrees(@TempDir Path dir) throws Exception {
        RequiredTool.command("avr-gcc", "gcc-avr");
        RequiredTool.command("simavr", "simavr");
        Path m = Path.of("src/test/resources/fixtures/models/bonsai-digits-10");
        CliRun b = run("bench", m, dir, "--select", "measured", "--select-examples", "4", "--examples", "4",
                "--no-float", "--jobs", "2", "--pareto", dir.resolve("front.csv").toString());
        assertEquals(0, b.status(), b.err()); // 0: the device's predictions equal the interpreter's
        ObjectMapper json = new ObjectMapper();
        JsonNode report = json.readTree(dir.resolve("out/report.json").toFile());
        JsonNode choice = report.get("measuredChoice");
        assertNotNull(choice, "report.json has measuredChoice");
        assertEquals(4, choice.get("examples").asInt());
        double fewest = Double.POSITIVE_INFINITY, chosenCycles = Double.NaN;
        int measured = 0, chosen = 0;
        for (JsonNode r : choice.get("rivals")) {
            if (r.has("measuredCycles")) {
                measured++;
                assertTrue(r.get("agrees").asBoolean(), r.toString());
                fewest = Math.min(fewest, r.get("measuredCycles").asDouble());
            }
            if (r.get("chosen").asBoolean()) {
                chosen++;
                chosenCycles = r.get("measuredCycles").asDouble();
                assertEquals(choice.get("chosenRank").asInt(), r.get("rank").asInt());
                // the report's held-out figures are the written program's, its rows there counted against float's
                assertEquals(r.get("heldOutAccuracy").asDouble(), report.get("heldOut").get("chosenAccuracy")
                        .asDouble(), 1e-9);
                assertNotNull(report.get("heldOut").get("chosenRows"), report.get("heldOut").toString());
            }
        }
        assertTrue(measured >= 2, "premise: at least two programs measured\n" + choice);
        assertEquals(1, chosen);
        assertEquals(fewest, chosenCycles, "the written program is the measured fastest\n" + choice);
        JsonNode bench = json.readTree(dir.resolve("out/bench.json").toFile());
        assertTrue(bench.get("predictionsEqual").asBoolean());
        assertEquals(chosenCycles, bench.get("fixed").get("meanCycles").asDouble(), 1e-9,
                "bench ran the written program on the same rows: the chosen one's cycles\n" + choice);
        java.util.List<String> csv = Files.readAllLines(dir.resolve("front.csv"));
        java.util.List<String> header = java.util.List.of(csv.getFirst().split(","));
        int select = header.indexOf("select_measured_cycles"), device = header.indexOf("measured_cycles");
        assertTrue(select > 0, csv.getFirst());
        int rows = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            if (!f[select].isEmpty()) {
                rows++;
                assertEquals(f[device], f[select], line); // the same program on the same rows
            }
            if (f[1].equals("yes")) {
                assertEquals(String.format(java.util.Locale.ROOT, "%.0f", chosenCycles), f[select], line);
            }
        }
        assertEquals(measured, rows, String.join("\n", csv));
        String text = Files.readString(dir.resolve("out/report.json"));
        assertFalse(text.contains("NaN"), "report.json is JSON");
    }
}
