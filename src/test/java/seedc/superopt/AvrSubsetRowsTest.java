package seedc.superopt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.avr.AvrSubsetRows;

/**
 * The AVR's kernel looking up every weight vector of a subset-sum table in one call (AvrSubsetRows), for 1, 3, 8, 9
 * and 17 groups (within a page of 8 groups' 16-bit entries, a page exactly, and across pages), 1 to 3 planes and 1 or
 * 16 rows, on a random table at an odd-page address and random even index bytes: under simavr and its C on x86 (gcc,
 * sanitizers), every row's out equals sum_j 2^j (plane j's entries) modulo 2^16 computed here.
 */
class AvrSubsetRowsTest {
    private static final int[] GROUPS = {1, 3, 8, 9, 17};

    @TempDir
    Path dir;

    /** One call: the index bytes of its rows (row, plane, group) into a table of 16-bit entries from seed. */
    private record Case(int groups, int planes, int rows, int seed, byte[] index) {
        List<Long> expected() {
            int[] table = KernelOnBoth.pseudoRandomBytes(seed, 256 * ((groups + 7) / 8));
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
    }

    @Test
    void everyGroupCountPlanesAndRows() throws Exception {
        Random rnd = new Random(27);
        List<Case> cases = new ArrayList<>();
        for (int groups : GROUPS) {
            for (int planes = 1; planes <= 3; planes++) {
                for (int rows : new int[] {1, 16}) {
                    byte[] index = new byte[rows * planes * groups];
                    for (int i = 0; i < index.length; i++) {
                        index[i] = (byte) (2 * rnd.nextInt(128)); // an entry's offset: even
                    }
                    cases.add(new Case(groups, planes, rows, rnd.nextInt(1 << 16), index));
                }
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "subsets", avr -> program(cases, avr), want);
    }

    /** A program filling the table (at an odd page offset) for each case, calling its kernel, printing each row. */
    private static String program(List<Case> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        for (int groups : GROUPS) {
            for (int planes = 1; planes <= 3; planes++) {
                c.append(AvrSubsetRows.source(groups, planes));
            }
        }
        for (int i = 0; i < cases.size(); i++) {
            c.append("static const uint8_t w").append(i).append("[] PROGMEM = ")
                    .append(KernelBench.init(cases.get(i).index())).append(";\n");
        }
        // 3 pages and 2 bytes: the table starts 2 bytes in, so that no page of it is 256-aligned
        c.append("static uint8_t space[3 * 256 + 2];\nstatic uint8_t out[32];\n");
        c.append(KernelOnBoth.FILL);
        c.append("int main(void) {\n    volatile uint8_t rows;\n    uint8_t *t = space + 2;\n")
                .append(avr ? "    seedc_uart_init();\n" : "");
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            c.append("    fill(t, ").append(k.seed()).append("u, ").append(256 * ((k.groups() + 7) / 8))
                    .append(");\n    rows = ").append(k.rows()).append(";\n    ")
                    .append(AvrSubsetRows.name(k.groups(), k.planes())).append("(t, w").append(i)
                    .append(", rows, out);\n    for (uint8_t f = 0; f < rows; f++) put((uint16_t)(out[2 * f] | out[2 * f"
                            + " + 1] << 8));\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }
}
