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
 * The sd_product template against {@link FixedKernels#product} under Icarus Verilog: each width's extremes and
 * random operands, at several parallelism factors, with operand shifts, products that wrap their temporary, and
 * output shifts both ways.
 */
class ProductTemplateTest {
    @ParameterizedTest
    @CsvSource({
        // PF, WA, WB, WO, W, SHR_A, SHR_B, POST
        "1, 8, 8, 8, 16, 0, 0, 7",
        "2, 16, 16, 16, 32, 1, 2, 12",
        "4, 16, 8, 8, 16, 0, 0, 6",
        "3, 32, 32, 32, 64, 0, 0, 31",
        "13, 8, 16, 16, 32, -2, 0, -1",
    })
    void matchesTheJavaKernel(int pf, int wa, int wb, int wo, int w, int shrA, int shrB, int post,
                              @TempDir Path dir) {
        Random r = new Random(17L * pf + wa + wb + post);
        long[] a = AddTemplateTest.operands(r, wa, 13), b = AddTemplateTest.operands(r, wb, 13);
        OpParams.Mul p = new OpParams.Mul(shrA, shrB, w, 0, post);
        long[] want = FixedKernels.product(a, b, a.length, p, wo, WrapSite.IGNORE);
        long[] got = StreamHarness.run(dir, "sd_product", Map.of("WA", wa, "WB", wb, "WO", wo, "W", w,
                "SHR_A", shrA, "SHR_B", shrB, "POST", post), pf,
                List.of(new StreamHarness.Port("a", wa, a), new StreamHarness.Port("b", wb, b)), "out", wo);
        assertArrayEquals(want, got);
    }
}
