package seedc.superopt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPlanePairs;

/**
 * The AVR's kernel of every pair of planes at once (AvrPlanePairs), for each shape it has (1-2 activation planes
 * times 1-3 weight planes) and plane lengths from 1 to 64 bytes (the longest its displacement reaches), on random
 * planes at a random vector offset: under simavr, and its C for other compilers on x86 (gcc, sanitizers), every sum
 * equals sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) computed here, bit by bit.
 */
class AvrPlanePairsTest {
    private static final int[][] SHAPES = {{1, 2}, {2, 1}, {2, 2}, {1, 3}, {2, 3}};
    private static final int[] LENGTHS = {1, 3, 8, 18, 64};

    @TempDir
    Path dir;

    /** One call: planes q (ka of nb bytes) and the weights, interleaved, of two vectors; the second one read. */
    private record Case(int ka, int kb, int nb, byte[] q, byte[] w) {
        long expected() {
            long s = 0;
            for (int i = 0; i < ka; i++) {
                for (int j = 0; j < kb; j++) {
                    for (int b = 0; b < nb; b++) {
                        int both = q[i * nb + b] & w[(nb + b) * kb + j] & 0xff;
                        s += (long) Integer.bitCount(both) << (i + j);
                    }
                }
            }
            return s;
        }
    }

    @Test
    void everyShapeCountsWhatThePlanesHold() throws Exception {
        Random rnd = new Random(15);
        List<Case> cases = new ArrayList<>();
        for (int[] sh : SHAPES) {
            for (int nb : LENGTHS) {
                byte[] q = new byte[sh[0] * nb], w = new byte[2 * nb * sh[1]];
                rnd.nextBytes(q);
                rnd.nextBytes(w);
                cases.add(new Case(sh[0], sh[1], nb, q, w));
            }
        }
        List<Long> want = cases.stream().map(Case::expected).toList();
        KernelOnBoth.assertPrints(dir, "pairs", avr -> firmware(cases, avr), want);
    }

    /** A call of the rows kernel: planes q, rows + 1 rows of interleaved weights from the second on. */
    private record Rows(int ka, int kb, int nb, int rows, byte[] q, byte[] w) {
        List<Long> expected() {
            List<Long> sums = new ArrayList<>();
            for (int f = 1; f <= rows; f++) {
                sums.add(pairSum(ka, kb, nb, q, w, f * kb * nb));
            }
            return sums;
        }
    }

    /** sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) of the row whose interleaved weight bytes start at w[from], bit by bit. */
    private static long pairSum(int ka, int kb, int nb, byte[] q, byte[] w, int from) {
        long s = 0;
        for (int i = 0; i < ka; i++) {
            for (int j = 0; j < kb; j++) {
                for (int b = 0; b < nb; b++) {
                    for (int bit = 0; bit < 8; bit++) {
                        s += (long) (q[i * nb + b] >> bit & w[from + b * kb + j] >> bit & 1) << (i + j);
                    }
                }
            }
        }
        return s;
    }

