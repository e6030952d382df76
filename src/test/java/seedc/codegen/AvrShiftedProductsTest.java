package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.writer.RuntimeHeader;
import seedc.fixed.IdiomCalls;

/**
 * seedc_runtime.h's sd_mul8x16_shr2_8, the AVR dialect's one call for an 8x16 product shifted twice into an 8-bit sum
 * (ShiftedProducts), equals the two shifts it replaces: on the host over every 8-bit x 16-bit operand pair at every
 * shift pair it is written for (1 <= n1 <= 8, 1 <= n2 <= 15; about 4 s of gcc -O2 code), against the runtime's own
 * expression {@code sd_shr16((int16_t)sd_shr32(sd_mul8x16(a, b), n1), n2)}; and under simavr, where the product is
 * the __int24 of its inline assembly, on extreme and random operands at every shift pair, against the semantics
 * computed here in Java (divisions rounding toward zero, wraps to 16 and 8 bits).
 */
class AvrShiftedProductsTest {
    @TempDir
    Path dir;

    @Test
    void everyOperandPairEqualsTheTwoShiftsOnTheHost() throws IOException, InterruptedException {
        String c = RuntimeHeader.text() + "\n#include <stdio.h>\nint main(void) {\n"
                + "    long checked = 0, wrong = 0;\n"
                + "    for (int n1 = 1; n1 <= " + IdiomCalls.MAX_FIRST_SHIFT + "; n1++)\n"
                + "    for (int n2 = 1; n2 <= " + IdiomCalls.MAX_SECOND_SHIFT + "; n2++)\n"
                + "    for (int a = -128; a < 128; a++) for (int b = -32768; b < 32768; b++) {\n"
                + "        int8_t two = (int8_t)sd_shr16((int16_t)sd_shr32(sd_mul8x16((int8_t)a, (int16_t)b), n1), n2);\n"
                + "        int8_t one = sd_mul8x16_shr2_8((int8_t)a, (int16_t)b, n1, n2);\n"
                + "        checked++;\n"
                + "        if (one != two && wrong++ < 3) printf(\"n1 %d n2 %d a %d b %d: %d, not %d\\n\", n1, n2, a, b, one, two);\n"
                + "    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n";
        long pairs = 256L * 65536 * IdiomCalls.MAX_FIRST_SHIFT * IdiomCalls.MAX_SECOND_SHIFT;
        assertEquals(pairs + " 0", compileAndRun(dir, c));
    }

    @Test
    void avrEqualsTheSemanticsAtEveryShiftPair() throws IOException {
        Random r = new Random(43);
        int[] extremeA = {-128, 127, -1, 0, 1, -128, 127, -77, 99, -128};
        int[] extremeB = {-32768, 32767, -1, 0, 1, 32767, -32768, -32768, 32767, -1};
        int n = extremeA.length + 14;
        long[] a = new long[n], b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i < extremeA.length ? extremeA[i] : -128 + r.nextInt(256);
            b[i] = i < extremeB.length ? extremeB[i] : -32768 + r.nextInt(65536);
        }
        StringBuilder c = new StringBuilder(AvrRuntimeProductsTest.resource("/seedc/codegen/c/avr_reads.h"))
                .append('\n').append(RuntimeHeader.text()).append("\n#include \"seedc_bench.h\"\n\n");
        c.append("static void put(int8_t v) {\n    uint8_t u = v < 0 ? (uint8_t)-v : (uint8_t)v;\n"
                + "    if (v < 0) seedc_uart_putc('-');\n    if (u >= 100) seedc_uart_putc('1');\n"
                + "    if (u >= 10) seedc_uart_putc((char)('0' + u / 10 % 10));\n"
                + "    seedc_uart_putc((char)('0' + u % 10));\n    seedc_uart_putc('\\n');\n}\n\n");
        c.append("static volatile int8_t a[] = ").append(AvrRuntimeProductsTest.init(a)).append(";\nstatic volatile int16_t b[] = ")
                .append(AvrRuntimeProductsTest.init(b)).append(";\n");
        c.append("int main(void) {\n    seedc_uart_init();\n    for (uint8_t i = 0; i < ").append(n).append("; i++) {\n");
        c.append("        int8_t x = a[i]; int16_t y = b[i];\n");
        List<Long> want = new ArrayList<>();
        for (int n1 = 1; n1 <= IdiomCalls.MAX_FIRST_SHIFT; n1++) {
            for (int n2 = 1; n2 <= IdiomCalls.MAX_SECOND_SHIFT; n2++) {
                c.append("        put(sd_mul8x16_shr2_8(x, y, ").append(n1).append(", ").append(n2).append("));\n");
            }
        }
        c.append("    }\n    SEEDC_BENCH_EXIT();\n}\n");
        for (int i = 0; i < n; i++) {
            for (int n1 = 1; n1 <= IdiomCalls.MAX_FIRST_SHIFT; n1++) {
                for (int n2 = 1; n2 <= IdiomCalls.MAX_SECOND_SHIFT; n2++) {
                    long middle = (short) (a[i] * b[i] / (1L << n1)); // Java's division rounds toward zero
                    want.add((long) (byte) (middle / (1L << n2)));
                }
            }
        }
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "shifted", c, 400_000_000L));
    }

    /** Builds c with the host's gcc -O2 in dir and runs it: its output, stripped. */
    static String compileAndRun(Path dir, String c) throws IOException, InterruptedException {
        Path src = dir.resolve("pairs.c"), exe = dir.resolve("pairs");
        Files.writeString(src, c);
        assertEquals("", run(List.of("gcc", "-O2", "-Wall", "-Werror", "-o", exe.toString(), src.toString())));
        return run(List.of(exe.toString())).strip();
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), () -> command + " failed:\n" + out);
        return out;
    }
}
