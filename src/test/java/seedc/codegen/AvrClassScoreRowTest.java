package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * seedc_runtime.h's class-score rows, sd_addscores8 and sd_addscores16 (one asm loop on the AVR: the flash row z
 * through Z, res through X and Y), under simavr, equal the semantics computed here in Java: res[k] = wrap_R(res[k] +
 * trunc(wrap_16(z[k] e 2^L) / 2^S)), Java's division rounding toward zero, (byte) and (short) wrapping. Every (z, e)
 * pair of 8-bit values at each (L, S) below, at both sum widths: for each e rows of 255 and 1 elements or of 254 and 2
 * (an odd count's lone element with and without the loop of pairs, an even count's loop alone) over res started at
 * values that differ by element and by e, a guard element after the row left alone. The (L, S) pairs: the ProtoNN
 * fixtures' ((3, 2), (3, 1), (2, 9), (2, 8)), then each of the kernel's paths: S <= L with no further left shift,
 * with one (fmuls's alone) and with more; S > L with L = 0 (muls), a right shift of 8 or more (a byte move) and of
 * fewer, at the ends of L's and S's ranges; loops that branch back by brne and by rjmp (the longest elements). The
 * device reports a hash of each configuration's outputs (FNV-1a over 16-bit values, as AvrHalvedRowsTest's), which
 * Java computes from its own.
 */
class AvrClassScoreRowTest {
    static final int[][] SHIFTS = {{3, 2}, {3, 1}, {2, 9}, {2, 8}, {1, 1}, {7, 7}, {7, 1}, {5, 3}, {0, 1},
        {0, 15}, {0, 8}, {1, 7}, {4, 5}, {7, 8}, {6, 12}, {7, 15}};
    static final int GUARD = 0x5a;