    /**
     * The kernel of every weight row at once (AvrPlanePairRows), for each shape it has (1-2 x 1-2 planes) and plane
     * lengths 1 to 31 bytes, 1 and 16 rows from the second: every row's sum as computed here; all-ones planes too (the
     * largest counts its bytes hold).
     */
    @Test
    void everyRowOfEveryShape() throws Exception {
        Random rnd = new Random(19);
        List<Rows> cases = new ArrayList<>();
        for (int[] sh : new int[][] {{1, 2}, {2, 1}, {2, 2}}) {
            for (int nb : new int[] {1, 5, 18, 31}) {
                for (int rows : new int[] {1, 16}) {
                    byte[] q = new byte[sh[0] * nb], w = new byte[(rows + 1) * nb * sh[1]];
                    rnd.nextBytes(q);
                    rnd.nextBytes(w);
                    if (nb == 31 && rows == 1) {
                        java.util.Arrays.fill(q, (byte) -1);
                        java.util.Arrays.fill(w, (byte) -1);
                    }
                    cases.add(new Rows(sh[0], sh[1], nb, rows, q, w));
                }
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "pairrows", avr -> rowsFirmware(cases, avr), want);
    }

    /**
     * The rows kernel that counts each row's thresholds (AvrPlanePairRows.compared): for 2 x 2 and 1 x 2 planes of 5
     * and 18 bytes, shifts 0 and 1, 2 and 4 levels, 16 rows, each row's level number, the thresholds u = (sum <<
     * shift) + k (16 bits) reaches, as counted here; thresholds near each row's u and random.
     */
    @Test
    void comparedRowsCountTheirThresholds() throws Exception {
        Random rnd = new Random(20);
        List<long[]> want = new ArrayList<>();
        StringBuilder c = new StringBuilder();
        StringBuilder calls = new StringBuilder();
        int k = 0;
        for (int[] sh : new int[][] {{2, 2}, {1, 2}}) {
            for (int nb : new int[] {5, 18}) {
                for (int shift = 0; shift <= 1; shift++) {
                    for (int levels : new int[] {2, 4}) {
                        int ka = sh[0], kb = sh[1], rows = 16, stride = kb * nb + 2 * (levels - 1);
                        byte[] q = new byte[ka * nb], w = new byte[rows * stride];
                        rnd.nextBytes(q);
                        rnd.nextBytes(w);
                        int offset = rnd.nextInt(65536);
                        for (int f = 0; f < rows; f++) {
                            long sum = pairSum(ka, kb, nb, q, w, f * stride);
                            long u = ((sum << shift) + offset) & 0xffff, n = 0;
                            for (int i = 0; i + 1 < levels; i++) {
                                int theta = rnd.nextBoolean() ? (int) ((u + rnd.nextInt(9) - 4) & 0xffff)
                                        : rnd.nextInt(65536);
                                w[f * stride + kb * nb + 2 * i] = (byte) theta;
                                w[f * stride + kb * nb + 2 * i + 1] = (byte) (theta >> 8);
                                n += u >= theta ? 1 : 0;
                            }
                            want.add(new long[] {n});
                        }
                        String name = AvrPlanePairRows.comparedName(ka, kb, nb, shift, levels);
                        c.append(AvrPlanePairRows.compared(ka, kb, nb, shift, levels));
                        c.append("static uint8_t q").append(k).append("[] = ").append(KernelBench.init(q))
                                .append(";\nstatic const uint8_t w").append(k).append("[] PROGMEM = ")
                                .append(KernelBench.init(w)).append(";\n");
                        calls.append("    k = ").append(offset).append(";\n    ").append(name).append("(q").append(k)
                                .append(", w").append(k).append(", rows, k, out);\n")
                                .append("    for (uint8_t f = 0; f < rows; f++) put(out[f]);\n");
                        k++;
                    }
                }
            }
        }
        String kernels = c.toString(), main = calls.toString();
        KernelOnBoth.assertPrints(dir, "pairlevels", avr -> KernelOnBoth.prelude(avr) + kernels
                + "static uint8_t out[16];\nint main(void) {\n    volatile uint8_t rows = 16;\n    volatile uint16_t k;\n"
                + (avr ? "    seedc_uart_init();\n" : "") + main
                + (avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n"),
                want.stream().map(a -> a[0]).toList());
    }

    /** A program calling each rows case and printing its rows' sums. */
    private static String rowsFirmware(List<Rows> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        java.util.Set<String> kernels = new java.util.HashSet<>();
        for (int k = 0; k < cases.size(); k++) {
            Rows t = cases.get(k);
            if (kernels.add(AvrPlanePairRows.name(t.ka(), t.kb(), t.nb()))) {
                c.append(AvrPlanePairRows.source(t.ka(), t.kb(), t.nb()));
            }
            c.append("static uint8_t q").append(k).append("[] = ").append(KernelBench.init(t.q())).append(";\n");
            c.append("static const uint8_t w").append(k).append("[] PROGMEM = ").append(KernelBench.init(t.w()))
                    .append(";\n");
        }
        c.append("static uint8_t out[32];\nint main(void) {\n    volatile sd_idx at;\n    volatile uint8_t rows;\n")
                .append(avr ? "    seedc_uart_init();\n" : "");
        for (int k = 0; k < cases.size(); k++) {
            Rows t = cases.get(k);
            c.append("    at = ").append(t.nb() * t.kb()).append(";\n    rows = ").append(t.rows()).append(";\n    ")
                    .append(AvrPlanePairRows.name(t.ka(), t.kb(), t.nb())).append("(q").append(k).append(", w")
                    .append(k).append(", at, rows, out);\n    for (uint8_t f = 0; f < rows; f++) put((uint16_t)(out[2 * f]"
                    + " | (uint16_t)out[2 * f + 1] << 8));\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }

    /** A program calling each case's kernel and printing its sum: for the Uno (simavr's UART), or a host's stdout. */
    private static String firmware(List<Case> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            c.append(AvrPlanePairs.source(t.ka(), t.kb(), t.nb()));
            c.append("static uint8_t q").append(k).append("[] = ").append(KernelBench.init(t.q())).append(";\n");
            c.append("static const uint8_t w").append(k).append("[] PROGMEM = ").append(KernelBench.init(t.w()))
                    .append(";\n");
        }
        c.append("int main(void) {\n    volatile sd_idx at;\n").append(avr ? "    seedc_uart_init();\n" : "");
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            c.append("    at = ").append(t.nb() * t.kb()).append(";\n    put(")
                    .append(AvrPlanePairs.name(t.ka(), t.kb(), t.nb())).append("(q").append(k).append(", w").append(k)
                    .append(", at));\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }
}
