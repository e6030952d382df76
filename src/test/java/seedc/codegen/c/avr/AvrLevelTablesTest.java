package seedc.codegen.c.avr;

import static seedc.codegen.c.avr.KernelRunner.Input.flash;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's level-tables kernel (AvrLevelTables) for 1, 5, 16, 17 and 21 groups (one page, a page and a group, the
 * most a plane's 8-bit sum of 2-bit level numbers allows), 1 to 3 weight planes and 1 or 8 rows, on random tables and
 * random index bytes (any entry, any offset of the group's page): every row's out equals sum_j 2^j (plane j's entries
 * summed modulo 256) computed here. The kernel that compares each row's sum with its thresholds likewise gives, for
 * shifts 0 to 3 and 2 or 4 levels, how many of the row's random 16-bit thresholds u = (sum << shift) + k modulo 2^16
 * reaches (KernelRunner: simavr and x86).
 */
class AvrLevelTablesTest {
    @TempDir
    Path dir;

    /** Each row's sum_j 2^j (plane j's entries of the table filled from seed, modulo 256), rows of {@code stride}. */
    private static List<Long> sums(int groups, int planes, int rows, int seed, byte[] w, int stride) {
        int[] table = KernelRunner.pseudoRandomBytes(seed, 256 * AvrLevelTables.pages(groups));
        List<Long> out = new ArrayList<>();
        for (int f = 0; f < rows; f++) {
            long s = 0;
            for (int j = 0; j < planes; j++) {
                int c = 0;
                for (int g = 0; g < groups; g++) {
                    c = (c + table[g / 16 * 256 + (w[f * stride + j * groups + g] & 0xff)]) & 0xff;
                }
                s += (long) c << j;
            }
            out.add(s & 0xffff);
        }
        return out;
    }

    /** The table filled from seed for this many groups. */
    private static String fill(int seed, int groups) {
        return "fill(sd_lt, " + seed + "u, " + 256 * AvrLevelTables.pages(groups) + ");\n";
    }

    @Test
    void everyGroupCountPlanesAndRows() throws Exception {
        Random rnd = new Random(25);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int groups : new int[] {1, 5, 16, 17, 21}) {
            for (int planes = 1; planes <= 3; planes++) {
                for (int rows : new int[] {1, 8}) {
                    byte[] index = new byte[rows * planes * groups];
                    rnd.nextBytes(index);
                    int seed = rnd.nextInt(1 << 16);
                    AvrLevelTables kernel = new AvrLevelTables(groups, planes);
                    calls.add(new KernelRunner.Call(kernel, List.of(flash("w", index)), fill(seed, groups) + "rows = "
                            + rows + ";\n" + kernel.name() + "(w#, rows, out);\n" + KernelRunner.PRINT_WORDS,
                            sums(groups, planes, rows, seed, index, groups * planes)));
                }
            }
        }
        KernelRunner.run(dir, "levels", AvrLevelTables.table(AvrLevelTables.pages(21)) + KernelRunner.FILL, calls);
    }

    @Test
    void comparedSumsCountTheirThresholds() throws Exception {
        Random rnd = new Random(26);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int groups : new int[] {3, 17}) {
            for (int shift = 0; shift <= 3; shift++) {
                for (int levels : new int[] {2, 4}) {
                    int planes = 1 + rnd.nextInt(3), rows = 8, stride = groups * planes + 2 * (levels - 1);
                    byte[] w = new byte[rows * stride];
                    rnd.nextBytes(w);
                    int k = rnd.nextInt(1 << 16), seed = rnd.nextInt(1 << 16);
                    List<Long> sums = sums(groups, planes, rows, seed, w, stride), want = new ArrayList<>();
                    for (int f = 0; f < rows; f++) {
                        long u = ((sums.get(f) << shift) + k) & 0xffff, l = 0;
                        for (int i = 0; i < levels - 1; i++) {
                            int at = f * stride + groups * planes + 2 * i;
                            l += u >= ((w[at] & 0xff) | (w[at + 1] & 0xff) << 8) ? 1 : 0;
                        }
                        want.add(l);
                    }
                    AvrKernel kernel = new AvrLevelTables.Compared(groups, planes, shift, levels);
                    calls.add(new KernelRunner.Call(kernel, List.of(flash("w", w)), fill(seed, groups) + "rows = "
                            + rows + ";\nk = " + k + "u;\n" + kernel.name() + "(w#, rows, k, out);\n"
                            + KernelRunner.PRINT_BYTES, want));
                }
            }
        }
        KernelRunner.run(dir, "compared", AvrLevelTables.table(AvrLevelTables.pages(17)) + KernelRunner.FILL, calls);
    }
}
