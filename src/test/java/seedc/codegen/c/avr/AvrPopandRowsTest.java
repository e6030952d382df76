package seedc.codegen.c.avr;

import static seedc.codegen.c.avr.KernelRunner.Input.flash;
import static seedc.codegen.c.avr.KernelRunner.Input.ram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AVR's kernel of one plane against many weight rows (AvrPopandRows), for every plane length it has (1 to 8
 * bytes: the four-byte chunks whole and partial) and 1, 5 and 64 rows from a random row offset, on random bytes:
 * every count equals popcount(Q AND R_f) computed here, bit by bit. The kernel that compares each count itself
 * (AvrPopandRows.Compared) likewise packs, for every length, shift and 8 or 64 rows, the bits u >= theta_f of
 * u = (count << shift) + k modulo 256 computed here; the wide one (AvrPopandRows.ComparedWide) the bits of u in 16
 * bits, for planes of up to 31 bytes (KernelRunner: simavr and x86).
 */
class AvrPopandRowsTest {
    @TempDir
    Path dir;

    /** popcount(Q AND R) of the nb bytes of q and of w from {@code from}, bit by bit. */
    private static long count(byte[] q, byte[] w, int from, int nb) {
        long n = 0;
        for (int b = 0; b < nb; b++) {
            for (int bit = 0; bit < 8; bit++) {
                n += q[b] >> bit & w[from + b] >> bit & 1;
            }
        }
        return n;
    }

    @Test
    void everyLengthCountsEveryRow() throws Exception {
        Random rnd = new Random(16);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int nb = 1; nb <= 8; nb++) {
            for (int rows : new int[] {1, 5, 64}) {
                byte[] q = KernelRunner.randomBytes(rnd, nb), w = KernelRunner.randomBytes(rnd, (2 + rows) * nb);
                List<Long> counts = new ArrayList<>();
                for (int f = 0; f < rows; f++) {
                    counts.add(count(q, w, (2 + f) * nb, nb));
                }
                AvrPopandRows kernel = new AvrPopandRows(nb);
                calls.add(new KernelRunner.Call(kernel, List.of(ram("q", q), flash("w", w)), "at = " + 2 * nb
                        + ";\nrows = " + rows + ";\n" + kernel.name() + "(q#, w#, at, rows, out);\n"
                        + KernelRunner.PRINT_BYTES, counts));
            }
        }
        KernelRunner.run(dir, "rows", "", calls);
    }

    /**
     * A call of a comparing kernel: rows of nb weight bytes and a threshold of {@code bytes} bytes each
     * (little-endian), the count's shift and offset k; u = (count << shift) + k modulo 2^(8 bytes); the bits u >=
     * theta_f packed eight rows a byte, as computed here.
     */
    private static KernelRunner.Call compared(AvrKernel kernel, int nb, int shift, int rows, int k, byte[] q, byte[] w,
                                              int bytes) {
        List<Long> out = new ArrayList<>();
        long bits = 0;
        int stride = nb + bytes;
        for (int f = 0; f < rows; f++) {
            long u = ((count(q, w, f * stride, nb) << shift) + k) & ((1L << 8 * bytes) - 1), theta = 0;
            for (int b = 0; b < bytes; b++) {
                theta |= (long) (w[f * stride + nb + b] & 0xff) << 8 * b;
            }
            bits |= (u >= theta ? 1L : 0L) << (f % 8);
            if (f % 8 == 7) {
                out.add(bits);
                bits = 0;
            }
        }
        return new KernelRunner.Call(kernel, List.of(ram("q", q), flash("w", w)), "rows = " + rows + ";\nk = " + k
                + ";\n" + kernel.name() + "(q#, w#, rows, k, out);\n"
                + "for (uint8_t b = 0; b < rows / 8; b++) put(out[b]);", out);
    }

    @Test
    void comparedCountsArePackedBits() throws Exception {
        Random rnd = new Random(17);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int nb = 1; nb <= 8; nb++) {
            for (int shift = 0; shift <= 3; shift++) {
                for (int rows : new int[] {8, 64}) {
                    byte[] q = KernelRunner.randomBytes(rnd, nb), w = KernelRunner.randomBytes(rnd, rows * (nb + 1));
                    calls.add(compared(new AvrPopandRows.Compared(nb, shift), nb, shift, rows, rnd.nextInt(256), q, w,
                            1));
                }
            }
        }
        KernelRunner.run(dir, "compared", "", calls);
    }

    /**
     * The wide comparing kernel (the plane from RAM, u and the thresholds in 16 bits) for planes of 1 to 31 bytes,
     * shifts 0-3, 8 and 24 rows; thresholds near u's values (so that both outcomes occur) and random ones.
     */
    @Test
    void wideComparedCountsArePackedBits() throws Exception {
        Random rnd = new Random(18);
        List<KernelRunner.Call> calls = new ArrayList<>();
        for (int nb : new int[] {1, 4, 5, 9, 18, 31}) {
            for (int shift = 0; shift <= 3; shift++) {
                for (int rows : new int[] {8, 24}) {
                    byte[] q = KernelRunner.randomBytes(rnd, nb), w = KernelRunner.randomBytes(rnd, rows * (nb + 2));
                    int k = rnd.nextInt(65536);
                    for (int f = 0; f < rows; f += 2) { // near u: a count around half the plane's bits
                        int theta = (k + (rnd.nextInt(8 * nb + 1) << shift)) & 0xffff;
                        w[f * (nb + 2) + nb] = (byte) theta;
                        w[f * (nb + 2) + nb + 1] = (byte) (theta >> 8);
                    }
                    calls.add(compared(new AvrPopandRows.ComparedWide(nb, shift), nb, shift, rows, k, q, w, 2));
                }
            }
        }
        KernelRunner.run(dir, "wide", "", calls);
    }
}
