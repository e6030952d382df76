package seedc.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.fuzz.Executions;

/**
 * Any bytes as a CSV or TSV data set (the first byte chooses; the rest is the file), with 1 or 2 label columns:
 * a data set or a UserError, nothing else. Inputs in src/test/resources/seedc/io/DataSetFuzzTestInputs/dataSet.
 */
class DataSetFuzzTest {
    private static Path dir;

    @FuzzTest(maxDuration = "10s")
    void dataSet(byte[] bytes) throws IOException {
        if (bytes == null || bytes.length == 0) {
            return;
        }
        Executions.count("dataSet");
        if (dir == null) {
            dir = Files.createTempDirectory("seedc-fuzz");
            dir.toFile().deleteOnExit();
        }
        Path file = dir.resolve((bytes[0] & 1) == 0 ? "d.csv" : "d.tsv");
        Files.write(file, java.util.Arrays.copyOfRange(bytes, 1, bytes.length));
        file.toFile().deleteOnExit();
        try {
            DataSets.load(file, 1 + ((bytes[0] >> 1) & 1));
        } catch (UserError expected) {
            // the property holds
        }
    }

    @AfterAll
    static void report() {
        Executions.report("dataSet");
    }
}
