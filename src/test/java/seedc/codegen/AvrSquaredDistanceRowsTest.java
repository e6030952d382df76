package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's squared-distance loops, sd_sumsq_shrsubhalf8_row, sd_sumsq_shraddhalf8_row, their 16-bit twins (one
 * asm loop on the AVR: a through X, the flash row through Z, the sum in registers), under simavr, equal the sum of the
 * squares of the halved sums computed here in Java, trunc((trunc(a / 2^na) ± trunc(b / 2^nb)) / 2) with divisions
 * rounding toward zero ({@link AvrHalvedRowsTest#half}), summed exactly. 8 bits: every (a, b) pair as the halved rows'
 * test runs them (rows of 255 elements and of 1), at the shifts ProtoNN's distance uses and others up to the widest.
 * 16 bits: a flash row of extreme and random values against pseudo-random a, with a's shifts from 0 to 15 (the row's
 * is 0: its copy is shifted at compile time, which the asm loop requires). The wrapped loops: sd_sumsq_subrow8 and
 * sd_sumsq_addrow8 on every (a, b) pair against the squares of wrap_8(a ± b), sd_sumsq_subrow16 and sd_sumsq_addrow16
 * on the 16-bit rows against wrap_16's. Each sum is hashed
 * by its 16-bit pieces (FNV-1a, as AvrHalvedRowsTest), which Java computes from its own.
 */
class AvrSquaredDistanceRowsTest {
    static final int[][] SHIFTS8 = {{0, 0}, {1, 0}, {2, 1}, {0, 3}, {7, 7}};
    static final int[] SHIFTS16 = {0, 1, 3, 15};
    static final int ROUNDS16 = 24;

    @Test
    void loopsEqualTheSumsOfSquaredHalvedSums(@TempDir Path dir) throws IOException {
        int[] row16 = AvrHalvedRowsTest.row16();
        StringBuilder c = AvrHalvedRowsTest.firmwareWithRows("static int8_t a8[256];\nstatic int16_t a16[256];\n"
                + "static void mix64(int64_t s) {\n    mix((uint16_t)s);\n    mix((uint16_t)(s >> 16));\n"
                + "    mix((uint16_t)(s >> 32));\n    mix((uint16_t)(s >> 48));\n}\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {true, false}) {
            for (int[] s : SHIFTS8) {
                c.append(device8(sub, s[0], s[1]));
                want.add(java8(sub, s[0], s[1]));
            }
            for (int na : SHIFTS16) {
                c.append(device16(sub ? "sd_sumsq_shrsubhalf16_row" : "sd_sumsq_shraddhalf16_row", ", " + na + ", 0"));
                want.add(java16(sub, na, row16));
            }
            c.append(deviceWrapped(sub));
            want.add(javaWrapped(sub));
            c.append(device16(sub ? "sd_sumsq_subrow16" : "sd_sumsq_addrow16", ""));
            want.add(java16(sub, -1, row16));
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "sumsq", c, 400_000_000L));
    }

    /** For a0 0..255: a[k] = a0 + 37 k (mod 256) beside b = k - 128, the sums of a row of 255 and of one of 1. */
    private static String device8(boolean sub, int na, int nb) {
        String fn = sub ? "sd_sumsq_shrsubhalf8_row" : "sd_sumsq_shraddhalf8_row";
        return "    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n"
                + "        mix64(" + fn + "(a8, row8, 255, " + na + ", " + nb + "));\n"
                + "        mix64(" + fn + "(a8 + 255, row8 + 255, 1, " + na + ", " + nb + "));\n"
                + "    }\n    put(h);\n";
    }

    private static long java8(boolean sub, int na, int nb) {
        int[] h = {0};
        for (int a0 = 0; a0 < 256; a0++) {
            long row = 0;
            for (int k = 0; k < 255; k++) {
                long d = AvrHalvedRowsTest.half((byte) (a0 + 37 * k), na, k - 128, nb, sub);
                row += d * d;
            }
            long d = AvrHalvedRowsTest.half((byte) (a0 + 37 * 255), na, 255 - 128, nb, sub);
            mix64(h, row);
            mix64(h, d * d);
        }
        return h[0] & 0xFFFFFFFFL;
    }

    /** The wrapped loops, sd_sumsq_subrow8 and sd_sumsq_addrow8, on every (a, b) pair as {@link #device8}. */
    private static String deviceWrapped(boolean sub) {
        String fn = sub ? "sd_sumsq_subrow8" : "sd_sumsq_addrow8";
        return "    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n"
                + "        mix64(" + fn + "(a8, row8, 255));\n"
                + "        mix64(" + fn + "(a8 + 255, row8 + 255, 1));\n"
                + "    }\n    put(h);\n";
    }

    /** The sums of wrap_8(a ± b)^2: Java's (byte) of the exact sum, squared. */
    private static long javaWrapped(boolean sub) {
        int[] h = {0};
        for (int a0 = 0; a0 < 256; a0++) {
            long row = 0, last = 0;
            for (int k = 0; k < 256; k++) {
                int a = (byte) (a0 + 37 * k), b = k - 128;
                long d = (byte) (sub ? a - b : a + b);
                if (k < 255) {
                    row += d * d;
                } else {
                    last = d * d;
                }
            }
            mix64(h, row);
            mix64(h, last);
        }
        return h[0] & 0xFFFFFFFFL;
    }

    /**
     * ROUNDS16 rows of 255 elements: a from xorshift32 (its low 16 bits), b the flash row, through {@code fn} with its
     * arguments after the count ({@code tail}).
     */
    private static String device16(String fn, String tail) {
        return "    {\n        uint32_t s = 2463534242u;\n        h = 0;\n"
                + "        for (uint8_t r = 0; r < " + ROUNDS16 + "; r++) {\n"
                + "            for (uint16_t k = 0; k < 255; k++) a16[k] = (int16_t)(uint16_t)next(&s);\n"
                + "            mix64(" + fn + "(a16, row16, 255" + tail + "));\n        }\n        put(h);\n    }\n";
    }

    private static long java16(boolean sub, int na, int[] row) {
        int[] h = {0};
        int s = (int) 2463534242L;
        for (int r = 0; r < ROUNDS16; r++) {
            long sum = 0;
            for (int k = 0; k < 255; k++) {
                s ^= s << 13;
                s ^= s >>> 17;
                s ^= s << 5;
                // na < 0: the wrapped loop's wrap_16(a ± b), Java's (short) of the exact sum
                long d = na < 0 ? (short) (sub ? (short) s - row[k] : (short) s + row[k])
                        : AvrHalvedRowsTest.half((short) s, na, row[k], 0, sub);
                sum += d * d;
            }
            mix64(h, sum);
        }
        return h[0] & 0xFFFFFFFFL;
    }

    /** The device's mix64: the sum's four 16-bit pieces, low first. */
    private static void mix64(int[] h, long s) {
        for (int piece = 0; piece < 4; piece++) {
            h[0] = (h[0] ^ (int) ((s >>> (16 * piece)) & 0xffff)) * 16777619;
        }
    }
}
