package seedc.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.DifferentialTest;
import seedc.report.Report;

/**
 * --max-output-error (Zac's precision analysis as a search mode): shiftry demotes a value only while the decision
 * scores' proven worst-case error stays within the bound, so the chosen program's bound is within it, a looser
 * bound demotes more, and a bound tighter than the all-16-bit program's demotes nothing.
 */
class PrecisionModeTest {
    @TempDir
    Path dir;

    @Test
    void demotesWhileTheProvenBoundAllows() {
        long[] eightBit = new long[3];
        double[] bounds = {0.5, 45, 200};
        for (int i = 0; i < bounds.length; i++) {
            DifferentialTest.Cli[] cli = new DifferentialTest.Cli[1];
            Report r = compile(bounds[i], cli);
            assertEquals(i == 0, cli[0].err().contains("warning: no program meets --max-output-error 0.5: with no"
                    + " value demoted the proven bound on 'res' is"), cli[0].err());
            Report.ValueType scores = r.program().values().stream().filter(v -> v.name().equals("res")).findFirst()
                    .orElseThrow();
            assertTrue(scores.errorBound() <= bounds[i] || eightBit(r) == 0,
                    "res's bound " + scores.errorBound() + " within " + bounds[i]);
            eightBit[i] = eightBit(r);
        }
        // ProtoNN digits' all-16-bit program already has a bound of about 35 on its scores: 0.5 demotes nothing
        assertEquals(0, eightBit[0]);
        assertTrue(eightBit[1] > 0 && eightBit[2] > eightBit[1], java.util.Arrays.toString(eightBit));
    }

    private static long eightBit(Report r) {
        return r.program().values().stream().filter(v -> v.bitwidth() == 8).count();
    }

    private Report compile(double bound, DifferentialTest.Cli[] cli) {
        Path m = Path.of("src/test/resources/fixtures/models/protonn-digits-10").toAbsolutePath();
        Path out = dir.resolve("e" + bound);
        DifferentialTest.Cli c = DifferentialTest.cli("compile", m.resolve("input.sd").toString(), "--model",
                m.toString(), "--train", m.resolve("train.npy").toString(), "--test", m.resolve("test.npy").toString(),
                "--target", "arduino", "--out", out.toString(), "--jobs", "2", "--no-progress", "--ranges", "sound",
                "--max-output-error", Double.toString(bound));
        assertEquals(0, c.status(), c.err());
        cli[0] = c;
        assertTrue(c.out().contains("each kept while the decision scores' proven error bound"), c.out());
        return Report.read(out.resolve("report.json"));
    }
}
