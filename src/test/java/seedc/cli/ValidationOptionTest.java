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
        assertTrue(c.out().contains("of the validation set"), c.out());
        assertTrue(!c.out().contains("validation rows:"), c.out()); // given, not found beside --train
    }

    /**
     * A validation.npy beside --train is the validation set when --validation is not given: the tiny classifier's
     * two training rows and three validation rows (counted by hand) judge it, and compile names the file. Given
     * --validation, that file wins.
     */
    @Test
    void aValidationFileBesideTheTrainingSetIsTheValidationSet(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        Npy.write(dir.resolve("validation.npy"), new seedc.io.NpyArray(new int[] {3, 3},
                new double[] {0, 1, 0, 1, 0, 1, 2, 0.5, 0.5}));
        CliRun c = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}o");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().contains("validation rows: " + dir.resolve("validation.npy")), c.out());
        JsonNode h = new ObjectMapper().readTree(dir.resolve("o/report.json").toFile()).get("heldOut");
        assertEquals("validation set", h.get("rowsFrom").asText());
        assertEquals(3, h.get("rows").asInt());
        assertEquals(2, h.get("chooseRows").asInt());

        CliRun given = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy"
                + " --validation {D}d.npy --out {D}o2");
        assertEquals(0, given.status(), given.err());
        assertEquals(2, new ObjectMapper().readTree(dir.resolve("o2/report.json").toFile()).get("heldOut")
                .get("rows").asInt());
        assertTrue(!given.out().contains("validation rows:"), given.out());
    }

    /** Only validation.EXT of --train's extension in --train's folder, never --train itself. */
    @Test
    void besideTheTrainingSetMeansTheSameFolderAndExtension(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("validation.csv"), "0,1\n");
        java.nio.file.Files.writeString(dir.resolve("validation.npy"), "");
        assertEquals(dir.resolve("validation.csv"), ModelInputs.beside(dir.resolve("train.csv")));
        assertEquals(dir.resolve("validation.npy"), ModelInputs.beside(dir.resolve("train.npy")));
        assertEquals(null, ModelInputs.beside(dir.resolve("train.tsv")));
        assertEquals(null, ModelInputs.beside(dir.resolve("validation.npy")));
        assertEquals(null, ModelInputs.beside(dir.resolve("sub/train.npy")));
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
