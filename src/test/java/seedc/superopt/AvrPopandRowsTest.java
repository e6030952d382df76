package seedc.superopt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.avr.AvrPopandRows;

/**
 * The AVR's kernel of one plane against many weight rows (AvrPopandRows), for every plane length it has (1 to 8
 * bytes: the four-byte chunks whole and partial) and 1, 5 and 64 rows from a random row offset, on random bytes:
 * under simavr, and its C for other compilers on x86 (gcc, sanitizers), every count equals popcount(Q AND R_f)
 * computed here, bit by bit. The kernel that compares each count itself (AvrPopandRows.compared) likewise packs,
 * for every length, shift and 8 or 64 rows, the bits u >= theta_f of u = (count << shift) + k modulo 256 computed
 * here; the wide one (AvrPopandRows.comparedWide) the bits of u in 16 bits, for planes of up to 31 bytes.
 */
class AvrPopandRowsTest {
    private static final int[] ROWS = {1, 5, 64};

    @TempDir
    Path dir;

    /** One call: plane q of nb bytes, the weights of 2 + rows rows, read from row 2 on. */
    private record Case(int nb, int rows, byte[] q, byte[] w) {
        List<Long> expected() {
            List<Long> counts = new ArrayList<>();
            for (int f = 0; f < rows; f++) {
                long s = 0;
                for (int b = 0; b < nb; b++) {
                    s += Integer.bitCount(q[b] & w[(2 + f) * nb + b] & 0xff);
                }
                counts.add(s);
            }
            return counts;
        }
    }

