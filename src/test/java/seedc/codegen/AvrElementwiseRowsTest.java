package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * seedc_runtime.h's element-wise rows of two RAM arrays (one asm loop each on the AVR: a through X, b through Z, out
 * through Y), under simavr, against the semantics computed here in Java with divisions that round toward zero:
 * sd_mulshr8_row and sd_scalemulshr8_row, (byte) trunc(a b / 2^s), on every 8-bit (a, b) pair; sd_addhalfshr8_row
 * and sd_subhalfshr8_row, (byte) trunc((trunc(a / 2^na) ± trunc(b / 2^nb)) / 2^(s + 1)), on 16-bit extremes and
 * pseudo-random values. The shifts include the FastGRNN fixtures' (6, 7, 8 for the products; (0, 0, 7), (0, 1, 7),
 * (0, 1, 8) for the sums), the edges of each branch of the asm (s 8 and 9 for the products, 7 and 8 for the sums,
 * na + nb over 10: the long loop) and the largest. Rows of 255 elements and of 1 (the count's edges), a guard element
 * after them left alone, and a row written over its own first operand (FastGRNN's buffers are reused so). The device
 * reports an FNV-1a hash of each configuration's outputs (as AvrHalvedRowsTest), which Java computes from its own.
 */
class AvrElementwiseRowsTest {
    static final int[] PRODUCT_SHIFTS = {1, 6, 7, 8, 9, 15};
    /** (na, nb, s) of the halved sums. */
    static final int[][] SUM_SHIFTS = {{0, 0, 7}, {0, 1, 7}, {0, 1, 8}, {0, 0, 0}, {1, 0, 3}, {3, 5, 4}, {2, 9, 6},
        {0, 9, 14}, {0, 0, 15}, {15, 15, 0}};
    static final int ROUNDS16 = 12;
    static final int GUARD = 0x5a;
    static final String HASH = "static uint32_t h;\nstatic void mix(uint16_t v) { h = (h ^ v) * 16777619u; }\n";

    /**
     * Every (a, b) pair: for a0 0..255, a[k] = a0 + 37 k (mod 256) beside b[k] = k - 128; with the scalar, every j
     * beside a[k] = k - 128, the row written over a itself.
     */
    @Test
    void productsEqualTheSemantics(@TempDir Path dir) throws IOException {
        StringBuilder c = firmware("static int8_t a8[256], b8[256], out8[257];\n");
        c.append("    for (uint16_t k = 0; k < 256; k++) b8[k] = (int8_t)(k - 128);\n");
        List<Long> want = new ArrayList<>();
        for (int s : PRODUCT_SHIFTS) {
            String sh = ", " + s + ");\n";
            c.append(pairs8("        sd_mulshr8_row(out8, a8, b8, 255" + sh
                    + "        sd_mulshr8_row(out8 + 255, a8 + 255, b8 + 255, 1" + sh));
            want.add(hash8((a0, k) -> (byte) (a0 + 37 * k) * (k - 128) / (1 << s)));
            scalarRows(c, want, "a8", "sd_scalemulshr8_row(a8, a8, (int8_t)j, 255" + sh,
                    "sd_scalemulshr8_row(out8 + 255, a8 + 255, (int8_t)j, 1" + sh, (j, a) -> (byte) j * a / (1 << s));
        }
        assertEquals(want, run(dir, "products", c));
    }

    /**
     * sd_addshr8_row and sd_subshr8_row on every (a, b) pair (as the products), (byte) (trunc(a / 2^na) ± trunc(b /
     * 2^nb)); sd_scaladdshr8_row and sd_scalsubshr8_row on every (c, a) pair, (byte) (c ± trunc(a / 2^na)).
     */
    @Test
    void wrappedSumsEqualTheSemantics(@TempDir Path dir) throws IOException {
        StringBuilder c = firmware("static int8_t a8[256], b8[256], out8[257];\n");
        c.append("    for (uint16_t k = 0; k < 256; k++) b8[k] = (int8_t)(k - 128);\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {false, true}) {
            for (int[] t : new int[][] {{0, 0}, {0, 1}, {3, 2}, {7, 7}}) {
                String fn = sub ? "sd_subshr8_row" : "sd_addshr8_row", sh = ", " + t[0] + ", " + t[1] + ");\n";
                c.append(pairs8("        " + fn + "(out8, a8, b8, 255" + sh + "        " + fn
                        + "(out8 + 255, a8 + 255, b8 + 255, 1" + sh));
                want.add(hash8((a0, k) -> {
                    int a = (byte) (a0 + 37 * k) / (1 << t[0]), b = (k - 128) / (1 << t[1]);
                    return sub ? a - b : a + b;
                }));
            }
            for (int na : new int[] {0, 1, 7}) {
                String fn = sub ? "sd_scalsubshr8_row" : "sd_scaladdshr8_row", sh = ", " + na + ");\n";
                c.append(pairs8("        " + fn + "(out8, (int8_t)a0, b8, 255" + sh + "        " + fn
                        + "(out8 + 255, (int8_t)a0, b8 + 255, 1" + sh));
                want.add(hash8((a0, k) -> sub ? (byte) a0 - (k - 128) / (1 << na) : (byte) a0 + (k - 128) / (1 << na)));
            }
        }
        assertEquals(want, run(dir, "sums8", c));
    }

    /**
     * sd_mul8x16shr8_row, (byte) trunc(a b / 2^s), for every 8-bit a (a[k] = a0 + 37 k) beside the 16-bit b of
     * row16 (extremes, then pseudo-random), a row of 255 and one of 1; sd_scalemul8x16shr8_row with each of row16's
     * values as the scalar against every a; s 1-16 but for 2-5, 10 and 11.
     */
    @Test
    void narrowedProductsEqualTheSemantics(@TempDir Path dir) throws IOException {
        int[] row = row16();
        StringBuilder c = firmware("static const int16_t b16[256] = " + init(row) + ";\nstatic int8_t a8[256], out8[257];\n");
        List<Long> want = new ArrayList<>();
        for (int s : new int[] {1, 6, 7, 8, 9, 12, 13, 14, 15, 16}) {
            String sh = ", " + s + ");\n";
            c.append(pairs8("        sd_mul8x16shr8_row(out8, a8, b16, 255" + sh
                    + "        sd_mul8x16shr8_row(out8 + 255, a8 + 255, b16 + 255, 1" + sh));
            want.add(hash8((a0, k) -> (int) ((long) (byte) (a0 + 37 * k) * row[k] / (1L << s))));
            scalarRows(c, want, "out8", "sd_scalemul8x16shr8_row(out8, a8, b16[j], 255" + sh,
                    "sd_scalemul8x16shr8_row(out8 + 255, a8 + 255, b16[j], 1" + sh,
                    (j, a) -> (int) ((long) a * row[j] / (1L << s)));
        }
        assertEquals(want, run(dir, "narrowed", c));
    }

    /**
     * sd_lookup8_row and sd_lookup16_row read table[(uint8_t)a[k]] from a 256-entry flash table (8 bits: 1 + 37 u mod
     * 256; 16 bits: row16's values) for every index: a[k] = a0 + 37 k for a0 0..255, rows of 255 and 1, the guard
     * after; 16 bits hashed as each output's low and high bytes.
     */
    @Test
    void lookupsReadTheTable(@TempDir Path dir) throws IOException {
        int[] row = row16();
        int[] t8 = new int[256];
        for (int u = 0; u < 256; u++) {
            t8[u] = (byte) (1 + 37 * u);
        }
        StringBuilder c = firmware("static const int8_t t8[256] PROGMEM = " + init(t8) + ";\nstatic const int16_t t16[256]"
                + " PROGMEM = " + init(row) + ";\nstatic int8_t a8[256], out8[257];\nstatic int16_t out16[257];\n");
        c.append(pairs8("        sd_lookup8_row(out8, a8, t8, 255);\n        sd_lookup8_row(out8 + 255, a8 + 255, t8, 1);\n"));
        c.append("    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n"
                + "        out16[256] = " + GUARD + ";\n"
                + "        sd_lookup16_row(out16, a8, t16, 255);\n        sd_lookup16_row(out16 + 255, a8 + 255, t16, 1);\n"
                + "        for (uint16_t k = 0; k < 257; k++) { mix((uint8_t)out16[k]); mix((uint8_t)(out16[k] >> 8)); }\n"
                + "    }\n    put(h);\n");
        int h = 0;
        for (int a0 = 0; a0 < 256; a0++) {
            for (int k = 0; k < 257; k++) {
                int v = k == 256 ? GUARD : row[(a0 + 37 * k) & 0xff];
                h = mix(mix(h, v & 0xff), (v >> 8) & 0xff);
            }
        }
        List<Long> want = List.of(hash8((a0, k) -> 1 + 37 * ((a0 + 37 * k) & 0xff)), h & 0xFFFFFFFFL);
        assertEquals(want, run(dir, "lookups", c));
    }

    /**
     * A row loop with a scalar for each j 0..255: a8[k] = k - 128, guards at out8[255] and out8[256], the row of 255
     * written to {@code out} (out8, or a8 itself) and the one of 1 to out8 + 255, their outputs and the guard hashed on
     * the device; and the hash Java computes where out[k] = (byte) f(j, k - 128).
     */
    private static void scalarRows(StringBuilder c, List<Long> want, String out, String call255, String call1,
                                   java.util.function.IntBinaryOperator f) {
        c.append("    h = 0;\n    for (uint16_t j = 0; j < 256; j++) {\n")
                .append("        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(k - 128);\n")
                .append("        out8[255] = ").append(GUARD).append(";\n        out8[256] = ").append(GUARD).append(";\n")
                .append("        ").append(call255).append("        ").append(call1)
                .append("        for (uint16_t k = 0; k < 255; k++) mix((uint8_t)").append(out).append("[k]);\n")
                .append("        mix((uint8_t)out8[255]);\n        mix((uint8_t)out8[256]);\n    }\n    put(h);\n");
        int h = 0;
        for (int j = 0; j < 256; j++) {
            for (int k = 0; k < 256; k++) {
                h = mix(h, (byte) f.applyAsInt(j, k - 128) & 0xff);
            }
            h = mix(h, GUARD);
        }
        want.add(h & 0xFFFFFFFFL);
    }

    /** The firmware's start: the runtime, put, the hash, {@code decls}, and main's first line. */
    static StringBuilder firmware(String decls) throws IOException {
        return AvrRuntimeProductsTest.firmwareWithPut().append(HASH).append(decls)
                .append("\nint main(void) {\n    seedc_uart_init();\n");
    }

    /** main's end, then the firmware run under simavr: the numbers it reports. */
    static List<Long> run(Path dir, String name, StringBuilder c) throws IOException {
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        return AvrRuntimeProductsTest.uartNumbers(dir, name, c, 1_500_000_000L);
    }

    static String init(int[] v) {
        return AvrRuntimeProductsTest.init(java.util.Arrays.stream(v).asLongStream().toArray());
    }

    /** For a0 0..255: a8[k] = a0 + 37 k (mod 256), the guard after the row, the calls, the hash of out8's 257. */
    private static String pairs8(String calls) {
        return pairs("out8", calls, "mix((uint8_t)out8[k]);");
    }

    /**
     * For a0 0..255: a8[k] = a0 + 37 k (mod 256), the guard at {@code out}[256], the calls, then {@code mix} (a
     * statement hashing element k) for each k of the 257.
     */
    static String pairs(String out, String calls, String mix) {
        return "    h = 0;\n    for (uint16_t a0 = 0; a0 < 256; a0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) a8[k] = (int8_t)(uint8_t)(a0 + 37 * k);\n"
                + "        " + out + "[256] = " + GUARD + ";\n" + calls
                + "        for (uint16_t k = 0; k < 257; k++) " + mix + "\n    }\n    put(h);\n";
    }

    /** The hash pairs8's loop reports where out[k] = (byte) f(a0, k). */
    static long hash8(java.util.function.IntBinaryOperator f) {
        int h = 0;
        for (int a0 = 0; a0 < 256; a0++) {
            for (int k = 0; k < 256; k++) {
                h = mix(h, (byte) f.applyAsInt(a0, k) & 0xff);
            }
            h = mix(h, GUARD);
        }
        return h & 0xFFFFFFFFL;
    }

    /**
     * ROUNDS16 rows of 255 elements at each (na, nb, s), both sums: b the extremes and pseudo-random values, a
     * pseudo-random (xorshift32's low 16 bits, here and on the device) except in round 0, b's values reordered; then a
     * guard element, and a last row written over a's own bytes.
     */
    @Test
    void halvedSumsEqualTheSemantics(@TempDir Path dir) throws IOException {
        int[] row = row16();
        StringBuilder c = firmware("static int16_t b16[256] = " + init(row) + ";\nstatic int16_t a16[256];\n"
                + "static int8_t out8[256];\nstatic uint32_t next(uint32_t *s) {\n    uint32_t x = *s;\n    x ^= x << 13;\n"
                + "    x ^= x >> 17;\n    x ^= x << 5;\n    return *s = x;\n}\n");
        List<Long> want = new ArrayList<>();
        for (boolean sub : new boolean[] {false, true}) {
            for (int[] t : SUM_SHIFTS) {
                c.append(deviceSums(sub, t[0], t[1], t[2]));
                want.add(javaSums(sub, t[0], t[1], t[2], row));
            }
        }
        assertEquals(want, run(dir, "sums", c));
    }

    private static String deviceSums(boolean sub, int na, int nb, int s) {
        String call = (sub ? "sd_subhalfshr8_row" : "sd_addhalfshr8_row") + "(%s, a16, b16, 255, " + na + ", " + nb
                + ", " + s + ");\n";
        return "    {\n        uint32_t s = 2463534242u;\n        h = 0;\n"
                + "        for (uint8_t r = 0; r < " + ROUNDS16 + "; r++) {\n"
                + "            for (uint16_t k = 0; k < 255; k++) a16[k] = r == 0 ? b16[(37 * k + 11) & 255]"
                + " : (int16_t)(uint16_t)next(&s);\n"
                + "            out8[255] = " + GUARD + ";\n"
                + "            " + call.formatted("out8")
                + "            for (uint16_t k = 0; k < 256; k++) mix((uint8_t)out8[k]);\n        }\n"
                + "        " + call.formatted("(int8_t *)a16")
                + "        for (uint16_t k = 0; k < 255; k++) mix((uint8_t)((int8_t *)a16)[k]);\n"
                + "        put(h);\n    }\n";
    }

    private static long javaSums(boolean sub, int na, int nb, int s, int[] row) {
        int h = 0, x = (int) 2463534242L;
        int[] a = new int[255];
        for (int r = 0; r < ROUNDS16; r++) {
            for (int k = 0; k < 255; k++) {
                if (r == 0) {
                    a[k] = row[(37 * k + 11) & 255];
                } else {
                    x ^= x << 13;
                    x ^= x >>> 17;
                    x ^= x << 5;
                    a[k] = (short) x;
                }
                h = mix(h, halfShifted(a[k], na, row[k], nb, s, sub) & 0xff);
            }
            h = mix(h, GUARD);
        }
        for (int k = 0; k < 255; k++) { // the last round's a, written over
            h = mix(h, halfShifted(a[k], na, row[k], nb, s, sub) & 0xff);
        }
        return h & 0xFFFFFFFFL;
    }

    /** (byte) trunc(trunc((trunc(a / 2^na) ± trunc(b / 2^nb)) / 2) / 2^s): Java's division rounds toward zero. */
    static int halfShifted(int a, int na, int b, int nb, int s, boolean sub) {
        int x = a / (1 << na), y = b / (1 << nb);
        return (byte) ((sub ? x - y : x + y) / 2 / (1 << s));
    }

    static int mix(int h, int v) {
        return (h ^ v) * 16777619;
    }

    /** b: the extremes and the shifts' edges, then pseudo-random values. */
    private static int[] row16() {
        int[] v = new int[256];
        int[] edges = {-32768, 32767, -32767, -1, 0, 1, -2, 2, -16384, 16383, -256, 255, -257, 256, -32768, -32768, 32767,
            32767, -32768, 32767};
        java.util.Random r = new java.util.Random(46);
        for (int k = 0; k < v.length; k++) {
            v[k] = k < edges.length ? edges[k] : r.nextInt(65536) - 32768;
        }
        return v;
    }
}
