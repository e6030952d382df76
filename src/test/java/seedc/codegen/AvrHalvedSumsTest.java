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
 * seedc_runtime.h's sd_shrsubhalf8 and sd_shraddhalf8, the AVR dialect's one call for an 8-bit sum of rounded shifts
 * halved into 8 bits (HalvedSums), equal the expression IntExpr writes without them,
 * {@code sd_shr16((int16_t)((int16_t)(sd_shr8(a, na)) - (int16_t)(sd_shr8(b, nb))), 1)}: on the host (the C steps
 * that stand in for the assembly) over every operand pair at every shift pair (0..7 each, both signs of the sum); under
 * simavr, where the sign flag and the borrow are the assembly's, over every operand pair at the shifts ProtoNN's
 * distance uses and more (na 0-2 with nb 0, na 0 with nb 1), counted on the device against that expression compiled
 * by avr-gcc, and on extreme and random operands at every shift pair against the semantics computed here in Java
 * (divisions rounding toward zero). The 16-bit twins, sd_shrsubhalf16 and sd_shraddhalf16, against what Operands
 * writes without them, {@code sd_subhalf16(sd_shr16(a, na), sd_shr16(b, nb))}: on the host over every operand pair at
 * (sub, 1, 0), protonn-gestures-8's distance (about 6 s), and 2^16 pseudo-random pairs at every shift pair (0..15
 * each); under simavr on 32,768 pairs at four shift pairs counted on the device, and samples against Java.
 */
class AvrHalvedSumsTest {
    @TempDir
    Path dir;

    private static final String REFERENCE = "(int8_t)sd_shr16((int16_t)((int16_t)sd_shr8((int8_t)a, NA) OP (int16_t)sd_shr8((int8_t)b, NB)), 1)";

    @Test
    void everyOperandPairEqualsTheWideSumOnTheHost() throws IOException, InterruptedException {
        int max = IdiomCalls.MAX_HALVED_SHIFT_8;
        StringBuilder c = new StringBuilder(RuntimeHeader.text());
        c.append("\n#include <stdio.h>\nint main(void) {\n    long checked = 0, wrong = 0;\n");
        for (int na = 0; na <= max; na++) {
            for (int nb = 0; nb <= max; nb++) {
                for (boolean sub : new boolean[] {true, false}) {
                    c.append("    for (int a = -128; a < 128; a++) for (int b = -128; b < 128; b++) {\n")
                            .append("        int8_t one = ").append(call(sub, na, nb)).append(";\n")
                            .append("        int8_t wide = ").append(reference(sub, na, nb)).append(";\n")
                            .append("        checked++;\n        if (one != wide && wrong++ < 3) printf(\"")
                            .append(sub ? "sub" : "add").append(" na ").append(na).append(" nb ").append(nb)
                            .append(" a %d b %d: %d, not %d\\n\", a, b, one, wide);\n    }\n");
                }
            }
        }
        c.append("    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n");
        Path src = dir.resolve("pairs.c"), exe = dir.resolve("pairs");
        Files.writeString(src, c);
        assertEquals("", run(List.of("gcc", "-O2", "-Wall", "-Werror", "-o", exe.toString(), src.toString())));
        long pairs = 65536L * (max + 1) * (max + 1) * 2;
        assertEquals(pairs + " 0", run(List.of(exe.toString())).strip());
    }

    @Test
    void avrEqualsTheWideSumOnEveryOperandPair() throws IOException {
        int[][] shifts = {{0, 0}, {1, 0}, {2, 0}, {0, 1}};
        StringBuilder c = avrSource();
        c.append("int main(void) {\n    seedc_uart_init();\n    int32_t wrong = 0;\n")
                .append("    for (int16_t a = -128; a < 128; a++) for (int16_t b = -128; b < 128; b++) {\n");
        for (int[] s : shifts) {
            for (boolean sub : new boolean[] {true, false}) {
                c.append("        if (").append(call(sub, s[0], s[1])).append(" != ").append(reference(sub, s[0], s[1]))
                        .append(") wrong++;\n");
            }
        }
        c.append("        SD_OPAQUE(b);\n    }\n    put(wrong);\n    put(1);\n    SEEDC_BENCH_EXIT();\n}\n");
        assertEquals(List.of(0L, 1L), AvrRuntimeProductsTest.uartNumbers(dir, "every", c, 400_000_000L));
    }