    @Test
    void everyLengthCountsEveryRow() throws Exception {
        Random rnd = new Random(16);
        List<Case> cases = new ArrayList<>();
        for (int nb = 1; nb <= 8; nb++) {
            for (int rows : ROWS) {
                byte[] q = new byte[nb], w = new byte[(2 + rows) * nb];
                rnd.nextBytes(q);
                rnd.nextBytes(w);
                cases.add(new Case(nb, rows, q, w));
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "rows", avr -> firmware(cases, avr), want);
    }

    /**
     * A call of a comparing kernel: rows of nb weight bytes and a threshold of {@code bytes} bytes each
     * (little-endian), the count's shift and offset k; u = (count << shift) + k modulo 2^(8 bytes).
     */
    private record Compared(int nb, int shift, int rows, int k, byte[] q, byte[] w, int bytes) {
        List<Long> expected() {
            List<Long> out = new ArrayList<>();
            long bits = 0;
            int stride = nb + bytes;
            for (int f = 0; f < rows; f++) {
                long n = 0;
                for (int b = 0; b < nb; b++) {
                    n += Integer.bitCount(q[b] & w[f * stride + b] & 0xff);
                }
                long u = ((n << shift) + k) & ((1L << 8 * bytes) - 1), theta = 0;
                for (int b = 0; b < bytes; b++) {
                    theta |= (long) (w[f * stride + nb + b] & 0xff) << 8 * b;
                }
                bits |= (u >= theta ? 1L : 0L) << (f % 8);
                if (f % 8 == 7) {
                    out.add(bits);
                    bits = 0;
                }
            }
            return out;
        }

        String kernel() {
            return bytes == 1 ? AvrPopandRows.comparedName(nb, shift) : AvrPopandRows.comparedWideName(nb, shift);
        }
    }

    @Test
    void comparedCountsArePackedBits() throws Exception {
        Random rnd = new Random(17);
        List<Compared> cases = new ArrayList<>();
        for (int nb = 1; nb <= 8; nb++) {
            for (int shift = 0; shift <= 3; shift++) {
                for (int rows : new int[] {8, 64}) {
                    byte[] q = new byte[nb], w = new byte[rows * (nb + 1)];
                    rnd.nextBytes(q);
                    rnd.nextBytes(w);
                    cases.add(new Compared(nb, shift, rows, rnd.nextInt(256), q, w, 1));
                }
            }
        }
        StringBuilder kernels = new StringBuilder();
        for (int nb = 1; nb <= 8; nb++) {
            for (int shift = 0; shift <= 3; shift++) {
                kernels.append(AvrPopandRows.compared(nb, shift));
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "compared", avr -> comparing(kernels, cases, avr), want);
    }

    /**
     * The wide comparing kernel (AvrPopandRows.comparedWide: the plane from RAM, u and the thresholds in 16 bits) for
     * planes of 1 to 31 bytes, shifts 0-3, 8 and 24 rows; thresholds near u's values (so that both outcomes occur) and
     * random ones.
     */
    @Test
    void wideComparedCountsArePackedBits() throws Exception {
        Random rnd = new Random(18);
        List<Compared> cases = new ArrayList<>();
        StringBuilder kernels = new StringBuilder();
        for (int nb : new int[] {1, 4, 5, 9, 18, 31}) {
            for (int shift = 0; shift <= 3; shift++) {
                kernels.append(AvrPopandRows.comparedWide(nb, shift));
                for (int rows : new int[] {8, 24}) {
                    byte[] q = new byte[nb], w = new byte[rows * (nb + 2)];
                    rnd.nextBytes(q);
                    rnd.nextBytes(w);
                    int k = rnd.nextInt(65536);
                    for (int f = 0; f < rows; f += 2) { // near u: a count around half the plane's bits
                        int theta = (k + (rnd.nextInt(8 * nb + 1) << shift)) & 0xffff;
                        w[f * (nb + 2) + nb] = (byte) theta;
                        w[f * (nb + 2) + nb + 1] = (byte) (theta >> 8);
                    }
                    cases.add(new Compared(nb, shift, rows, k, q, w, 2));
                }
            }
        }
        List<Long> want = cases.stream().flatMap(c -> c.expected().stream()).toList();
        KernelOnBoth.assertPrints(dir, "wide", avr -> comparing(kernels, cases, avr), want);
    }

    /** A program with the kernels' C calling each comparing case and printing its packed bytes. */
    private static String comparing(CharSequence kernels, List<Compared> cases, boolean avr)
            throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr)).append(kernels);
        for (int i = 0; i < cases.size(); i++) {
            arrays(c, i, cases.get(i).q(), cases.get(i).w());
        }
        c.append("static uint8_t out[8];\nint main(void) {\n    volatile uint8_t rows;\n    volatile uint16_t k;\n")
                .append(avr ? "    seedc_uart_init();\n" : "");
        for (int i = 0; i < cases.size(); i++) {
            Compared t = cases.get(i);
            c.append("    rows = ").append(t.rows()).append(";\n    k = ").append(t.k()).append(";\n    ")
                    .append(t.kernel()).append("(q").append(i).append(", w").append(i)
                    .append(", rows, k, out);\n    for (uint8_t b = 0; b < rows / 8; b++) put(out[b]);\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }

    /** Case i's plane q{i} in RAM and weights w{i} in flash. */
    private static void arrays(StringBuilder c, int i, byte[] q, byte[] w) {
        c.append("static uint8_t q").append(i).append("[] = ").append(KernelBench.init(q)).append(";\n");
        c.append("static const uint8_t w").append(i).append("[] PROGMEM = ").append(KernelBench.init(w)).append(";\n");
    }

    /** A program calling each case's kernel and printing its counts: for the Uno (simavr's UART), or a host's stdout. */
    private static String firmware(List<Case> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder(KernelOnBoth.prelude(avr));
        for (int nb = 1; nb <= 8; nb++) {
            c.append(AvrPopandRows.source(nb));
        }
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            arrays(c, k, t.q(), t.w());
        }
        c.append("static uint8_t out[64];\nint main(void) {\n    volatile sd_idx at;\n    volatile uint8_t rows;\n")
                .append(avr ? "    seedc_uart_init();\n" : "");
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            c.append("    at = ").append(2 * t.nb()).append(";\n    rows = ").append(t.rows()).append(";\n    ")
                    .append(AvrPopandRows.name(t.nb())).append("(q").append(k).append(", w").append(k)
                    .append(", at, rows, out);\n    for (uint8_t f = 0; f < rows; f++) put(out[f]);\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }
}
