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
 * 16-bit w; sd_dotrow16x8_16, 16-bit a and 8-bit w): out[j] = (int16_t) trunc(sum_q a[q] w[j k + q] / 2^s). On the
 * host, the portable C against the exact sum in 64 bits and C's division (rounding toward zero), on extreme and
 * random operands at every k 2-8 and s 1-16; under simavr, the AVR's asm (w in flash) against the same computed here
 * in Java, at k 2, 3 and 8 and s 1, 7, 8, 9, 15, 16 (each branch of the result's shifts), 255 outputs and then 1
 * (the count's edges), a guard element after them left alone, over rounds of extreme and random activations. The
 * device reports an FNV-1a hash of each configuration's outputs (as AvrElementwiseRowsTest), which Java computes
 * from its own.
 */
class AvrDotRowTest {
    static final int OUTPUTS = 256;
    static final int MAX_TERMS = 8;
    static final int ROUNDS = 6;
    static final int GUARD = 0x5a;

    @Test
    void portableRowsEqualTheExactSumOnTheHost(@TempDir Path dir) throws IOException, InterruptedException {
        StringBuilder c = new StringBuilder(RuntimeHeader.text()).append("\n#include <stdio.h>\n")
                .append(arrays(false))
                .append("static int16_t out[").append(OUTPUTS).append("];\nint main(void) {\n    long checked = 0, wrong = 0;\n")
                .append("    for (int r = 0; r < ").append(ROUNDS).append("; r++) {\n");
        for (int k = 2; k <= MAX_TERMS; k++) {
            for (int s = 1; s <= 16; s++) {
                for (boolean wide : new boolean[] {false, true}) {
                    c.append(wide ? "        sd_dotrow16x8_16(out, a16 + r * 8, w8, " : "        sd_dotrow8x16_16(out, a8 + r * 8, w16, ")
                            .append(OUTPUTS - 1).append(", ").append(k).append(", ").append(s).append(");\n")
                            .append("        for (int j = 0; j < ").append(OUTPUTS - 1).append("; j++) {\n")
                            .append("            int64_t sum = 0;\n            for (int q = 0; q < ").append(k)
                            .append("; q++) sum += (int64_t)").append(wide ? "a16" : "a8").append("[r * 8 + q] * ")
                            .append(wide ? "w8" : "w16").append("[j * ").append(k).append(" + q];\n")
                            .append("            int16_t want = (int16_t)(sum / ((int64_t)1 << ").append(s).append("));\n")
                            .append("            checked++;\n            if (out[j] != want && wrong++ < 3) printf(\"k ")
                            .append(k).append(" s ").append(s).append(" j %d: %d, not %d\\n\", j, out[j], want);\n        }\n");
                }
            }
        }
        c.append("    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n");
        long checked = (long) ROUNDS * (MAX_TERMS - 1) * 16 * 2 * (OUTPUTS - 1);
        assertEquals(checked + " 0", AvrShiftedProductsTest.compileAndRun(dir, c.toString()));
    }

    @Test
    void avrRowsEqualTheSemantics(@TempDir Path dir) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithPut().append(AvrElementwiseRowsTest.HASH).append(arrays(true))
                .append("static int16_t out[").append(OUTPUTS + 1).append("];\nstatic int8_t ra8[8];\nstatic int16_t ra16[8];\n")
                .append("\nint main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        for (boolean wide : new boolean[] {false, true}) {
            for (int k : new int[] {2, 3, 8}) {
                for (int s : new int[] {1, 7, 8, 9, 15, 16}) {
                    String fn = wide ? "sd_dotrow16x8_16" : "sd_dotrow8x16_16", a = wide ? "ra16" : "ra8";
                    String w = wide ? "w8" : "w16", tail = ", " + k + ", " + s + ");\n";
                    c.append("    h = 0;\n    for (uint8_t r = 0; r < ").append(ROUNDS).append("; r++) {\n")
                            .append("        for (uint8_t q = 0; q < 8; q++) { ra8[q] = a8[r * 8 + q]; ra16[q] = a16[r * 8 + q]; }\n")
                            .append("        out[").append(OUTPUTS).append("] = ").append(GUARD).append(";\n")
                            .append("        ").append(fn).append("(out, ").append(a).append(", ").append(w).append(", ")
                            .append(OUTPUTS - 1).append(tail)
                            .append("        ").append(fn).append("(out + ").append(OUTPUTS - 1).append(", ").append(a)
                            .append(", ").append(w).append(" + ").append((OUTPUTS - 1) * k).append(", 1").append(tail)
                            .append("        for (uint16_t j = 0; j <= ").append(OUTPUTS)
                            .append("; j++) { mix((uint8_t)out[j]); mix((uint8_t)(out[j] >> 8)); }\n    }\n    put(h);\n");
                    want.add(javaHash(wide, k, s));
                }
            }
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "dotrows", c, 1_500_000_000L));
    }

    private static long javaHash(boolean wide, int k, int s) {
        int[] a = wide ? activations16() : activations8();
        int[] w = wide ? weights8() : weights16();
        int h = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (int j = 0; j <= OUTPUTS; j++) {
                int v = GUARD;
                if (j < OUTPUTS) {
                    long sum = 0;
                    for (int q = 0; q < k; q++) {
                        sum += (long) a[r * 8 + q] * w[j * k + q];
                    }
                    v = (short) (sum / (1L << s)); // Java's division rounds toward zero
                }
                h = AvrElementwiseRowsTest.mix(AvrElementwiseRowsTest.mix(h, v & 0xff), (v >> 8) & 0xff);
            }
        }
        return h & 0xFFFFFFFFL;
    }

    /** The operands as C arrays: the weights in flash on the AVR ({@code flash}), a8 and a16 ROUNDS rows of 8. */
    private static String arrays(boolean flash) {
        String progmem = flash ? " PROGMEM" : "";
        return "static const int8_t a8[] = " + init(activations8()) + ";\nstatic const int16_t a16[] = "
                + init(activations16()) + ";\nstatic const int16_t w16[]" + progmem + " = " + init(weights16())
                + ";\nstatic const int8_t w8[]" + progmem + " = " + init(weights8()) + ";\n";
    }

    /** Round 0 all -128 (the largest sums), round 1 all 127, round 2 mixed extremes, then random. */
    private static int[] activations8() {
        return values(ROUNDS * 8, new int[] {-128, -128, -128, -128, -128, -128, -128, -128, 127, 127, 127, 127, 127,
            127, 127, 127, -128, 127, -1, 0, 1, -128, 127, -2}, 8, 81);
    }

    private static int[] activations16() {
        return values(ROUNDS * 8, new int[] {-32768, -32768, -32768, -32768, -32768, -32768, -32768, -32768, 32767, 32767,
            32767, 32767, 32767, 32767, 32767, 32767, -32768, 32767, -1, 0, 1, -32768, 32767, -256}, 16, 82);
    }

    /** Weights for OUTPUTS rows of up to 8: the first rows extremes (each row's sum at its largest), then random. */
    private static int[] weights16() {
        return values(OUTPUTS * MAX_TERMS, new int[] {-32768, -32768, -32768, -32768, -32768, -32768, -32768, -32768,
            32767, 32767, 32767, 32767, 32767, 32767, 32767, 32767, 0, 1, -1, 255, 256, -256, -257, 128}, 16, 83);
    }

    private static int[] weights8() {
        return values(OUTPUTS * MAX_TERMS, new int[] {-128, -128, -128, -128, -128, -128, -128, -128, 127, 127, 127, 127,
            127, 127, 127, 127, 0, 1, -1, 64, -64, 2, -2, 100}, 8, 84);
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
