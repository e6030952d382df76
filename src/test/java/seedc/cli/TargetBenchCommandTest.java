package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * 'seedc bench --target cortex-m|x86 --profile' end to end: the predictions the Cortex-M0+ (under Unicorn) and the
 * x86 build print, and bench.json's profile, whose ops add up to the inference. No assertion on a figure's size: the
 * x86 figures are timings.
 */
class TargetBenchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theFixtureOnTheCortexM0PredictsTheTestLabelsWithItsOpsAddingUp(@TempDir Path dir) throws IOException {
        Path m = Path.of("src/test/resources/fixtures/models/protonn-wine-3");
        CliRun c = CliRun.args("bench", m + "/input.sd", "--model", m.toString(), "--train", m + "/train.npy",
                "--test", m + "/test.npy", "--examples", "3", "--target", "cortex-m", "--profile", "--out",
                dir.resolve("b").toString(), "--no-progress", "--jobs", "2");
        assertEquals(0, c.status(), c.err());
        JsonNode b = JSON.readTree(dir.resolve("b/bench.json").toFile());
        // premise: the fixed program classifies the whole test set right, so its predictions are the test labels
        assertEquals(100.0, b.get("fixedTestAccuracy").asDouble(), 1e-9);
        NpyArray test = Npy.read(m.resolve("test.npy"));
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            labels.add(Long.toString(Math.round(test.data()[i * test.shape()[1]])));
        }
        assertEquals(labels, printed(dir.resolve("b/m0plus/m0plus_run.json")));
        assertEquals("cortex-m", b.get("target").asText());
        assertEquals("cycles", b.get("units").asText());
        assertTrue(b.get("predictionsEqual").asBoolean());
        assertOpsAddUp(b);
        assertTrue(c.out().contains("cycle model: Cortex-M0+ cycles"), c.out());
    }

    @Test
    void theTinyClassifierOnX86(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        CliRun c = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --target x86"
                + " --reps 5 --profile --out {D}b --no-progress --strategy seedot");
        assertEquals(0, c.status(), c.err());
        // argmax(W * X): (1, 0) gives (1, 0, 1), the first maximum 0; (.5, .5) gives (.5, .5, 1), 2
        List<String> lines = Files.readAllLines(dir.resolve("b/x86/x86_run.txt"));
        assertEquals(List.of("0", "2"), lines.stream().filter(l -> !l.startsWith("@")).toList());
        String out = c.out();
        JsonNode b = JSON.readTree(dir.resolve("b/bench.json").toFile());
        assertEquals("TSC ticks", b.get("units").asText());
        assertEquals("host", b.get("device").asText());
        assertTrue(b.get("predictionsEqual").asBoolean(), out);
        assertOpsAddUp(b);
        assertTrue(out.contains("cycle model: x86 time stamp counter ticks"), out);
    }

    @Test
    void aTargetBenchCannotMeasureSaysWhich(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        CliRun fpga = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --target hls");
        assertEquals(1, fpga.status());
        assertTrue(fpga.err().contains("bench --target measures arduino, cortex-m or x86; not hls"), fpga.err());
        CliRun device = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --target x86"
                + " --device mkr1000");
        assertEquals(1, device.status());
        assertTrue(device.err().contains("bench --target x86 does not run on --device mkr1000"), device.err());
    }

    /** The lines the M0+ harness printed, from the runner's record. */
    private static List<String> printed(Path runnerJson) throws IOException {
        return JSON.readTree(runnerJson.toFile()).get("output").asText().lines().toList();
    }

    /** The profile's rows add up to its whole, which is the mean inference. */
    private static void assertOpsAddUp(JsonNode b) {
        JsonNode p = b.get("profile");
        double sum = 0;
        for (JsonNode r : p.get("rows")) {
            sum += r.get("measuredCycles").asDouble();
        }
        assertEquals(p.get("measured").asDouble(), sum, 1e-6);
        assertEquals(b.get("meanCycles").asDouble(), sum, 1e-6);
    }
}