    @Test
    void rowsEqualTheSemantics(@TempDir Path dir) throws IOException {
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithRow8();
        c.append("static int8_t res8[257];\nstatic int16_t res16[257];\n\nint main(void) {\n    seedc_uart_init();\n");
        List<Long> want = new ArrayList<>();
        for (int[] s : SHIFTS) {
            for (int bits : new int[] {8, 16}) {
                c.append(device(bits, s[0], s[1]));
                want.add(java(bits, s[0], s[1]));
            }
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "scores", c, 3_000_000_000L));
    }

    /**
     * sd_addscores8x16 (the 8-bit sum of 8x16 products shifted twice, a whole row) equals wrap_8(res + wrap_8(trunc(
     * wrap_16(trunc(z e / 2^n1)) / 2^n2))) at every shift pair it takes (n1 1-8, n2 1-15), on every 8-bit z against
     * 48 16-bit e (the extremes and the shifts' edges, then pseudo-random), each a row of 255 and one of 1 over res
     * started at values that differ by element and by e, a guard element after. One noinline function a shift pair
     * (the shifts are constants of the asm), called through a table.
     */
    @Test
    void productsOf16BitEEqualTheSemantics(@TempDir Path dir) throws IOException {
        int[] es = e16();
        long[] esLong = java.util.Arrays.stream(es).asLongStream().toArray();
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithRow8().append("static int8_t res8[257];\n")
                .append("static const int16_t es[] = ").append(AvrRuntimeProductsTest.init(esLong)).append(";\n");
        List<Long> want = new ArrayList<>();
        StringBuilder table = new StringBuilder("typedef void (*row_fn)(int8_t *, const int8_t *, int16_t, uint8_t);\n"
                + "static const row_fn rows[] = {");
        for (int n1 = 1; n1 <= 8; n1++) {
            for (int n2 = 1; n2 <= 15; n2++) {
                c.append("static __attribute__((noinline)) void row_").append(n1).append('_').append(n2)
                        .append("(int8_t *r, const int8_t *z, int16_t e, uint8_t n) { sd_addscores8x16(r, z, e, n, ")
                        .append(n1).append(", ").append(n2).append("); }\n");
                table.append(n1 + n2 == 2 ? "" : ", ").append("row_").append(n1).append('_').append(n2);
                want.add(java8x16(n1, n2, es));
            }
        }
        c.append(table).append("};\n\nint main(void) {\n    seedc_uart_init();\n")
                .append("    for (uint8_t f = 0; f < ").append(want.size()).append("; f++) {\n        h = 0;\n")
                .append("        for (uint8_t j = 0; j < ").append(es.length).append("; j++) {\n")
                .append("            for (uint16_t k = 0; k < 256; k++) res8[k] = (int8_t)(uint8_t)(1u * j * 1031u + ")
                .append("40503u * k);\n            res8[256] = ").append(GUARD).append(";\n")
                .append("            rows[f](res8, row8, es[j], 255);\n            rows[f](res8 + 255, row8 + 255, es[j], 1);\n")
                .append("            for (uint16_t k = 0; k < 257; k++) mix((uint8_t)res8[k]);\n        }\n")
                .append("        put(h);\n    }\n    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "scores8x16", c, 3_000_000_000L));
    }

    private static long java8x16(int n1, int n2, int[] es) {
        int h = 0;
        for (int j = 0; j < es.length; j++) {
            for (int k = 0; k < 256; k++) {
                int term = (byte) ((short) ((k - 128) * es[j] / (1 << n1)) / (1 << n2));
                h = (h ^ ((byte) ((byte) (j * 1031 + 40503 * k) + term) & 0xff)) * 16777619;
            }
            h = (h ^ GUARD) * 16777619;
        }
        return h & 0xFFFFFFFFL;
    }

    /** The 16-bit e: the extremes and the shifts' edges, then pseudo-random values. */
    private static int[] e16() {
        int[] v = new int[48];
        int[] edges = {-32768, 32767, -32767, -1, 0, 1, -2, 2, -16384, 16383, -256, 255, -257, 256, 128, -129};
        java.util.Random r = new java.util.Random(46);
        for (int k = 0; k < v.length; k++) {
            v[k] = k < edges.length ? edges[k] : r.nextInt(65536) - 32768;
        }
        return v;
    }

    /** For e0 0..255 (e = e0 - 128): res[k] = start(e0, k), z[k] = k - 128, rows of 255 and 1 (even e0) or 254 and 2. */
    private static String device(int bits, int l, int s) {
        String res = "res" + bits, t = "int" + bits + "_t", u = "uint" + bits + "_t";
        return "    h = 0;\n    for (uint16_t e0 = 0; e0 < 256; e0++) {\n"
                + "        for (uint16_t k = 0; k < 256; k++) " + res + "[k] = (" + t + ")(" + u
                + ")(1u * e0 * 1031u + 40503u * k);\n"
                + "        " + res + "[256] = " + GUARD + ";\n"
                + "        if (e0 & 1) {\n" + call(bits, 0, 254, l, s) + call(bits, 254, 2, l, s)
                + "        } else {\n" + call(bits, 0, 255, l, s) + call(bits, 255, 1, l, s) + "        }\n"
                + "        for (uint16_t k = 0; k < 257; k++) mix((" + u + ")" + res + "[k]);\n    }\n    put(h);\n";
    }

    /** The row of n elements from element k of res and z: n a constant, as in the generated code. */
    private static String call(int bits, int k, int n, int l, int s) {
        return "            sd_addscores" + bits + "(res" + bits + " + " + k + ", row8 + " + k + ", (int8_t)(e0 - 128), " + n
                + ", " + l + ", " + s + ");\n";
    }

    private static long java(int bits, int l, int s) {
        int h = 0, mask = bits == 8 ? 0xff : 0xffff;
        for (int e0 = 0; e0 < 256; e0++) {
            for (int k = 0; k < 256; k++) {
                int start = e0 * 1031 + 40503 * k;
                int start16 = bits == 8 ? (byte) start : (short) start;
                h = (h ^ (score(start16, k - 128, e0 - 128, l, s, bits) & mask)) * 16777619;
            }
            h = (h ^ GUARD) * 16777619;
        }
        return h & 0xFFFFFFFFL;
    }

    /** wrap_bits(res + trunc(wrap_16(z e 2^l) / 2^s)): Java's (short) wraps, its division rounds toward zero. */
    static int score(int res, int z, int e, int l, int s, int bits) {
        int term = (short) ((z * e) << l) / (1 << s);
        return bits == 8 ? (byte) (res + term) : (short) (res + term);
    }
}
