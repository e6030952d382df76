package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'seedc compile --pareto': every row's program, run again by 'seedc run --encoding fixed --config' on the test set,
 * gives the row's test accuracy, and exactly one row is the program compile chose (its report's test accuracy).
 */
class ParetoTest {
    @Test
    void everyRowIsReproducedBySeedcRun(@TempDir Path dir) throws Exception {
        Path m = Path.of("src/test/resources/fixtures/models/protonn-wine-3");
        CliRun c = CliRun.args("compile", m + "/input.sd", "--model", m.toString(), "--train", m + "/train.npy",
                "--test", m + "/test.npy", "--out", dir.resolve("out").toString(), "--pareto",
                dir.resolve("front.csv").toString(), "--no-progress", "--jobs", "2");
        assertEquals(0, c.status(), c.err());
        List<String> lines = Files.readAllLines(dir.resolve("front.csv"));
        assertEquals(ParetoCsv.HEADER, lines.getFirst());
        assertTrue(lines.size() >= 2, "at least the chosen program");
        int chosen = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            CliRun r = CliRun.args("run", m + "/input.sd", "--model", m.toString(), "--data", m + "/test.npy",
                    "--encoding", "fixed", "--config", f[8], "--no-progress");
            assertEquals(0, r.status(), r.err());
            String accuracy = r.out().replaceAll("(?s).*fixed-point accuracy: ([0-9.]+)%.*", "$1").trim();
            assertEquals(f[4], String.format(Locale.ROOT, "%.2f", Double.parseDouble(accuracy)), line);
            if (f[1].equals("yes")) {
                chosen++;
                String report = Files.readString(dir.resolve("out/report.json"));
                String test = report.replaceAll("(?s).*\"fixedTestAccuracy\"\\s*:\\s*([0-9.]+).*", "$1");
                assertEquals(f[4], String.format(Locale.ROOT, "%.2f", Double.parseDouble(test)));
            }
        }
        assertEquals(1, chosen, String.join("\n", lines));
    }

    /**
     * 'seedc bench --pareto' builds and runs every row's program: each agrees with the interpreter on the device, and
     * the chosen row's cycles are those bench measured for the program it benches (the same build, run again).
     */
    @Test
    void benchMeasuresEveryRow(@TempDir Path dir) throws Exception {
        Path m = Path.of("src/test/resources/fixtures/models/protonn-wine-3");
        CliRun c = CliRun.args("bench", m + "/input.sd", "--model", m.toString(), "--train", m + "/train.npy",
                "--test", m + "/test.npy", "--examples", "2", "--no-float", "--out", dir.resolve("b").toString(),
                "--pareto", dir.resolve("front.csv").toString(), "--no-progress", "--jobs", "2");
        assertEquals(0, c.status(), c.err());
        List<String> lines = Files.readAllLines(dir.resolve("front.csv"));
        assertTrue(lines.getFirst().endsWith(",measured_cycles,flash_bytes,predictions_equal"), lines.getFirst());
        String bench = Files.readString(dir.resolve("b/bench.json"));
        double meanCycles = Double.parseDouble(
                bench.replaceAll("(?s).*\"fixed\"\\s*:\\s*\\{[^}]*\"meanCycles\"\\s*:\\s*([0-9.]+).*", "$1"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            assertEquals("yes", f[12], line);
            assertTrue(Files.exists(Path.of(f[8])), f[8]);
            if (f[1].equals("yes")) {
                assertEquals(String.format(Locale.ROOT, "%.0f", meanCycles), f[10], line);
            }
        }
    }

    @Test
    void seedotHasNoFrontier(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun c = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --strategy seedot"
                + " --out {D}o --pareto {D}f.csv");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("--pareto lists the frontier of shiftry's search"), c.err());
        assertTrue(Files.notExists(dir.resolve("f.csv")));
    }
}
