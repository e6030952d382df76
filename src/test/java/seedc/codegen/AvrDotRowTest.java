package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The runtime's whole 1 x k times k x m products into 16 bits (avr_dot_kernels.h: sd_dotrow8x16_16, 8-bit a and
 * 16-bit w; sd_dotrow16x8_16, 16-bit a and 8-bit w; sd_dotrow8x8_16, both 8 bits): out[j] = (int16_t) trunc(sum_q a[q]
 * w[j k + q] / 2^s). On the host, the portable C against the exact sum in 64 bits and C's division (rounding toward
 * zero), on extreme and random operands at k 2-9, 31, 32, 64 and 255 and every s 1-16; under simavr, the AVR's asm
 * (w in flash) against the same computed here in Java, at k 2, 3, 8 (unrolled), 9, 32, 64 and 255 (the loop, odd and
 * even) and s 1, 4, 5, 7, 8, 9, 12, 13, 16 (each branch of the result's shifts), m outputs (255 where the weights
 * allow) and then 1 (the count's edge), a guard element after them left alone, over rounds of extreme and random
 * activations. The device reports an FNV-1a hash of each configuration's outputs (as AvrElementwiseRowsTest), which
 * Java computes from its own.
 */
class AvrDotRowTest {
    /** The weights' entries: a row of k for each of the m + 1 outputs. */
    static final int WEIGHTS = 1024;
    static final int MAX_TERMS = 255;
    static final int ROUNDS = 3;
    static final int GUARD = 0x5a;
    static final String[] FNS = {"sd_dotrow8x16_16", "sd_dotrow16x8_16", "sd_dotrow8x8_16"};

    /** The portable C (k and s arguments at run time on the host: one call site a function) over every k and s. */
    @Test
    void portableRowsEqualTheExactSumOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        StringBuilder c = new StringBuilder(RuntimeHeader.text()).append("\n#include <stdio.h>\n").append(arrays(false))
                .append("static int16_t out[256];\nstatic const int ks[] = {2, 3, 4, 5, 6, 7, 8, 9, 31, 32, 64, 255};\n")
                .append("int main(void) {\n    long checked = 0, wrong = 0;\n")
                .append("    for (int r = 0; r < ").append(ROUNDS).append("; r++) for (int i = 0; i < 12; i++)")
                .append(" for (int s = 1; s <= 16; s++) {\n        int k = ks[i], m = ").append(WEIGHTS)
                .append(" / k - 1 < 255 ? ").append(WEIGHTS).append(" / k - 1 : 255;\n");
        long checked = 0;
        for (int f = 0; f < FNS.length; f++) {
            c.append("        ").append(FNS[f]).append("(out, ").append(activations(f)).append(" + r * ").append(MAX_TERMS)
                    .append(", ").append(weights(f)).append(", (uint8_t)m, k, s);\n")
                    .append("        for (int j = 0; j < m; j++) {\n            int64_t sum = 0;\n")
                    .append("            for (int q = 0; q < k; q++) sum += (int64_t)").append(activations(f)).append("[r * ")
                    .append(MAX_TERMS).append(" + q] * ").append(weights(f)).append("[j * k + q];\n")
                    .append("            int16_t want = (int16_t)(sum / ((int64_t)1 << s));\n")
                    .append("            checked++;\n            if (out[j] != want && wrong++ < 3) printf(\"").append(FNS[f])
                    .append(" k %d s %d j %d: %d, not %d\\n\", k, s, j, out[j], want);\n        }\n");
            for (int k : new int[] {2, 3, 4, 5, 6, 7, 8, 9, 31, 32, 64, 255}) {
                checked += (long) ROUNDS * 16 * outputs(k);
            }
        }
        c.append("    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n");
        assertEquals(checked + " 0", AvrShiftedProductsTest.compileAndRun(dir, c.toString()));
    }

    /**
     * Each configuration's row is one noinline function (its asm once in flash: two calls, m outputs then 1): at k 3
     * and 32 every branch's edges (8x16) or one s in each branch, s 5 and 13 at the other k.
     */
    @Test
    void avrRowsEqualTheSemantics(@TempDir Path dir) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithPut().append(AvrElementwiseRowsTest.HASH).append(arrays(true))
                .append("static int16_t out[257];\nstatic int8_t ra8[").append(MAX_TERMS).append("];\nstatic int16_t ra16[")
                .append(MAX_TERMS).append("];\n");
        StringBuilder main = new StringBuilder("\nint main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        int row = 0;
        for (int f = 0; f < FNS.length; f++) {
            for (int k : new int[] {2, 3, 8, 9, 32, 64, 255}) {
                int[] shifts = k != 3 && k != 32 ? new int[] {5, 13}
                        : f == 0 ? new int[] {1, 4, 5, 7, 8, 9, 12, 13, 16} : new int[] {1, 5, 9, 13};
                for (int s : shifts) {
                    int m = outputs(k);
                    String fn = "row" + row++, ta = f == 1 ? "int16_t" : "int8_t", tw = f == 0 ? "int16_t" : "int8_t";
                    c.append("static __attribute__((noinline)) void ").append(fn).append("(int16_t *o, const ").append(ta)
                            .append(" *a, const ").append(tw).append(" *w, uint8_t m) { ").append(FNS[f])
                            .append("(o, a, w, m, ").append(k).append(", ").append(s).append("); }\n");
                    String a = f == 1 ? "ra16" : "ra8", w = weights(f);
                    main.append("    h = 0;\n    for (uint8_t r = 0; r < ").append(ROUNDS).append("; r++) {\n")
                            .append("        for (uint8_t q = 0; q < ").append(MAX_TERMS).append("; q++) { ra8[q] = SD_R8(a8, r * ")
                            .append(MAX_TERMS).append(" + q); ra16[q] = SD_R16(a16, r * ").append(MAX_TERMS).append(" + q); }\n")
                            .append("        out[").append(m + 1).append("] = ").append(GUARD).append(";\n")
                            .append("        ").append(fn).append("(out, ").append(a).append(", ").append(w).append(", ")
                            .append(m).append(");\n        ").append(fn).append("(out + ").append(m).append(", ").append(a)
                            .append(", ").append(w).append(" + ").append(m * k).append(", 1);\n")
                            .append("        for (uint16_t j = 0; j <= ").append(m + 1)
                            .append("; j++) { mix((uint8_t)out[j]); mix((uint8_t)(out[j] >> 8)); }\n    }\n    put(h);\n");
                    want.add(javaHash(f, k, s, m));
                }
            }
        }
        c.append(main).append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "dotrows", c, 3_000_000_000L));
    }

    /** The outputs a row of k takes from the weights: 255, or fewer where WEIGHTS holds fewer rows (and one more). */
    private static int outputs(int k) {
        return Math.min(255, WEIGHTS / k - 1);
    }

    private static long javaHash(int f, int k, int s, int m) {
        int[] a = f == 1 ? activations16() : activations8();
        int[] w = f == 0 ? weights16() : weights8();
        int h = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j <= m + 1; j++) {
                int v = GUARD;
                if (j <= m) {
                    long sum = 0;
                    for (int q = 0; q < k; q++) {
                        sum += (long) a[r * MAX_TERMS + q] * w[j * k + q];
                    }
                    v = (short) (sum / (1L << s)); // Java's division rounds toward zero
                }
                h = AvrElementwiseRowsTest.mix(AvrElementwiseRowsTest.mix(h, v & 0xff), (v >> 8) & 0xff);
            }
        }
        return h & 0xFFFFFFFFL;
    }

    private static String activations(int f) {
        return f == 1 ? "a16" : "a8";
    }

    private static String weights(int f) {
        return f == 0 ? "w16" : "w8";
    }

    /** The operands as C arrays: the weights in flash on the AVR ({@code flash}), a8 and a16 ROUNDS rows of 255. */
    private static String arrays(boolean flash) {
        String progmem = flash ? " PROGMEM" : "";
        return "static const int8_t a8[]" + progmem + " = " + init(activations8()) + ";\nstatic const int16_t a16[]"
                + progmem + " = " + init(activations16()) + ";\nstatic const int16_t w16[]" + progmem + " = "
                + init(weights16()) + ";\nstatic const int8_t w8[]" + progmem + " = " + init(weights8()) + ";\n";
    }

    /** Round 0 all -128 (the largest sums beside the first weights), round 1 all 127, then random. */
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
        }
        return v;
    }

    /** The weights: the first 255 all the minimum (each row's sum at its largest), a few edges, then random. */
    private static int[] weights16() {
        return edged(-32768, new int[] {32767, 0, 1, -1, 255, 256, -256, -257, 128}, 16, 83);
    }

    private static int[] weights8() {
        return edged(-128, new int[] {127, 0, 1, -1, 64, -64, 2, -2, 100}, 8, 84);
    }

    private static int[] edged(int min, int[] edges, int bits, long seed) {
        int[] v = values(WEIGHTS, edges, bits, seed);
        int[] out = new int[WEIGHTS];
        for (int i = 0; i < WEIGHTS; i++) {
            out[i] = i < MAX_TERMS ? min : v[i - MAX_TERMS];
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
