package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The runtime's whole 1 x k times k x m products (avr_dot_kernels.h): sd_dotrowAxW_O, a-bit activations by w-bit
 * weights into O bits, out[j] = wrap_O(trunc(sum_q a[q] w[j k + q] / 2^s)); and sd_dotrowAxW_Oshl, out[j] = wrap_O(sum
 * 2^s). On the host, the portable C against the exact sum in 64 bits and C's division (rounding toward zero) or shift,
 * on extreme, mixed and random operands at k 2-9, 31, 32, 64 and 255 and every s each function takes (right: 1-16 into
 * 16 bits, 1-24 into 8; left: 0-15 and 0-7); under simavr, the AVR's asm (w in flash) against the same computed here
 * in Java, at k 2, 3, 8 (unrolled), 9, 10, 32, 64 and 255 (the loop after 1, 2, 0 and 3 terms) and at k 3 and 32 each branch's shifts
 * (the result's bytes from the sum's low, middle or high ones; left by less than 8 or more), m outputs (255 where the
 * weights allow) and then 1 (the count's edge), a guard element after them left alone, over rounds of extreme, mixed
 * and random activations (activations8: the 8x8 rows' 24-bit sums at their extremes). The device reports an FNV-1a
 * hash of each configuration's outputs (as AvrElementwiseRowsTest),
 * which Java computes from its own.
 */
class AvrDotRowTest {
    /** The weights' entries: a row of k for each of the m + 1 outputs. */
    static final int WEIGHTS = 1024;
    static final int MAX_TERMS = 255;
    static final int ROUNDS = 4;
    static final int GUARD = 0x5a;
    static final int[] HOST_TERMS = {2, 3, 4, 5, 6, 7, 8, 9, 31, 32, 64, 255};
    static final int[] DEVICE_TERMS = {2, 3, 8, 9, 10, 32, 64, 255};

    /** One row function: its activations', weights' and result's bits, and whether it shifts left. */
    record RowFn(int aBits, int wBits, int outBits, boolean shl) {
        String name() {
            return "sd_dotrow" + aBits + "x" + wBits + "_" + outBits + (shl ? "shl" : "");
        }

        /** The shifts it takes: right 1 .. 32 - outBits, left 0 .. outBits - 1. */
        int[] shifts() {
            return shl ? IntStream.range(0, outBits).toArray() : IntStream.rangeClosed(1, 32 - outBits).toArray();
        }

        String a() {
            return aBits == 16 ? "a16" : "a8";
        }

        String w() {
            return wBits == 16 ? "w16" : "w8";
        }

        String out() {
            return "int" + outBits + "_t";
        }

        /** Each output's value: the exact sum shifted (Java's division rounds toward zero) and wrapped. */
        int expected(long sum, int s) {
            long v = shl ? sum << s : sum / (1L << s);
            return outBits == 16 ? (short) v : (byte) v;
        }
    }

    static final List<RowFn> INTO_16 = List.of(new RowFn(8, 16, 16, false), new RowFn(16, 8, 16, false),
            new RowFn(8, 8, 16, false));
    static final List<RowFn> INTO_8 = List.of(new RowFn(8, 16, 8, false), new RowFn(16, 8, 8, false),
            new RowFn(8, 8, 8, false));
    static final List<RowFn> SHL = List.of(new RowFn(8, 16, 16, true), new RowFn(16, 8, 16, true),
            new RowFn(8, 8, 16, true), new RowFn(8, 16, 8, true), new RowFn(16, 8, 8, true), new RowFn(8, 8, 8, true));

    /** The portable C (k and s arguments at run time on the host: one call site a function) over every k and s. */
    @Test
    void portableRowsEqualTheExactSumOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        StringBuilder c = new StringBuilder(RuntimeHeader.text()).append("\n#include <stdio.h>\n").append(arrays(false))
                .append("static int16_t out16[256];\nstatic int8_t out8[256];\nstatic const int ks[] = {")
                .append(String.join(", ", IntStream.of(HOST_TERMS).mapToObj(String::valueOf).toList())).append("};\n")
                .append("int main(void) {\n    long checked = 0, wrong = 0;\n")
                .append("    for (int r = 0; r < ").append(ROUNDS).append("; r++) for (int i = 0; i < ")
                .append(HOST_TERMS.length).append("; i++) {\n        int k = ks[i], m = ").append(WEIGHTS)
                .append(" / k - 1 < 255 ? ").append(WEIGHTS).append(" / k - 1 : 255;\n");
        long checked = 0;
        List<RowFn> all = new ArrayList<>(INTO_16);
        all.addAll(INTO_8);
        all.addAll(SHL);
        for (RowFn f : all) {
            int[] s = f.shifts();
            String out = "out" + f.outBits, shifted = f.shl ? "(int64_t)((uint64_t)sum << s)" : "sum / ((int64_t)1 << s)";
            c.append("        for (int s = ").append(s[0]).append("; s <= ").append(s[s.length - 1]).append("; s++) {\n")
                    .append("        ").append(f.name()).append("(").append(out).append(", ").append(f.a())
                    .append(" + r * ").append(MAX_TERMS).append(", ").append(f.w()).append(", (uint8_t)m, k, s);\n")
                    .append("        for (int j = 0; j < m; j++) {\n            int64_t sum = 0;\n")
                    .append("            for (int q = 0; q < k; q++) sum += (int64_t)").append(f.a()).append("[r * ")
                    .append(MAX_TERMS).append(" + q] * ").append(f.w()).append("[j * k + q];\n")
                    .append("            ").append(f.out()).append(" want = (").append(f.out()).append(")(").append(shifted)
                    .append(");\n            checked++;\n            if (").append(out).append("[j] != want && wrong++ < 3) ")
                    .append("printf(\"").append(f.name()).append(" k %d s %d j %d: %d, not %d\\n\", k, s, j, ")
                    .append(out).append("[j], want);\n        }\n        }\n");
            for (int k : HOST_TERMS) {
                checked += (long) ROUNDS * s.length * outputs(k);
            }
        }
        c.append("    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n");
        assertEquals(checked + " 0", AvrShiftedProductsTest.compileAndRun(dir, c.toString()));
    }

    /**
     * Into 16 bits: at k 3 and 32 every branch's edges (8x16) or one s in each branch and 8 and 9 (8x8: 9 is the
     * first that reads the three-byte sum's sign from r25), s 5 and 13 at the other k.
     */
    @Test
    void avrRowsInto16BitsEqualTheSemantics(@TempDir Path dir) throws IOException {
        assertDeviceRows(dir, INTO_16, (f, k) -> k != 3 && k != 32 ? new int[] {5, 13}
                : f.wBits == 16 ? new int[] {1, 4, 5, 7, 8, 9, 12, 13, 16} : new int[] {1, 5, 8, 9, 13});
    }

    /**
     * Into 8 bits: the same branches and two past them (s 17-20, 21-24: the sum's high bytes; 8x8 also 16 and 17, where
     * the three-byte sum's sign in r25 first reaches the result), s 7 and 18 elsewhere.
     */
    @Test
    void avrRowsInto8BitsEqualTheSemantics(@TempDir Path dir) throws IOException {
        assertDeviceRows(dir, INTO_8, (f, k) -> k != 3 && k != 32 ? new int[] {7, 18}
                : f.wBits == 16 ? new int[] {1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 23, 24}
                : new int[] {1, 5, 8, 9, 13, 16, 17, 21});
    }

    /** Shifted left: 0, 1, 7 and, into 16 bits, 8, 9, 15 (the low byte moved up) at k 3 and 32; 0 and 3 elsewhere. */
    @Test
    void avrShlRowsEqualTheSemantics(@TempDir Path dir) throws IOException {
        assertDeviceRows(dir, SHL, (f, k) -> k != 3 && k != 32 ? new int[] {0, 3}
                : f.outBits == 8 ? new int[] {0, 1, 7} : new int[] {0, 1, 7, 8, 9, 15});
    }

    /** The shifts a device run takes for a function at k terms. */
    interface Shifts {
        int[] of(RowFn f, int k);
    }

    /**
     * Each configuration's row is one noinline function (its asm once in flash: two calls, m outputs then 1), its
     * hash against Java's; a firmware for each function (all of them do not fit the Uno's flash).
     */
    private static void assertDeviceRows(Path dir, List<RowFn> fns, Shifts shifts) throws IOException {
        for (RowFn f : fns) {
            assertDeviceRows(dir, f, shifts);
        }
    }

    private static void assertDeviceRows(Path dir, RowFn f, Shifts shifts) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithPut().append(AvrElementwiseRowsTest.HASH).append(arrays(true))
                .append("static __attribute__((unused)) int16_t out16[257];\nstatic __attribute__((unused)) int8_t out8[257];\n")
                .append("static int8_t ra8[").append(MAX_TERMS)
                .append("];\nstatic int16_t ra16[").append(MAX_TERMS).append("];\n");
        StringBuilder main = new StringBuilder("\nint main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        int row = 0;
        for (int k : DEVICE_TERMS) {
            for (int s : shifts.of(f, k)) {
                int m = outputs(k);
                String fn = "row" + row++, ta = "int" + f.aBits + "_t", tw = "int" + f.wBits + "_t";
                String a = "r" + f.a(), out = "out" + f.outBits;
                c.append("static __attribute__((noinline)) void ").append(fn).append("(").append(f.out())
                        .append(" *o, const ").append(ta).append(" *a, const ").append(tw).append(" *w, uint8_t m) { ")
                        .append(f.name()).append("(o, a, w, m, ").append(k).append(", ").append(s).append("); }\n");
                main.append("    h = 0;\n    for (uint8_t r = 0; r < ").append(ROUNDS).append("; r++) {\n")
                        .append("        for (uint8_t q = 0; q < ").append(MAX_TERMS).append("; q++) { ra8[q] = SD_R8(a8, r * ")
                        .append(MAX_TERMS).append(" + q); ra16[q] = SD_R16(a16, r * ").append(MAX_TERMS).append(" + q); }\n")
                        .append("        ").append(out).append("[").append(m + 1).append("] = ").append(GUARD).append(";\n")
                        .append("        ").append(fn).append("(").append(out).append(", ").append(a).append(", ")
                        .append(f.w()).append(", ").append(m).append(");\n        ").append(fn).append("(").append(out)
                        .append(" + ").append(m).append(", ").append(a).append(", ").append(f.w()).append(" + ")
                        .append(m * k).append(", 1);\n        for (uint16_t j = 0; j <= ").append(m + 1)
                        .append("; j++) { mix((uint8_t)").append(out).append("[j]);")
                        .append(f.outBits == 16 ? " mix((uint8_t)(out16[j] >> 8));" : "").append(" }\n    }\n    put(h);\n");
                want.add(javaHash(f, k, s, m));
            }
        }
        c.append(main).append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, f.name(), c, 3_000_000_000L), f.name());
    }

    /** The outputs a row of k takes from the weights: 255, or fewer where WEIGHTS holds fewer rows (and one more). */
    private static int outputs(int k) {
        return Math.min(255, WEIGHTS / k - 1);
    }

    private static long javaHash(RowFn f, int k, int s, int m) {
        int[] a = f.aBits == 16 ? activations16() : activations8();
        int[] w = f.wBits == 16 ? weights16() : weights8();
        int h = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j <= m + 1; j++) {
                int v = GUARD;
                if (j <= m) {
                    long sum = 0;
                    for (int q = 0; q < k; q++) {
                        sum += (long) a[r * MAX_TERMS + q] * w[j * k + q];
                    }
                    v = f.expected(sum, s);
                }
                h = AvrElementwiseRowsTest.mix(h, v & 0xff);
                if (f.outBits == 16) {
                    h = AvrElementwiseRowsTest.mix(h, (v >> 8) & 0xff);
                }
            }
        }
        return h & 0xFFFFFFFFL;
    }

    /** The operands as C arrays: the weights in flash on the AVR ({@code flash}), a8 and a16 ROUNDS rows of 255. */
    private static String arrays(boolean flash) {
        String progmem = flash ? " PROGMEM" : "";
        return "static const int8_t a8[]" + progmem + " = " + init(activations8()) + ";\nstatic const int16_t a16[]"
                + progmem + " = " + init(activations16()) + ";\nstatic const int16_t w16[]" + progmem + " = "
                + init(weights16()) + ";\nstatic const int8_t w8[]" + progmem + " = " + init(weights8()) + ";\n";
    }

    /**
     * Round 0 all -128 (beside the first weights, all the minimum, the largest sums: 8x8 at k 255, 255 * 2^14 =
     * 4,177,920, the 24-bit sum's extreme), round 1 all 127 (the most negative: -4,145,280), round 2 random, round 3
     * the minimum for the first 128 terms and the maximum after (there the sum rises, then falls through 0: at k 255
     * 128 * 16,384 - 127 * 16,256 = 32,640, carries and borrows across every byte of the sum).
     */
    private static int[] activations8() {
        return rounds(-128, 127, 8, 81);
    }

    private static int[] activations16() {
        return rounds(-32768, 32767, 16, 82);
    }

    private static int[] rounds(int min, int max, int bits, long seed) {
        int[] v = values(ROUNDS * MAX_TERMS, new int[0], bits, seed);
        for (int q = 0; q < MAX_TERMS; q++) {
            v[q] = min;
            v[MAX_TERMS + q] = max;
            v[3 * MAX_TERMS + q] = q < 128 ? min : max;
        }
        return v;
    }

    /**
     * The weights: the first 255 all the minimum (each row's sum at its largest), a few edges, then random. The 16-bit
     * weights' second 255 are -1 (0xffff): beside activations of -128 and 127 the 8x16 rows' sum of low
     * partial products (low byte 255, unsigned) at its extremes, 255 * -128 * 255 = -8,323,200 and 8,258,175, near
     * 2^23, where the sum of the high partials is small (SD_DOTROW_MAC16's three-byte sums).
     */
    private static int[] weights16() {
        return edged(IntStream.range(0, 2 * MAX_TERMS).map(i -> i < MAX_TERMS ? -32768 : -1).toArray(),
                new int[] {32767, 0, 1, -1, 255, 256, -256, -257, 128}, 16, 83);
    }

    private static int[] weights8() {
        return edged(IntStream.range(0, MAX_TERMS).map(i -> -128).toArray(),
                new int[] {127, 0, 1, -1, 64, -64, 2, -2, 100}, 8, 84);
    }

    /** The leading entries, then the edges and random values. */
    private static int[] edged(int[] leading, int[] edges, int bits, long seed) {
        int[] v = values(WEIGHTS, edges, bits, seed);
        int[] out = new int[WEIGHTS];
        for (int i = 0; i < WEIGHTS; i++) {
            out[i] = i < leading.length ? leading[i] : v[i - leading.length];
        }
        return out;
    }

    private static int[] values(int n, int[] first, int bits, long seed) {
        Random r = new Random(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < first.length ? first[i] : r.nextInt(1 << bits) - (1 << (bits - 1));
        }
        return v;
    }

    private static String init(int[] v) {
        return AvrRuntimeProductsTest.init(java.util.Arrays.stream(v).asLongStream().toArray());
    }
}
