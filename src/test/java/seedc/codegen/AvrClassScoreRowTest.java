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
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithPut();
        c.append("static uint32_t h;\nstatic void mix(uint16_t v) { h = (h ^ v) * 16777619u; }\n");
        c.append("static const int8_t row8[256] PROGMEM = {");
        for (int k = 0; k < 256; k++) {
            c.append(k == 0 ? "" : ",").append(k - 128);
        }
        c.append("};\nstatic int8_t res8[257];\nstatic int16_t res16[257];\n\nint main(void) {\n    seedc_uart_init();\n");
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
