package seedc.superopt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.avr.AvrLevelTables;

/**
 * The AVR's level-tables kernel (AvrLevelTables) for 1, 5, 16, 17 and 21 groups (one page, a page and a group, the
 * most a plane's 8-bit sum of 2-bit level numbers allows), 1 to 3 weight planes and 1 or 8 rows, on random tables and
 * random index bytes (any entry, any offset of the group's page): under simavr and its C on x86 (gcc, sanitizers),
 * every row's out equals sum_j 2^j (plane j's entries summed modulo 256) computed here. The kernel that compares
 * each row's sum with its thresholds likewise gives, for shifts 0 to 3 and 2 or 4 levels, how many of the row's
 * random 16-bit thresholds u = (sum << shift) + k modulo 2^16 reaches.
 */
class AvrLevelTablesTest {
    private static final int[] GROUPS = {1, 5, 16, 17, 21};

    @TempDir
    Path dir;

    /** One call: its index bytes (rows, planes, groups) into the table filled from seed. */
    private record Case(int groups, int planes, int rows, int seed, byte[] index) {
        List<Long> expected() {
            int[] table = KernelOnBoth.pseudoRandomBytes(seed, 256 * AvrLevelTables.pages(groups));
            List<Long> out = new ArrayList<>();
            for (int f = 0; f < rows; f++) {
                long s = 0;
                for (int j = 0; j < planes; j++) {
                    int c = 0;
                    for (int g = 0; g < groups; g++) {
                        c = (c + table[g / 16 * 256 + (index[(f * planes + j) * groups + g] & 0xff)]) & 0xff;
                    }
                    s += (long) c << j;
                }
                out.add(s & 0xffff);
            }
            return out;
        }
    }

    /** A call of the comparing kernel: rows of index bytes, then levels - 1 thresholds (little-endian) each. */
    private record Compared(int groups, int planes, int shift, int levels, int rows, int k, int seed, byte[] w) {
        int stride() {
            return groups * planes + 2 * (levels - 1);
        }

        List<Long> expected() {
            byte[] index = new byte[rows * groups * planes];
            for (int f = 0; f < rows; f++) {
                System.arraycopy(w, f * stride(), index, f * groups * planes, groups * planes);
            }
            List<Long> sums = new Case(groups, planes, rows, seed, index).expected(), out = new ArrayList<>();
            for (int f = 0; f < rows; f++) {
                long u = ((sums.get(f) << shift) + k) & 0xffff, l = 0;
                for (int i = 0; i < levels - 1; i++) {
                    int at = f * stride() + groups * planes + 2 * i;
                    l += u >= ((w[at] & 0xff) | (w[at + 1] & 0xff) << 8) ? 1 : 0;
                }
                out.add(l);
            }
            return out;
        }
    }

    @Test
    void comparedSumsCountTheirThresholds() throws Exception {
        Random rnd = new Random(26);
        List<Compared> cases = new ArrayList<>();
        for (int groups : new int[] {3, 17}) {
            for (int shift = 0; shift <= 3; shift++) {
                for (int levels : new int[] {2, 4}) {
                    int planes = 1 + rnd.nextInt(3), rows = 8;
                    byte[] w = new byte[rows * (groups * planes + 2 * (levels - 1))];
                    rnd.nextBytes(w);
                    cases.add(new Compared(groups, planes, shift, levels, rows, rnd.nextInt(1 << 16),
                            rnd.nextInt(1 << 16), w));
                }
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "compared", avr -> comparing(cases, avr), want);
    }

    /** A program filling the table for each comparing case, calling its kernel and printing each row's level. */
    private static String comparing(List<Compared> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        c.append(AvrLevelTables.table(AvrLevelTables.pages(17)));
        java.util.Set<String> kernels = new java.util.LinkedHashSet<>();
        for (Compared t : cases) {
            kernels.add(AvrLevelTables.compared(t.groups(), t.planes(), t.shift(), t.levels()));
        }
        kernels.forEach(c::append);
        for (int i = 0; i < cases.size(); i++) {
            c.append("static const uint8_t w").append(i).append("[] PROGMEM = ")
                    .append(KernelBench.init(cases.get(i).w())).append(";\n");
        }
        c.append("static uint8_t out[8];\n").append(KernelOnBoth.FILL);
        c.append("int main(void) {\n    volatile uint8_t rows;\n    volatile uint16_t k;\n")
                .append(avr ? "    seedc_uart_init();\n" : "");
        for (int i = 0; i < cases.size(); i++) {
            Compared t = cases.get(i);
            c.append("    fill(sd_lt, ").append(t.seed()).append("u, ").append(256 * AvrLevelTables.pages(t.groups()))
                    .append(");\n    rows = ").append(t.rows()).append(";\n    k = ").append(t.k()).append("u;\n    ")
                    .append(AvrLevelTables.comparedName(t.groups(), t.planes(), t.shift(), t.levels())).append("(w")
                    .append(i).append(", rows, k, out);\n    for (uint8_t f = 0; f < rows; f++) put(out[f]);\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }

    @Test
    void everyGroupCountPlanesAndRows() throws Exception {
        Random rnd = new Random(25);
        List<Case> cases = new ArrayList<>();
        for (int groups : GROUPS) {
            for (int planes = 1; planes <= 3; planes++) {
                for (int rows : new int[] {1, 8}) {
                    byte[] index = new byte[rows * planes * groups];
                    rnd.nextBytes(index);
                    cases.add(new Case(groups, planes, rows, rnd.nextInt(1 << 16), index));
                }
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "levels", avr -> program(cases, avr), want);
    }

    /** A program filling the table for each case, calling its kernel and printing each row's sum. */
    private static String program(List<Case> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        c.append(AvrLevelTables.table(AvrLevelTables.pages(21)));
        for (int groups : GROUPS) {
            for (int planes = 1; planes <= 3; planes++) {
                c.append(AvrLevelTables.source(groups, planes));
            }
        }
        for (int i = 0; i < cases.size(); i++) {
            c.append("static const uint8_t w").append(i).append("[] PROGMEM = ")
                    .append(KernelBench.init(cases.get(i).index())).append(";\n");
        }
        c.append("static uint8_t out[16];\n").append(KernelOnBoth.FILL);
        c.append("int main(void) {\n    volatile uint8_t rows;\n").append(avr ? "    seedc_uart_init();\n" : "");
        for (int i = 0; i < cases.size(); i++) {
            Case t = cases.get(i);
            c.append("    fill(sd_lt, ").append(t.seed()).append("u, ").append(256 * AvrLevelTables.pages(t.groups()))
                    .append(");\n    rows = ").append(t.rows()).append(";\n    ")
                    .append(AvrLevelTables.name(t.groups(), t.planes())).append("(w").append(i)
                    .append(", rows, out);\n    for (uint8_t f = 0; f < rows; f++) put((uint16_t)(out[2 * f] | out[2 * f"
                            + " + 1] << 8));\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }
}
