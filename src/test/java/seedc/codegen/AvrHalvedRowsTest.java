package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * seedc_runtime.h's row loops of the halved sums, sd_shrsubhalf8_row, sd_shraddhalf8_row and their 16-bit twins (one
 * asm loop on the AVR: a through X, the flash row through Z, out through Y), under simavr, equal the semantics
 * computed here in Java, trunc((trunc(a / 2^na) ± trunc(b / 2^nb)) / 2) with divisions rounding toward zero, at the
 * shifts ProtoNN's distance uses (na 0 or 1, nb 0) and others up to the largest. 8 bits: every (a, b) pair, a row of
 * 255 elements and one of 1 (the count's edges), a guard element after the row left alone. 16 bits: a flash row of
 * extreme and random values against pseudo-random a (xorshift32, here and on the device). The device reports a hash
 * of each configuration's outputs (FNV-1a: h = (h xor the output's bits) 16777619, modulo 2^32: a
 * difference in one output stays in h), which Java computes from its own.
 * The same loop without the halving, sd_addrow8 and sd_subrow8, against wrap_8(a ± b) on every 8-bit pair.
 */
class AvrHalvedRowsTest {
    /** (na, nb) pairs run at 8 and 16 bits: the distance's, then shifts of both operands up to the widest. */
    static final int[][] SHIFTS8 = {{0, 0}, {1, 0}, {2, 1}, {0, 3}, {7, 7}};
    static final int[][] SHIFTS16 = {{0, 0}, {1, 0}, {3, 5}, {15, 0}, {15, 15}};
    static final int ROUNDS16 = 24;
    static final int GUARD = 0x5a;

