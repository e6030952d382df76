package seedc.codegen.c.avr;

import static seedc.codegen.c.avr.KernelRunner.Input.flash;
import static seedc.codegen.c.avr.KernelRunner.Input.ram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's kernels of every pair of planes at once: AvrPlanePairs for each shape it has (1-2 activation planes times
 * 1-3 weight planes) and plane lengths from 1 to 64 bytes (the longest its displacement reaches), on random planes at a
 * random vector offset; AvrPlanePairRows and its comparing form for every weight row of a call. Every sum equals
 * sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) computed here, bit by bit (KernelRunner: simavr and x86).
 */
class AvrPlanePairsTest {
    @TempDir
    Path dir;

    /** sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) of the row whose interleaved weights start at w[from], bit by bit. */
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

    /** Planes q (ka of nb bytes) and the interleaved weights of two vectors; the second one read. */
    @Test
    void everyShapeCountsWhatThePlanesHold() throws Exception {
        Random rnd = new Random(15);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int[] sh : new int[][] {{1, 2}, {2, 1}, {2, 2}, {1, 3}, {2, 3}}) {
            for (int nb : new int[] {1, 3, 8, 18, 64}) {
                int ka = sh[0], kb = sh[1];
                byte[] q = KernelRunner.randomBytes(rnd, ka * nb), w = KernelRunner.randomBytes(rnd, 2 * nb * kb);
                AvrPlanePairs kernel = new AvrPlanePairs(ka, kb, nb);
                calls.add(new KernelRunner.Call(kernel, List.of(ram("q", q), flash("w", w)),
                        "at = " + nb * kb + ";\nput(" + kernel.name() + "(q#, w#, at));",
                        List.of(pairSum(ka, kb, nb, q, w, nb * kb))));
            }
        }
        KernelRunner.run(dir, "pairs", "", calls);
    }

    /**
     * AvrPlanePairRows for each shape it has (1-2 x 1-2 planes) and plane lengths 1 to 31 bytes, 1 and 16 rows from the
     * second: every row's sum as computed here; all-ones planes too (the largest counts its bytes hold).
     */
    @Test
    void everyRowOfEveryShape() throws Exception {
        Random rnd = new Random(19);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int[] sh : new int[][] {{1, 2}, {2, 1}, {2, 2}}) {
            for (int nb : new int[] {1, 5, 18, 31}) {
                for (int rows : new int[] {1, 16}) {
                    int ka = sh[0], kb = sh[1];
                    byte[] q = KernelRunner.randomBytes(rnd, ka * nb);
                    byte[] w = KernelRunner.randomBytes(rnd, (rows + 1) * nb * kb);
                    if (nb == 31 && rows == 1) {
                        Arrays.fill(q, (byte) -1);
                        Arrays.fill(w, (byte) -1);
                    }
                    List<Long> sums = new ArrayList<>();
                    for (int f = 1; f <= rows; f++) {
                        sums.add(pairSum(ka, kb, nb, q, w, f * kb * nb));
                    }
                    AvrPlanePairRows kernel = new AvrPlanePairRows(ka, kb, nb);
                    calls.add(new KernelRunner.Call(kernel, List.of(ram("q", q), flash("w", w)),
                            "at = " + nb * kb + ";\nrows = " + rows + ";\n" + kernel.name()
                                    + "(q#, w#, at, rows, out);\n" + KernelRunner.PRINT_WORDS, sums));
                }
            }
        }
        KernelRunner.run(dir, "pairrows", "", calls);
    }

    /**
     * The rows kernel that counts each row's thresholds (AvrPlanePairRows.Compared): for 2 x 2 and 1 x 2 planes of 5
     * and 18 bytes, shifts 0 and 1, 2 and 4 levels, 16 rows, each row's level number, the thresholds u = (sum <<
     * shift) + k (16 bits) reaches, as counted here; thresholds near each row's u and random.
     */
    @Test
    void comparedRowsCountTheirThresholds() throws Exception {
        Random rnd = new Random(20);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int[] sh : new int[][] {{2, 2}, {1, 2}}) {
            for (int nb : new int[] {5, 18}) {
                for (int shift = 0; shift <= 1; shift++) {
                    for (int levels : new int[] {2, 4}) {
                        calls.add(compared(rnd, sh[0], sh[1], nb, shift, levels));
                    }
                }
            }
        }
        KernelRunner.run(dir, "pairlevels", "", calls);
    }

    private static KernelRunner.Call compared(Random rnd, int ka, int kb, int nb, int shift, int levels) {
        int rows = 16, stride = kb * nb + 2 * (levels - 1);
        byte[] q = KernelRunner.randomBytes(rnd, ka * nb), w = KernelRunner.randomBytes(rnd, rows * stride);
        int offset = rnd.nextInt(65536);
        List<Long> want = new ArrayList<>();
        for (int f = 0; f < rows; f++) {
            long u = ((pairSum(ka, kb, nb, q, w, f * stride) << shift) + offset) & 0xffff, n = 0;
            for (int i = 0; i + 1 < levels; i++) {
                int theta = rnd.nextBoolean() ? (int) ((u + rnd.nextInt(9) - 4) & 0xffff) : rnd.nextInt(65536);
                w[f * stride + kb * nb + 2 * i] = (byte) theta;
                w[f * stride + kb * nb + 2 * i + 1] = (byte) (theta >> 8);
                n += u >= theta ? 1 : 0;
            }
            want.add(n);
        }
        AvrKernel kernel = new AvrPlanePairRows.Compared(ka, kb, nb, shift, levels);
        return new KernelRunner.Call(kernel, List.of(ram("q", q), flash("w", w)), "k = " + offset + ";\nrows = "
                + rows + ";\n" + kernel.name() + "(q#, w#, rows, k, out);\n" + KernelRunner.PRINT_BYTES, want);
    }
}
