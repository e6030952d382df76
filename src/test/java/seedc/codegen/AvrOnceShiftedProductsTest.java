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
import seedc.fixed.IdiomCalls;

/**
 * seedc_runtime.h's sd_mul8x16_shr_16 and sd_mul8x16_shr_8, the AVR dialect's one call for an 8x16 product shifted
 * once into 16 or 8 bits (OnceShiftedProducts), equal the expression they replace, {@code (intW_t)sd_shr32(
 * sd_mul8x16(a, b), n)}: on the host over every 8-bit x 16-bit operand pair at every shift they are written for
 * (1-8 into 16 bits, 1-16 into 8; about 4e8 pairs, 1-2 s of gcc -O2 code); and under simavr, where the product is the
 * __int24 of the inline assembly, on extreme and random operands at every shift, against the semantics computed here
 * in Java (a division rounding toward zero, a wrap to 16 or 8 bits).
 */
class AvrOnceShiftedProductsTest {
    @TempDir
    Path dir;

    @Test
    void everyOperandPairEqualsTheShiftOnTheHost() throws IOException, InterruptedException {
        String c = RuntimeHeader.text()
                + "\n#include <stdio.h>\nint main(void) {\n    long checked = 0, wrong = 0;\n"
                + "    for (int n = 1; n <= " + IdiomCalls.MAX_SHIFT_8 + "; n++)\n"
                + "    for (int a = -128; a < 128; a++) for (int b = -32768; b < 32768; b++) {\n"
                + "        int32_t p = sd_mul8x16((int8_t)a, (int16_t)b);\n"
                + "        if (n <= " + IdiomCalls.MAX_SHIFT_16 + ") {\n"
                + "            int16_t want = (int16_t)(sd_shr32(p, n)), got = sd_mul8x16_shr_16((int8_t)a, (int16_t)b, n);\n"
                + "            checked++;\n"
                + "            if (got != want && wrong++ < 3) printf(\"16: n %d a %d b %d: %d, not %d\\n\", n, a, b, got, want);\n"
                + "        }\n"
                + "        int8_t want8 = (int8_t)(sd_shr32(p, n)), got8 = sd_mul8x16_shr_8((int8_t)a, (int16_t)b, n);\n"
                + "        checked++;\n"
                + "        if (got8 != want8 && wrong++ < 3) printf(\"8: n %d a %d b %d: %d, not %d\\n\", n, a, b, got8, want8);\n"
                + "    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n";
        long pairs = 256L * 65536 * (IdiomCalls.MAX_SHIFT_16 + IdiomCalls.MAX_SHIFT_8);
        assertEquals(pairs + " 0", AvrShiftedProductsTest.compileAndRun(dir, c));
    }

    @Test
    void avrEqualsTheSemanticsAtEveryShift() throws IOException {
        Random r = new Random(44);
        int[] extremeA = {-128, 127, -1, 0, 1, -128, 127, -77, 99, -128, -1, 1};
        int[] extremeB = {-32768, 32767, -1, 0, 1, 32767, -32768, -32768, 32767, -1, -32768, -1};
        int n = extremeA.length + 20;
        long[] a = new long[n], b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i < extremeA.length ? extremeA[i] : -128 + r.nextInt(256);
            b[i] = i < extremeB.length ? extremeB[i] : -32768 + r.nextInt(65536);
        }
        StringBuilder c = new StringBuilder(AvrRuntimeProductsTest.resource("/seedc/codegen/c/avr_reads.h")).append('\n')
                .append(RuntimeHeader.text())
                .append("\n#include \"seedc_bench.h\"\n\n");
        // a signed 16-bit value in decimal, one a line
        c.append("static void put(int16_t v) {\n    uint16_t u = v < 0 ? (uint16_t)(0u - (uint16_t)v) : (uint16_t)v;\n"
                + "    char d[6];\n    uint8_t k = 0;\n    if (v < 0) seedc_uart_putc('-');\n"
                + "    do { d[k++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                + "    while (k) seedc_uart_putc(d[--k]);\n    seedc_uart_putc('\\n');\n}\n\n");
        c.append("static volatile int8_t a[] = ").append(AvrRuntimeProductsTest.init(a))
                .append(";\nstatic volatile int16_t b[] = ").append(AvrRuntimeProductsTest.init(b)).append(";\n");
        c.append("int main(void) {\n    seedc_uart_init();\n    for (uint8_t i = 0; i < ").append(n).append("; i++) {\n");
        c.append("        int8_t x = a[i]; int16_t y = b[i];\n");
        for (int s = 1; s <= IdiomCalls.MAX_SHIFT_16; s++) {
            c.append("        put(sd_mul8x16_shr_16(x, y, ").append(s).append("));\n");
        }
        for (int s = 1; s <= IdiomCalls.MAX_SHIFT_8; s++) {
            c.append("        put(sd_mul8x16_shr_8(x, y, ").append(s).append("));\n");
        }
        c.append("    }\n    SEEDC_BENCH_EXIT();\n}\n");
        List<Long> want = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long p = a[i] * b[i];
            for (int s = 1; s <= IdiomCalls.MAX_SHIFT_16; s++) {
                want.add((long) (short) (p / (1L << s))); // Java's division rounds toward zero
            }
            for (int s = 1; s <= IdiomCalls.MAX_SHIFT_8; s++) {
                want.add((long) (byte) (p / (1L << s)));
            }
        }
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "onceshifted", c, 400_000_000L));
    }
}