    @Test
    void rowsEqualTheSemantics(@TempDir Path dir) throws IOException {
        int[] row16 = row16();
        StringBuilder c = firmwareWithRows("static int8_t a8[256], out8[257];\nstatic int16_t a16[256], out16[257];\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {true, false}) {
            for (int[] s : SHIFTS8) {
                c.append(device8(sub, s[0], s[1]));
                want.add(java8(sub, s[0], s[1]));
            }
            for (int[] s : SHIFTS16) {
                c.append(device16(sub, s[0], s[1]));
                want.add(java16(sub, s[0], s[1], row16));
            }
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "rows", c, 1_500_000_000L));
    }

    /**
     * sd_addrow8 and sd_subrow8 (the same loop without the halving) equal wrap_8(a ± b), Java's (byte) of the exact
     * sum, on every (a, b) pair as the halved 8-bit rows are run: rows of 255 and 1 element, a guard element after.
     */
    @Test
    void wrappedRowsEqualTheSumModulo256(@TempDir Path dir) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithRow8();
        c.append("static int8_t a8[256], out8[257];\n\nint main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {true, false}) {
            String fn = sub ? "sd_subrow8" : "sd_addrow8";
            c.append("    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n")
                    .append("        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n")
                    .append("        out8[256] = ").append(GUARD).append(";\n")
                    .append("        ").append(fn).append("(out8, a8, row8, 255);\n")
                    .append("        ").append(fn).append("(out8 + 255, a8 + 255, row8 + 255, 1);\n")
                    .append("        for (uint16_t k = 0; k < 257; k++) mix((uint8_t)out8[k]);\n    }\n    put(h);\n");
            int h = 0;
            for (int a0 = 0; a0 < 256; a0++) {
                for (int k = 0; k < 256; k++) {
                    int a = (byte) (a0 + 37 * k), b = k - 128;
                    h = (h ^ ((byte) (sub ? a - b : a + b) & 0xff)) * 16777619;
                }
                h = (h ^ GUARD) * 16777619;
            }
            want.add(h & 0xFFFFFFFFL);
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "wrapped", c, 200_000_000L));
    }

    /**
     * The firmware up to main's first statements: the 8-bit and 16-bit flash rows ({@link #row16}), the arrays
     * {@code arrays} declares, and xorshift32's {@code next}.
     */
    static StringBuilder firmwareWithRows(String arrays) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithRow8();
        c.append("static const int16_t row16[256] PROGMEM = ")
                .append(AvrRuntimeProductsTest.init(java.util.Arrays.stream(row16()).asLongStream().toArray()))
                .append(";\n").append(arrays);
        return c.append("static uint32_t next(uint32_t *s) {\n    uint32_t x = *s;\n    x ^= x << 13;\n    x ^= x >> 17;\n"
                + "    x ^= x << 5;\n    return *s = x;\n}\n\nint main(void) {\n    seedc_uart_init();\n");
    }

    /** Every (a, b) pair: for a0 0..255, a[k] = a0 + 37 k (mod 256) beside b = k - 128, in a row of 255 and one of 1. */
    private static String device8(boolean sub, int na, int nb) {
        String fn = sub ? "sd_shrsubhalf8_row" : "sd_shraddhalf8_row";
        return "    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n"
                + "        out8[256] = " + GUARD + ";\n"
                + "        " + fn + "(out8, a8, row8, 255, " + na + ", " + nb + ");\n"
                + "        " + fn + "(out8 + 255, a8 + 255, row8 + 255, 1, " + na + ", " + nb + ");\n"
                + "        for (uint16_t k = 0; k < 257; k++) mix((uint8_t)out8[k]);\n    }\n    put(h);\n";
    }

    private static long java8(boolean sub, int na, int nb) {
        int h = 0;
        for (int a0 = 0; a0 < 256; a0++) {
            for (int k = 0; k < 256; k++) {
                h = (h ^ (half((byte) (a0 + 37 * k), na, k - 128, nb, sub) & 0xff)) * 16777619;
            }
            h = (h ^ GUARD) * 16777619;
        }
        return h & 0xFFFFFFFFL;
    }

    /** ROUNDS16 rows of 255 elements: a from xorshift32 (its low 16 bits), b the flash row; then a guard element. */
    private static String device16(boolean sub, int na, int nb) {
        String fn = sub ? "sd_shrsubhalf16_row" : "sd_shraddhalf16_row";
        return "    {\n        uint32_t s = 2463534242u;\n        h = 0;\n"
                + "        for (uint8_t r = 0; r < " + ROUNDS16 + "; r++) {\n"
                + "            for (uint16_t k = 0; k < 255; k++) a16[k] = (int16_t)(uint16_t)next(&s);\n"
                + "            out16[255] = " + GUARD + ";\n"
                + "            " + fn + "(out16, a16, row16, 255, " + na + ", " + nb + ");\n"
                + "            for (uint16_t k = 0; k < 256; k++) mix((uint16_t)out16[k]);\n        }\n        put(h);\n    }\n";
    }

    private static long java16(boolean sub, int na, int nb, int[] row) {
        int h = 0, s = (int) 2463534242L;
        for (int r = 0; r < ROUNDS16; r++) {
            for (int k = 0; k < 255; k++) {
                s ^= s << 13;
                s ^= s >>> 17;
                s ^= s << 5;
                h = (h ^ (half((short) s, na, row[k], nb, sub) & 0xffff)) * 16777619;
            }
            h = (h ^ GUARD) * 16777619;
        }
        return h & 0xFFFFFFFFL;
    }

    /** trunc((trunc(a / 2^na) ± trunc(b / 2^nb)) / 2): Java's division rounds toward zero. */
    static int half(int a, int na, int b, int nb, boolean sub) {
        int x = a / (1 << na), y = b / (1 << nb);
        return (sub ? x - y : x + y) / 2;
    }

    /** The 16-bit flash row: the extremes and the shifts' edges, then pseudo-random values. */
    static int[] row16() {
        int[] v = new int[256];
        int[] edges = {-32768, 32767, -32767, -1, 0, 1, -2, 2, -16384, 16383, -256, 255, -257, 256};
        java.util.Random r = new java.util.Random(45);
        for (int k = 0; k < v.length; k++) {
            v[k] = k < edges.length ? edges[k] : r.nextInt(65536) - 32768;
        }
        return v;
    }
}
