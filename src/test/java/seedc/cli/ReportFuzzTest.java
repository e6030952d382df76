package seedc.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.fuzz.Executions;
import seedc.io.DataSet;
import seedc.io.DataSets;
import seedc.ir.FloatModel;

/**
 * Any bytes as the report.json of 'seedc run --config': read, applied to the tiny classifier and run on its two
 * examples exactly as run does (FixedRun), or a UserError, nothing else. Inputs (a report compile wrote, and
 * any crash found) in src/test/resources/seedc/cli/ReportFuzzTestInputs/report.
 */
class ReportFuzzTest {
    private static Path dir;
    private static FloatModel model;
    private static DataSet data;

    @FuzzTest(maxDuration = "10s")
    void report(byte[] bytes) throws IOException {
        if (bytes == null) {
            return;
        }
        Executions.count("report");
        if (dir == null) {
            dir = Files.createTempDirectory("seedc-fuzz");
            CliRun.tinyClassifier(dir);
            model = SeeDotFrontEnd.load(dir.resolve("q.sd"), dir.resolve("m"));
            data = DataSets.load(dir.resolve("d.npy"), 1);
        }
        Path config = dir.resolve("report.json");
        Files.write(config, bytes);
        try {
            FixedRun.run(model, data, config, 1, Progress.hidden());
        } catch (UserError expected) {
            // the property holds
        }
    }

    @AfterAll
    static void report() {
        Executions.report("report");
    }
}