    @Test
    void avrEqualsTheSemanticsAtEveryShiftPair() throws IOException {
        int[] extremeA = {-128, 127, -1, 0, 1, -128, 127, -77, 99, -128, 1};
        int[] extremeB = {127, -128, -1, 0, 1, -128, 127, -128, 127, -1, -1};
        int n = 20, max = IdiomCalls.MAX_HALVED_SHIFT_8;
        long[] a = operands(extremeA, n, 8, 43), b = operands(extremeB, n, 8, 143);
        StringBuilder c = avrSource().append(samples(8, a, b));
        c.append("int main(void) {\n    seedc_uart_init();\n    for (uint8_t i = 0; i < ").append(n).append("; i++) {\n")
                .append("        int8_t x = va[i], y = vb[i];\n");
        List<Long> want = new ArrayList<>();
        for (int na = 0; na <= max; na++) {
            for (int nb = 0; nb <= max; nb++) {
                for (boolean sub : new boolean[] {true, false}) {
                    c.append("        put(").append(call(sub, na, nb).replace("(int8_t)a", "x").replace("(int8_t)b", "y"))
                            .append(");\n");
                }
            }
        }
        c.append("    }\n    SEEDC_BENCH_EXIT();\n}\n");
        for (int i = 0; i < n; i++) {
            for (int na = 0; na <= max; na++) {
                for (int nb = 0; nb <= max; nb++) {
                    long x = a[i] / (1L << na), y = b[i] / (1L << nb); // Java's division rounds toward zero
                    want.add((x - y) / 2);
                    want.add((x + y) / 2);
                }
            }
        }
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "samples", c, 400_000_000L));
    }

    @Test
    void sixteenBitsEqualSdSubhalf16OnTheHost() throws IOException, InterruptedException {
        int max = IdiomCalls.MAX_HALVED_SHIFT_16;
        StringBuilder c = new StringBuilder(RuntimeHeader.text());
        c.append("\n#include <stdio.h>\nint main(void) {\n    long checked = 0, wrong = 0;\n    uint32_t x = 1;\n");
        // every pair as protonn-gestures-8's distance uses it (sub, WX shifted by 1)
        for (int[] e : new int[][] {{1, 1, 0}}) {
            c.append("    for (long i = 0; i < 65536L * 65536L; i++) {\n        int16_t a = (int16_t)(uint16_t)(i >> 16), b = ")
                    .append("(int16_t)(uint16_t)i;\n");
            check16(c, e[0] == 1, e[1], e[2]);
            c.append("    }\n");
        }
        // 2^16 pseudo-random pairs (xorshift) at every other shift pair
        c.append("    for (long i = 0; i < 65536; i++) {\n        x ^= x << 13; x ^= x >> 17; x ^= x << 5;\n")
                .append("        int16_t a = (int16_t)(uint16_t)x, b = (int16_t)(uint16_t)(x >> 16);\n");
        for (int na = 0; na <= max; na++) {
            for (int nb = 0; nb <= max; nb++) {
                check16(c, true, na, nb);
                check16(c, false, na, nb);
            }
        }
        c.append("    }\n    printf(\"%ld %ld\\n\", checked, wrong);\n    return 0;\n}\n");
        Path src = dir.resolve("pairs16.c"), exe = dir.resolve("pairs16");
        Files.writeString(src, c);
        assertEquals("", run(List.of("gcc", "-O2", "-Wall", "-Werror", "-o", exe.toString(), src.toString())));
        long pairs = 65536L * 65536L + 65536L * (max + 1) * (max + 1) * 2;
        assertEquals(pairs + " 0", run(List.of(exe.toString())).strip());
    }

    @Test
    void avrSixteenBitsEqualTheSemantics() throws IOException {
        int[] extremeA = {-32768, 32767, -1, 0, 1, -32768, 32767, -32767, 12345, -2};
        int[] extremeB = {32767, -32768, -1, 0, 1, -32768, 32767, 32767, -12345, -1};
        int[] shifts = {0, 1, 2, 7, 8, 15};
        int n = 20;
        long[] a = operands(extremeA, n, 16, 44), b = operands(extremeB, n, 16, 144);
        StringBuilder c = avrSource().append(samples(16, a, b));
        c.append("int main(void) {\n    seedc_uart_init();\n    int32_t wrong = 0;\n")
                .append("    for (uint16_t i = 0; i != 32768u; i++) {\n        int16_t a = (int16_t)(i * 40503u + 7), b = (int16_t)(i * 2u + 1u);\n");
        for (int[] e : new int[][] {{0, 0}, {1, 0}, {0, 1}, {3, 2}}) {
            for (boolean sub : new boolean[] {true, false}) {
                c.append("        if (").append(call16(sub, e[0], e[1])).append(" != ").append(reference16(sub, e[0], e[1]))
                        .append(") wrong++;\n");
            }
        }
        c.append("        SD_OPAQUE(a);\n    }\n    put(wrong);\n");
        c.append("    for (uint8_t i = 0; i < ").append(n).append("; i++) {\n        int16_t x = va[i], y = vb[i];\n");
        List<Long> want = new ArrayList<>(List.of(0L));
        for (int na : shifts) {
            for (int nb : shifts) {
                for (boolean sub : new boolean[] {true, false}) {
                    c.append("        put(").append(call16(sub, na, nb).replace("a, ", "x, ").replace("b, ", "y, ")).append(");\n");
                }
            }
        }
        c.append("    }\n    SEEDC_BENCH_EXIT();\n}\n");
        for (int i = 0; i < n; i++) {
            for (int na : shifts) {
                for (int nb : shifts) {
                    long x = a[i] / (1L << na), y = b[i] / (1L << nb); // Java's division rounds toward zero
                    want.add((x - y) / 2);
                    want.add((x + y) / 2);
                }
            }
        }
        assertEquals(want, AvrRuntimeProductsTest.uartNumbers(dir, "sixteen", c, 800_000_000L));
    }

    /** A host check of the 16-bit call against sd_subhalf16 / sd_addhalf16 after sd_shr16, counting what differs. */
    private static void check16(StringBuilder c, boolean sub, int na, int nb) {
        c.append("        { int16_t one = ").append(call16(sub, na, nb)).append(", wide = ").append(reference16(sub, na, nb))
                .append(";\n          checked++;\n          if (one != wide && wrong++ < 3) printf(\"").append(sub ? "sub" : "add")
                .append(" na ").append(na).append(" nb ").append(nb).append(" a %d b %d: %d, not %d\\n\", a, b, one, wide); }\n");
    }

    private static String call16(boolean sub, int na, int nb) {
        return (sub ? "sd_shrsubhalf16" : "sd_shraddhalf16") + "(a, " + na + ", b, " + nb + ")";
    }

    /** What Operands writes without the call: sd_subhalf16 or sd_addhalf16 of the shifted operands. */
    private static String reference16(boolean sub, int na, int nb) {
        return (sub ? "sd_subhalf16(" : "sd_addhalf16(") + "sd_shr16(a, " + na + "), sd_shr16(b, " + nb + "))";
    }

    private static String call(boolean sub, int na, int nb) {
        return (sub ? "sd_shrsubhalf8" : "sd_shraddhalf8") + "((int8_t)a, " + na + ", (int8_t)b, " + nb + ")";
    }

    private static String reference(boolean sub, int na, int nb) {
        return REFERENCE.replace("NA", Integer.toString(na)).replace("NB", Integer.toString(nb)).replace("OP", sub ? "-" : "+");
    }

    /** n operands of {@code bits} bits: the extreme ones given, then random ones (seeded). */
    private static long[] operands(int[] extreme, int n, int bits, long seed) {
        Random r = new Random(seed);
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < extreme.length ? extreme[i] : -(1L << (bits - 1)) + r.nextInt(1 << bits);
        }
        return v;
    }

    /** The C arrays va and vb of the samples, volatile so that avr-gcc computes every call at run time. */
    private static String samples(int bits, long[] a, long[] b) {
        return "static volatile int" + bits + "_t va[] = " + AvrRuntimeProductsTest.init(a) + ";\nstatic volatile int" + bits
                + "_t vb[] = " + AvrRuntimeProductsTest.init(b) + ";\n";
    }

    /** The AVR runtime and a put() of a signed number a line. */
    private static StringBuilder avrSource() throws IOException {
        return new StringBuilder(AvrRuntimeProductsTest.resource("/seedc/codegen/c/avr_reads.h")).append('\n')
                .append(RuntimeHeader.text())
                .append("\n#include \"seedc_bench.h\"\n\nstatic void put(int32_t v) {\n")
                .append("    char t[12]; uint8_t k = 0; uint32_t u = v < 0 ? (uint32_t)-v : (uint32_t)v;\n")
                .append("    if (v < 0) seedc_uart_putc('-');\n    do { t[k++] = (char)('0' + u % 10); u /= 10; } while (u);\n")
                .append("    while (k) seedc_uart_putc(t[--k]);\n    seedc_uart_putc('\\n');\n}\n\n");
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), () -> command + " failed:\n" + out);
        return out;
    }
}
