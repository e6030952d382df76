package seedc.codegen.c.avr;

import static seedc.codegen.c.avr.KernelRunner.Input.flash;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's kernel looking up every weight vector of a subset-sum table in one call (AvrSubsetRows), for 1, 3, 8, 9
 * and 17 groups (within a page of 8 groups' 16-bit entries, a page exactly, and across pages), 1 to 3 planes and 1 or
 * 16 rows, on a random table at an odd-page address and random even index bytes: every row's out equals sum_j 2^j
 * (plane j's entries) modulo 2^16 computed here (KernelRunner: simavr and x86).
 */
class AvrSubsetRowsTest {
    @TempDir
    Path dir;

    /** Each row's sum_j 2^j (plane j's 16-bit entries of the table filled from seed) modulo 2^16. */
    private static List<Long> sums(int groups, int planes, int rows, int seed, byte[] index) {
        int[] table = KernelRunner.pseudoRandomBytes(seed, 256 * ((groups + 7) / 8));
        List<Long> out = new ArrayList<>();
        for (int f = 0; f < rows; f++) {
            long s = 0;
            for (int j = 0; j < planes; j++) {
                long c = 0;
                for (int g = 0; g < groups; g++) {
                    int at = g / 8 * 256 + (index[(f * planes + j) * groups + g] & 0xff);
                    c += table[at] | table[at + 1] << 8;
                }
                s += (c & 0xffff) << j;
            }
            out.add(s & 0xffff);
        }
        return out;
    }

    @Test
    void everyGroupCountPlanesAndRows() throws Exception {
        Random rnd = new Random(27);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int groups : new int[] {1, 3, 8, 9, 17}) {
            for (int planes = 1; planes <= 3; planes++) {
                for (int rows : new int[] {1, 16}) {
                    byte[] index = new byte[rows * planes * groups];
                    for (int i = 0; i < index.length; i++) {
                        index[i] = (byte) (2 * rnd.nextInt(128)); // an entry's offset: even
                    }
                    int seed = rnd.nextInt(1 << 16);
                    AvrSubsetRows kernel = new AvrSubsetRows(groups, planes);
                    calls.add(new KernelRunner.Call(kernel, List.of(flash("w", index)), "fill(space + 2, " + seed
                            + "u, " + 256 * ((groups + 7) / 8) + ");\nrows = " + rows + ";\n" + kernel.name()
                            + "(space + 2, w#, rows, out);\n" + KernelRunner.PRINT_WORDS,
                            sums(groups, planes, rows, seed, index)));
                }
            }
        }
        // 3 pages and 2 bytes: the table starts 2 bytes in, so that no page of it is 256-aligned
        KernelRunner.run(dir, "subsets", "static uint8_t space[3 * 256 + 2];\n" + KernelRunner.FILL, calls);
    }
}
