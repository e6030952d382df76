package seedc.codegen.verilog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.fuzz.Executions;

/**
 * Any bytes as the examples of make sim (issue 42): the first byte chooses a .csv or a .tsv and 1 or 2 label
 * columns, the rest is the file. Where seedc run's reader accepts the file, the simulated design predicts what the
 * fixed-point interpreter predicts; where it refuses the file, make sim fails with the predictor's message, on the
 * line seedc names. Inputs (kept as regression cases, run by the ordinary suite) in
 * src/test/resources/seedc/codegen/verilog/FpgaSimFuzzTestInputs/simInputs; scripts/fuzz fuzzes it.
 */
class FpgaSimFuzzTest {
    private static final Pattern PREDICTOR_LINE = Pattern.compile("^predictor: line (\\d+)");
    private static Path dir;

    @FuzzTest(maxDuration = "10s")
    void simInputs(byte[] bytes) throws IOException {
        if (bytes == null || bytes.length == 0) {
            return;
        }
        Executions.count("simInputs");
        if (dir == null) {
            dir = Files.createTempDirectory("seedc-fuzz-sim");
            dir.toFile().deleteOnExit();
        }
        int labels = 1 + ((bytes[0] >> 1) & 1);
        Path data = dir.resolve((bytes[0] & 1) == 0 ? "d.csv" : "d.tsv");
        Files.write(data, Arrays.copyOfRange(bytes, 1, bytes.length));
        SimDesign.Ran sim = SimDesign.make("sim", data, "LABELS=" + labels);
        List<String> predictions;
        try {
            predictions = SimDesign.seedcRun(data, labels);
        } catch (UserError refused) {
            if (sim.status() == 0 || !sim.err().startsWith("predictor: ")) {
                throw new AssertionError("make sim accepted what seedc run refuses (" + refused.getMessage() + "): status "
                        + sim.status() + ", " + sim.lines() + "\n" + sim.err());
            }
            Matcher line = PREDICTOR_LINE.matcher(sim.err());
            Matcher named = Pattern.compile(Pattern.quote(data.toString()) + ":(\\d+):").matcher(refused.getMessage());
            if (line.find() && named.find() && !line.group(1).equals(named.group(1))) {
                throw new AssertionError("make sim and seedc run name different lines: " + sim.err() + refused.getMessage());
            }
            return;
        }
        if (sim.status() != 0 || !sim.lines().equals(predictions)) {
            throw new AssertionError("make sim differs from seedc run's " + predictions + ": status " + sim.status()
                    + ", " + sim.lines() + "\n" + sim.err());
        }
    }

    @AfterAll
    static void report() {
        Executions.report("simInputs");
    }
}
