package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
 * The AVR assembly dot products of seedc_runtime.h (sd_avr_dot8_32, sd_avr_dot8_16, sd_avr_dot16_16, their
 * _ram twins with both vectors in RAM, and with one TreeSum halving level sd_avr_pairs8_16,
 * sd_avr_pairs16_16), run under simavr on vectors with random and extreme elements and every length
 * parity, equal the wrapped sums computed here in Java; sd_avr_dot8_32 (and _ram) also with its sum's start
 * folded for a constant length and computed for a variable one (SD_AVR_DOT_CONST); and sd_avr_dots8_32, a sum
 * of each of several rows of b[] with one a[].
 */
class AvrDotKernelTest {
    static final int[] LENGTHS = {0, 1, 2, 3, 7, 40, 33, 300};

    @TempDir
    Path dir;

    @Test
    void kernelsEqualTheWrappedSums() throws IOException {
        Random r = new Random(7);
        StringBuilder c = preamble();
        // sd_avr_dot8_32 with its sum's start folded in C (a constant length) and computed by its asm (any other),
        // whichever way the compiler would take at these calls: the same kernels instantiated with each
        for (String path : List.of("const 1", "var 0")) {
            String[] p = path.split(" ");
            c.append("#undef SD_AVR_DOT_CONST\n#define SD_AVR_DOT_CONST(n) ").append(p[1]).append("\nSD_AVR_DOTS(_")
                    .append(p[0]).append(", \"lpm\")\nSD_AVR_DOTS(_").append(p[0]).append("_ram, \"ld\")\n");
        }
        List<String> calls = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        int id = 0;
        for (int n : LENGTHS) {
            for (int kind = 0; kind < (n > 255 ? 1 : 8); kind++) { // a long run for one kernel: the RAM is 2 KB
                boolean wide = kind == 2 || kind == 4 || kind == 7;
                boolean ram = kind >= 5; // b[] in RAM too
                long[] a = values(r, n, wide), b = values(r, n, wide);
                String t = wide ? "int16_t" : "int8_t";
                c.append("static ").append(t).append(" a").append(id).append("[] = ").append(init(a)).append(";\n");
                c.append("static const ").append(t).append(" b").append(id).append("[]").append(ram ? "" : " PROGMEM")
                        .append(" = ").append(init(b)).append(";\n");
                long sum = 0;
                for (int q = 0; q < n; q++) {
                    long p = wide ? (short) (a[q] * b[q]) : a[q] * b[q];
                    sum += kind == 3 || kind == 4 ? p / 2 : p; // one halving level: each term shifted by 1 toward zero
                }
                String fn = switch (kind) {
                    case 0 -> "sd_avr_dot8_32";
                    case 1 -> "sd_avr_dot8_16";
                    case 2 -> "sd_avr_dot16_16";
                    case 3 -> "sd_avr_pairs8_16";
                    case 4 -> "sd_avr_pairs16_16";
                    case 5 -> "sd_avr_dot8_32_ram";
                    case 6 -> "sd_avr_dot8_16_ram";
                    default -> "sd_avr_dot16_16_ram";
                };
                calls.add("put(" + fn + "(a" + id + ", b" + id + ", " + n + "));");
                expected.add(kind == 0 || kind == 5 ? (long) (int) sum : (long) (short) sum);
                if (kind == 0 || kind == 5) { // the same vectors through each path of the 32-bit sum
                    for (String path : List.of("_const", "_var")) {
                        calls.add("put(" + fn.replace("_ram", "") + path + (kind == 5 ? "_ram" : "") + "(a" + id
                                + ", b" + id + ", " + n + "));");
                        expected.add((long) (int) sum);
                    }
                }
                id++;
            }
        }
        assertEquals(expected, run(c, calls));
    }

