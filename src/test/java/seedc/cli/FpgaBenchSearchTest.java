package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench on an FPGA searches for the FPGA (issue 41: it searched with the Uno's cycle model): the search minimises the
 * planner's latency of the default strategy's design, and that figure is the clock cycles Icarus Verilog counts for
 * the mafia design bench simulates (a second implementation of the same count).
 */
class FpgaBenchSearchTest {
    @Test
    void theSearchMinimisesTheDesignsCyclesThatTheSimulationCounts(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun bench = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress"
                + " --device ice40-up5k --no-synth --examples 2");
        assertEquals(0, bench.status(), bench.err());
        // end to end (issue 45): every strategy's design, simulated, predicts what the interpreter predicts
        assertTrue(bench.out().contains("predictions equal the Java fixed-point interpreter's: yes (every strategy)"),
                bench.out());
        Matcher searched = Pattern.compile("the search minimised FPGA clock cycles per inference of the mafia design"
                + " planned for ice40-up5k[^\\n]*: (\\d+) for the program all three designs build").matcher(bench.out());
        assertTrue(searched.find(), bench.out());
        Matcher simulated = Pattern.compile("(?m)^mafia\\s+(\\d+)\\s").matcher(bench.out());
        assertTrue(simulated.find(), bench.out());
        assertEquals(simulated.group(1), searched.group(1), bench.out());
    }
}
