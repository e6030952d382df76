package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.io.Npy;

/**
 * --validation: shiftry accepts its program on the given rows. Given the test set as the validation set, the
 * held-out figures report.json gives are the test set's: as many rows, and the chosen program's accuracy there is
 * the one the report computes on the test set by another path (the final runs), within the limit of float's.
 */
class ValidationOptionTest {
    @Test
    void theValidationRowsJudgeTheProgram(@TempDir Path dir) throws Exception {
        Path m = Path.of("src/test/resources/fixtures/models/protonn-cancer-2");
        CliRun c = CliRun.args("compile", m + "/input.sd", "--model", m.toString(), "--train", m + "/train.npy",
                "--validation", m + "/test.npy", "--test", m + "/test.npy", "--out", dir.resolve("o").toString(),
                "--no-progress", "--jobs", "2");
        assertEquals(0, c.status(), c.err());
        JsonNode r = new ObjectMapper().readTree(dir.resolve("o/report.json").toFile());
        JsonNode h = r.get("heldOut");
        assertEquals("validation set", h.get("rowsFrom").asText());
        assertEquals(Npy.read(m.resolve("test.npy")).shape()[0], h.get("rows").asInt());
        assertEquals(Npy.read(m.resolve("train.npy")).shape()[0], h.get("chooseRows").asInt());
        assertEquals(r.get("fixedTestAccuracy").asDouble(), h.get("chosenAccuracy").asDouble(), 1e-9);
        assertEquals(r.get("floatTestAccuracy").asDouble(), h.get("floatAccuracy").asDouble(), 1e-9);
        assertTrue(h.get("chosenAccuracy").asDouble() >= h.get("floatAccuracy").asDouble() - 1.0, h.toString());
        assertTrue(c.out().contains("of the validation set (--validation)"), c.out());
    }

    @Test
    void aMissingValidationFileIsNamed(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun c = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy"
                + " --validation {D}nope.npy --out {D}o");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("nope.npy"), c.err());
        assertTrue(!c.err().contains("Exception"), c.err());
    }
}