    /**
     * sd_avr_dots8_32 (a convolution pixel's output channels in one call): m sums of n terms of a[] (RAM) with rows
     * of b[] (flash) stride bytes apart, each equal to the wrapped sum computed here; n of either parity, zero and
     * one, rows shorter than their stride (a window's kernel rows inside the input), and one row.
     */
    @Test
    void channelRowsEqualTheWrappedSums() throws IOException {
        Random r = new Random(11);
        StringBuilder c = preamble();
        List<String> calls = new ArrayList<>();
        List<Long> expected = new ArrayList<>();
        int[][] cases = {{9, 8, 9}, {6, 8, 9}, {0, 3, 4}, {1, 1, 1}, {7, 3, 10}, {72, 8, 72}, {33, 5, 40}};
        for (int id = 0; id < cases.length; id++) {
            int n = cases[id][0], m = cases[id][1], stride = cases[id][2];
            long[] a = values(r, n, false), b = values(r, m * stride, false);
            c.append("static int8_t a").append(id).append("[] = ").append(init(a)).append(";\n");
            c.append("static const int8_t b").append(id).append("[] PROGMEM = ").append(init(b)).append(";\n");
            c.append("static int32_t out").append(id).append("[").append(m).append("];\n");
            calls.add("sd_avr_dots8_32(a" + id + ", b" + id + ", " + n + ", " + m + ", " + stride + ", out" + id
                    + ");");
            for (int row = 0; row < m; row++) {
                long sum = 0;
                for (int q = 0; q < n; q++) {
                    sum += a[q] * b[row * stride + q];
                }
                calls.add("put(out" + id + "[" + row + "]);");
                expected.add((long) (int) sum);
            }
        }
        assertEquals(expected, run(c, calls));
    }

    /** The runtime with the AVR dialect's flash reads, the bench's UART and a decimal printer, put(). */
    private StringBuilder preamble() throws IOException {
        StringBuilder c = new StringBuilder();
        // the AVR dialect's flash reads (SD_R*, SD_RU8, SD_NEXT*), as every generated AVR program has them
        c.append(new String(getClass().getResourceAsStream("/seedc/codegen/c/avr_reads.h").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8)).append('\n');
        c.append(RuntimeHeader.text()).append("\n#include \"seedc_bench.h\"\n\n");
        c.append("static void put(int32_t v) {\n    char b[12]; uint8_t n = 0;\n"
                + "    uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;\n    if (v < 0) seedc_uart_putc('-');\n"
                + "    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                + "    while (n) seedc_uart_putc(b[--n]);\n    seedc_uart_putc('\\n');\n}\n\n");
        return c;
    }

    /** Builds {@code c} with a main() making {@code calls}, runs it under simavr, and returns the numbers it printed. */
    private List<Long> run(StringBuilder c, List<String> calls) throws IOException {
        c.append("\nint main(void) {\n    seedc_uart_init();\n");
        for (String call : calls) {
            c.append("    ").append(call).append('\n');
        }
        c.append("    SEEDC_BENCH_EXIT();\n}\n");
        Path src = dir.resolve("kernels.c");
        Files.writeString(src, c);
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir()), List.of("-Wall",
                "-Werror"), dir.resolve("kernels.elf"));
        SimResult s = SimavrRunner.run(elf, 50_000_000L);
        assertTrue(s.finished(), "the kernel firmware did not finish");
        return s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList();
    }

    /** Random elements, with the extremes (-128/127, -32768/32767) and zero mixed in. */
    private static long[] values(Random r, int n, boolean wide) {
        long lo = wide ? -32768 : -128, hi = wide ? 32767 : 127;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            int pick = r.nextInt(5);
            v[i] = pick == 0 ? lo : pick == 1 ? hi : pick == 2 ? 0 : lo + r.nextInt((int) (hi - lo + 1));
        }
        return v;
    }

    private static String init(long[] v) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append(v[i] == -32768 ? "-32767 - 1" : Long.toString(v[i]));
        }
        return sb.append(v.length == 0 ? "0}" : "}").toString();
    }
}
