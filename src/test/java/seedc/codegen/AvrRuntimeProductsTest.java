package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchResources;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The runtime's products and shifts as the AVR computes them (seedc_runtime.h: sd_mul8x16 and sd_mul16 in inline
 * assembly, sd_shr32 and the unsigned sd_lsr32 by whole bytes first, sd_shr16, and the halved 17-bit sums
 * sd_subhalf16 and sd_addhalf16 in inline assembly), run under simavr on random and extreme operands, equal the exact
 * products, the divisions by 2^n rounding toward zero and the unsigned shifts computed here in Java.
 */
class AvrRuntimeProductsTest {
    /** The shifts tried: every rest within a byte, after a byte, after two bytes, and after three. */
    static final int[] SHIFTS32 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 21, 22, 23, 24, 25, 29, 30};
    static final int[] SHIFTS16 = {1, 5, 8, 9, 14};

    @TempDir
    Path dir;

    @Test
    void productsAndShiftsEqualJava() throws IOException {
        Random r = new Random(11);
        int n = 48;
        long[] a = new long[n], b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = i < 4 ? (i % 2 == 0 ? -32768 : 32767) : -32768 + r.nextInt(65536);
            b[i] = i < 4 ? (i < 2 ? -32768 : 32767) : -32768 + r.nextInt(65536);
        }
        StringBuilder c = new StringBuilder(resource("/seedc/codegen/c/avr_reads.h")).append('\n')
                .append(RuntimeHeader.text()).append("\n#include \"seedc_bench.h\"\n\n");
        c.append("static void put(int32_t v) {\n    char t[12]; uint8_t k = 0;\n"
                + "    uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;\n    if (v < 0) seedc_uart_putc('-');\n"
                + "    do { t[k++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                + "    while (k) seedc_uart_putc(t[--k]);\n    seedc_uart_putc('\\n');\n}\n\n");
        c.append("static int16_t a[] = ").append(init(a)).append(";\nstatic int16_t b[] = ").append(init(b)).append(";\n");
        c.append("int main(void) {\n    seedc_uart_init();\n    for (uint8_t i = 0; i < ").append(n).append("; i++) {\n");
        c.append("        int32_t p = sd_mul16(a[i], b[i]);\n        put(sd_mul8x16((int8_t)a[i], b[i]));\n        put(p);\n");
        List<Long> want = new ArrayList<>();
        for (int s : SHIFTS32) {
            c.append("        put(sd_shr32(p, ").append(s).append("));\n");
        }
        for (int s : SHIFTS16) {
            c.append("        put(sd_shr16(a[i], ").append(s).append("));\n");
        }
        for (int s : SHIFTS32) {
            c.append("        put((int32_t)sd_lsr32((uint32_t)p, ").append(s).append("));\n");
        }
        c.append("        put(sd_subhalf16(a[i], b[i]));\n        put(sd_addhalf16(a[i], b[i]));\n");
        c.append("    }\n    SEEDC_BENCH_EXIT();\n}\n");
        for (int i = 0; i < n; i++) {
            long p = a[i] * b[i];
            want.add((long) (byte) a[i] * b[i]);
            want.add(p);
            for (int s : SHIFTS32) {
                want.add(p / (1L << s)); // Java's division rounds toward zero
            }
            for (int s : SHIFTS16) {
                want.add(a[i] / (1L << s));
            }
            for (int s : SHIFTS32) {
                want.add((p & 0xFFFFFFFFL) >>> s); // p's 32 bits as unsigned
            }
            want.add((a[i] - b[i]) / 2);
            want.add((a[i] + b[i]) / 2);
        }
        assertEquals(want, uartNumbers(dir, "products", c, 200_000_000L));
    }

    /**
     * The numbers, one a line, that firmware {@code c} (built as {@code name}.c in dir) writes to the UART under simavr
     * within {@code maxCycles} (a budget, not a timing: UART lines cost most of it); asserts it finished.
     */
    static List<Long> uartNumbers(Path dir, String name, CharSequence c, long maxCycles) throws IOException {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, c);
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir()),
                List.of("-Wall", "-Werror"), dir.resolve(name + ".elf"));
        SimResult s = SimavrRunner.run(elf, maxCycles);
        assertTrue(s.finished(), "the firmware did not finish");
        return s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList();
    }

    /**
     * The start of a firmware that reports hashes: avr_reads.h, the runtime, seedc_bench.h and put(u), which writes an
     * unsigned 32-bit number and a line break to the UART (AvrShr32Test, AvrHalvedRowsTest).
     */
    static StringBuilder firmwareWithPut() throws IOException {
        return new StringBuilder(resource("/seedc/codegen/c/avr_reads.h")).append('\n').append(RuntimeHeader.text())
                .append("\n#include \"seedc_bench.h\"\n\nstatic void put(uint32_t u) {\n    char t[12]; uint8_t k = 0;\n"
                        + "    do { t[k++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                        + "    while (k) seedc_uart_putc(t[--k]);\n    seedc_uart_putc('\\n');\n}\n\n");
    }

    /**
     * firmwareWithPut, then mix(v), which folds a 16-bit value into the hash h (FNV-1a: h = (h xor v) 16777619 modulo
     * 2^32, a difference in one value stays in h), and row8, a flash row of the 256 8-bit values -128 .. 127 in order
     * (AvrHalvedRowsTest, AvrClassScoreRowTest).
     */
    static StringBuilder firmwareWithRow8() throws IOException {
        StringBuilder c = firmwareWithPut();
        c.append("static uint32_t h;\nstatic void mix(uint16_t v) { h = (h ^ v) * 16777619u; }\n");
        c.append("static const int8_t row8[256] PROGMEM = {");
        for (int k = 0; k < 256; k++) {
            c.append(k == 0 ? "" : ",").append(k - 128);
        }
        return c.append("};\n");
    }

    /** A C initializer of v's values (-32768 spelled so that it is an int). */
    static String init(long[] v) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append(v[i] == -32768 ? "-32767 - 1" : Long.toString(v[i]));
        }
        return sb.append('}').toString();
    }

    /** A resource of the C backends (avr_reads.h) as text. */
    static String resource(String name) throws IOException {
        try (InputStream in = AvrRuntimeProductsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
