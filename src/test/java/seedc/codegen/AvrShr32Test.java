package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * seedc_runtime.h's sd_shr32 as the AVR computes it (whole bytes first, the rests of 5 to 7 bits as left shifts into a
 * fifth byte in inline assembly) equals the division by 2^n rounding toward zero computed here in Java, over the
 * whole 32-bit range: at every shift 1..31, on every value 2^m + d and -(2^m + d) (m 0..31, d -2..2: the biases' and
 * the bytes' edges) and on pseudo-random values (xorshift32, here and on the device), each taken whole and as the
 * generated code takes it cut to 16 or 8 bits ({@code (int16_t)(sd_shr32(acc, n))}: avr-gcc may use only part of the
 * assembly's result there). The device reports a hash of each shift's results (h = 31 h + r modulo 2^32), which Java
 * computes from its own values.
 */
class AvrShr32Test {
    static final int RANDOM_VALUES = 2000;

    @TempDir
    Path dir;

    @Test
    void everyShiftEqualsTheDivisionOverTheWholeRange() throws IOException {
        int[] values = values();
        StringBuilder c = AvrRuntimeProductsTest.firmwareWithPut();
        c.append(valuesInC());
        c.append("int main(void) {\n    seedc_uart_init();\n");
        for (int n = 1; n <= 31; n++) {
            c.append("    {\n        uint32_t h32 = 0, h16 = 0, h8 = 0, s = 2463534242u;\n")
                    .append("        for (uint16_t i = 0; i < ").append(values.length).append("; i++) {\n")
                    .append("            int32_t v = value(i, &s);\n")
                    .append("            h32 = h32 * 31u + (uint32_t)sd_shr32(v, ").append(n).append(");\n")
                    .append("            h16 = h16 * 31u + (uint32_t)(int32_t)(int16_t)(sd_shr32(v, ").append(n).append("));\n")
                    .append("            h8 = h8 * 31u + (uint32_t)(int32_t)(int8_t)(sd_shr32(v, ").append(n).append("));\n")
                    .append("        }\n        put(h32); put(h16); put(h8);\n    }\n");
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        List<Long> want = new ArrayList<>();
        for (int n = 1; n <= 31; n++) {
            int h32 = 0, h16 = 0, h8 = 0;
            for (int v : values) {
                long q = (long) v / (1L << n); // Java's division rounds toward zero
                h32 = h32 * 31 + (int) q;
                h16 = h16 * 31 + (short) q;
                h8 = h8 * 31 + (byte) q;
            }
            want.add(h32 & 0xFFFFFFFFL);
            want.add(h16 & 0xFFFFFFFFL);
            want.add(h8 & 0xFFFFFFFFL);
        }
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "shr32", c, 400_000_000L));
    }

    /** The values in the device's order: the edges (2^m + d, then its negation, m 0..31, d -2..2), then xorshift32's. */
    static int[] values() {
        List<Integer> v = new ArrayList<>();
        for (int m = 0; m < 32; m++) {
            for (int d = -2; d <= 2; d++) {
                int e = (1 << m) + d; // modulo 2^32, as the C's uint32_t
                v.add(e);
                v.add(-e);
            }
        }
        int s = (int) 2463534242L;
        for (int i = 0; i < RANDOM_VALUES; i++) {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            v.add(s);
        }
        return v.stream().mapToInt(Integer::intValue).toArray();
    }

    /** value(i, &s): the device's i-th value, computed as values() does (s: the xorshift32 state, advanced in order). */
    private static String valuesInC() {
        return "static int32_t value(uint16_t i, uint32_t *s) {\n"
                + "    if (i < 320) {\n"
                + "        uint32_t e = ((uint32_t)1 << (i / 10)) + (uint32_t)(int32_t)((int16_t)(i % 10 / 2) - 2);\n"
                + "        return (int32_t)(i % 2 ? 0u - e : e);\n    }\n"
                + "    uint32_t x = *s;\n    x ^= x << 13;\n    x ^= x >> 17;\n    x ^= x << 5;\n    *s = x;\n"
                + "    return (int32_t)x;\n}\n\n";
    }
}
