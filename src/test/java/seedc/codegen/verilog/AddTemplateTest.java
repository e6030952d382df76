package seedc.codegen.verilog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.fixed.FixedKernels;
import seedc.fixed.OpParams;
import seedc.fixed.WrapSite;

/**
 * The sd_add template (issue 13's first) against {@link FixedKernels#add} under Icarus Verilog: random operands
 * and each width's extremes, at several parallelism factors, with operand shifts both ways, an output shift
 * that drops bits, temporaries that wrap, and 13 elements (no multiple of PF: the last beat is partial).
 */
class AddTemplateTest {
    @ParameterizedTest
    @CsvSource({
        // PF, WA, WB, WO, W, SHR_A, SHR_B, POST, SUB
        "1, 8, 8, 8, 16, 0, 1, 0, 0",
        "2, 16, 8, 16, 16, 0, -3, 1, 1",
        "4, 16, 16, 8, 16, 2, 0, 4, 0",
        "3, 32, 32, 32, 32, 0, 0, 0, 1",
        "4, 32, 16, 16, 64, -4, 1, 12, 0",
        "13, 8, 8, 16, 8, 0, 0, -2, 1",
    })
    void matchesTheJavaKernel(int pf, int wa, int wb, int wo, int w, int shrA, int shrB, int post, int sub,
                              @TempDir Path dir) {
        Random r = new Random(31L * pf + wa + w + post);
        long[] a = operands(r, wa, 13), b = operands(r, wb, 13);
        OpParams.Add p = new OpParams.Add(shrA, shrB, w, post);
        long[] want = FixedKernels.add(a, b, a.length, sub == 1, p, wo, WrapSite.IGNORE);
        long[] got = StreamHarness.run(dir, "sd_add", Map.of("WA", wa, "WB", wb, "WO", wo, "W", w, "SHR_A", shrA,
                "SHR_B", shrB, "POST", post, "SUB", sub), pf,
                List.of(new StreamHarness.Port("a", wa, a), new StreamHarness.Port("b", wb, b)), "out", wo);
        assertArrayEquals(want, got);
    }

    /** n values of {@code bits} bits: the extremes (min, max, -1, 0, 1) then random ones. */
    static long[] operands(Random r, int bits, int n) {
        long min = -(1L << (bits - 1)), max = (1L << (bits - 1)) - 1;
        long[] v = new long[n];
        long[] extremes = {min, max, -1, 0, 1};
        for (int i = 0; i < n; i++) {
            v[i] = i < extremes.length ? extremes[i] : min + (long) (r.nextDouble() * ((double) max - min));
        }
        return v;
    }
}
