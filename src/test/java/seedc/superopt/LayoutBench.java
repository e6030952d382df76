package seedc.superopt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchResources;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;
import seedc.codegen.c.avr.KernelRunner;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The AVR's half of scripts/measure-bit-layouts: a k-bit by m-bit dot product over n elements in the two layouts of
 * layout_kernels.h, one firmware a shape and length (planes one after another: every pair of planes in one pass by
 * the kernel of AvrPlanePairs, or, where it has none, the runtime's assembly sd_popand of the plane's constant length
 * per pair of planes, as the generated code calls them; the bits of one element together, by a table of nibble
 * pairs' products), built with avr-gcc and run under simavr, each call's
 * cycles between the GPIOR0 markers (call, arguments and return included) and its result checked against the sum
 * computed here. Prints tab-separated rows: avr, ka, kb, n, layout, cycles, "cycles".
 */
public final class LayoutBench {
    /** Activation and weight bits of the shapes measured, and their lengths. */
    static final int[][] SHAPES = {{2, 1}, {1, 2}, {2, 2}, {1, 3}, {2, 3}};
    static final int[] LENGTHS = {32, 64, 144, 256};

    private LayoutBench() {}

    /** One shape: its level and value numbers, packed both ways, and the table of its stride. */
    private record Case(int ka, int kb, int n, int[] q, int[] r) {
        int stride() {
            return ka <= 2 && kb <= 2 ? 2 : 4;
        }

        int planeBytes() {
            return (n + 7) / 8;
        }

        byte[] planes(int[] v, int bits) {
            byte[] b = new byte[bits * planeBytes()];
            for (int t = 0; t < n; t++) {
                for (int i = 0; i < bits; i++) {
                    b[i * planeBytes() + t / 8] |= (byte) ((v[t] >> i & 1) << (t % 8));
                }
            }
            return b;
        }

        /** The planes byte by byte: byte b of plane j at b kb + j (AvrPlanePairs' weights). */
        byte[] interleaved(byte[] planes, int kb) {
            byte[] b = new byte[planes.length];
            for (int j = 0; j < kb; j++) {
                for (int t = 0; t < planeBytes(); t++) {
                    b[t * kb + j] = planes[j * planeBytes() + t];
                }
            }
            return b;
        }

        byte[] elements(int[] v) {
            int per = 8 / stride();
            byte[] b = new byte[(n + per - 1) / per];
            for (int t = 0; t < n; t++) {
                b[t / per] |= (byte) (v[t] << (stride() * (t % per)));
            }
            return b;
        }

        long expected() {
            long s = 0;
            for (int t = 0; t < n; t++) {
                s += (long) q[t] * r[t];
            }
            return s;
        }
    }

    public static void main(String[] args) throws IOException {
        Random rnd = new Random(15);
        List<Case> cases = new ArrayList<>();
        for (int[] sh : SHAPES) {
            for (int n : LENGTHS) {
                int[] q = new int[n], r = new int[n];
                for (int t = 0; t < n; t++) {
                    q[t] = rnd.nextInt(1 << sh[0]);
                    r[t] = rnd.nextInt(1 << sh[1]);
                }
                cases.add(new Case(sh[0], sh[1], n, q, r));
            }
        }
        Path dir = Files.createTempDirectory("seedc-layouts");
        // one firmware a case: one call site a kernel, as in a program with one such product (gcc may specialize
        // a kernel for its constant arguments there, and does in the generated code)
        for (int c = 0; c < cases.size(); c++) {
            Case k = cases.get(c);
            Path src = dir.resolve("layouts" + c + ".c");
            Files.writeString(src, firmware(List.of(k)));
            Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir(), dir),
                    List.of("-Wall", "-Werror"), dir.resolve("layouts" + c + ".elf"));
            SimResult s = SimavrRunner.run(elf, 10_000_000L);
            List<Long> got = s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList();
            for (int layout = 0; layout < 2; layout++) {
                if (got.get(layout) != k.expected()) {
                    throw new IllegalStateException(k + " layout " + layout + ": " + got.get(layout) + ", expected "
                            + k.expected());
                }
                System.out.printf("arduino\t%d\t%d\t%d\t%s\t%d\tcycles%n", k.ka(), k.kb(), k.n(),
                        layout == 0 ? "planes" : "elements", s.intervalCycles().get(layout));
            }
        }
    }

    private static String firmware(List<Case> cases) throws IOException {
        StringBuilder c = new StringBuilder();
        c.append(KernelRunner.resource("/seedc/codegen/c/avr_reads.h")).append('\n');
        c.append(RuntimeHeader.text()).append('\n');
        c.append(KernelRunner.resource("/seedc/superopt/layout_kernels.h")).append("\n#include \"seedc_bench.h\"\n\n");
        c.append("static void put(uint32_t u) {\n    char b[11]; uint8_t n = 0;\n"
                + "    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                + "    while (n) seedc_uart_putc(b[--n]);\n    seedc_uart_putc('\\n');\n}\n\n");
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            boolean pairs = new seedc.codegen.c.avr.AvrPlanePairs(k.ka(), k.kb(), k.planeBytes()).applies();
            c.append("static uint8_t q").append(i).append("[] = ").append(KernelRunner.init(k.planes(k.q(), k.ka())))
                    .append(";\nstatic const uint8_t w").append(i).append("[] PROGMEM = ")
                    .append(KernelRunner.init(pairs ? k.interleaved(k.planes(k.r(), k.kb()), k.kb())
                            : k.planes(k.r(), k.kb()))).append(";\nstatic uint8_t a").append(i)
                    .append("[] = ").append(KernelRunner.init(k.elements(k.q()))).append(";\nstatic const uint8_t e")
                    .append(i).append("[] PROGMEM = ").append(KernelRunner.init(k.elements(k.r())))
                    .append(";\n");
            if (pairs) { // the AVR's kernel of every pair at once, as the generated code calls it
                c.append(new seedc.codegen.c.avr.AvrPlanePairs(k.ka(), k.kb(), k.planeBytes()).source())
                        .append("#define lay_p").append(i).append("(q, w) ")
                        .append(new seedc.codegen.c.avr.AvrPlanePairs(k.ka(), k.kb(), k.planeBytes()).name()).append("(q, w, 0)\n");
                continue;
            }
            c.append("SD_POPAND_N(").append(k.planeBytes()).append(")\n#define lay_popand(q, w, at, n) sd_popand_")
                    .append(k.planeBytes()).append("(q, w, at)\nLAY_PLANES(lay_p").append(i)
                    .append(", lay_popand, uint8_t, 1, ").append(k.ka())
                    .append(", ").append(k.kb()).append(", ").append(k.planeBytes()).append(")\n");
        }
        c.append("int main(void) {\n    uint32_t v;\n    seedc_uart_init();\n");
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            c.append("    SEEDC_BENCH_START();\n    v = lay_p").append(i).append("(q").append(i).append(", w").append(i)
                    .append(");\n    SEEDC_BENCH_STOP();\n    put(v);\n");
            c.append("    SEEDC_BENCH_START();\n    v = sd_elemlut").append(k.stride()).append("(a").append(i).append(", e")
                    .append(i).append(", 0, ").append(k.elements(k.q()).length)
                    .append(");\n    SEEDC_BENCH_STOP();\n    put(v);\n");
        }
        return c.append("    SEEDC_BENCH_EXIT();\n}\n").toString();
    }
}
