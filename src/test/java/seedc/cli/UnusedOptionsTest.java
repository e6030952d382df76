package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Options that do nothing in the chosen mode are warned of, and the compile goes on (issue 42). */
class UnusedOptionsTest {
    @Test
    void optionsTheChosenStrategyOrTargetDoesNotReadAreWarnedOf(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        String base = "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress --out {D}";
        CliRun seedot = CliRun.of(dir, base + "a --strategy seedot --max-accuracy-drop 2 --fpga-dsps 3");
        assertEquals(0, seedot.status(), seedot.err());
        List<String> warnings = seedot.err().lines().filter(l -> l.startsWith("seedc: warning: --")).toList();
        assertEquals(List.of("seedc: warning: --max-accuracy-drop applies to --strategy shiftry; seedot chooses its"
                + " maxscale on the training rows and does not read it", "seedc: warning: --fpga-dsps applies to"
                + " --target fpga; the x86 target does not read it"), warnings);
        CliRun shiftry = CliRun.of(dir, base + "b --products wide");
        assertEquals(0, shiftry.status(), shiftry.err());
        assertTrue(shiftry.err().contains("seedc: warning: --products applies to --strategy seedot; shiftry chooses"
                + " each value's width itself"), shiftry.err());
        // the defaults given by no one are not warned of
        CliRun plain = CliRun.of(dir, base + "c");
        assertTrue(plain.err().lines().noneMatch(l -> l.startsWith("seedc: warning: --")), plain.err());
    }

    @Test
    void benchWarnsOfTheMeasurementsOptionsItsTargetDoesNotRead(@TempDir Path dir) throws Exception {
        CliRun.tinyClassifier(dir);
        CliRun x86 = CliRun.of(dir, "bench {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --no-progress"
                + " --target x86 --reps 2 --examples 2 --no-synth --strategy seedot --max-accuracy-drop 2");
        List<String> warnings = x86.err().lines().filter(l -> l.startsWith("seedc: warning: --")).toList();
        assertEquals(List.of("seedc: warning: --max-accuracy-drop applies to --strategy shiftry; seedot chooses its"
                + " maxscale on the training rows and does not read it", "seedc: warning: --no-synth applies to an"
                + " FPGA --device; x86 synthesizes nothing"), warnings);
        assertEquals(0, x86.status(), x86.err());
    }
}
