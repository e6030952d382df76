package seedc.superopt;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import seedc.codegen.c.AvrPlanePairs;

/**
 * The AVR's kernel of every pair of planes at once (AvrPlanePairs), for each shape it has (1-2 activation planes
 * times 1-3 weight planes) and plane lengths from 1 to 64 bytes (the longest its displacement reaches), on random
 * planes at a random vector offset: under simavr, and its C for other compilers on x86 (gcc, sanitizers), every sum
 * equals sum_{i,j} 2^(i+j) popcount(Q_i AND R_j) computed here, bit by bit.
 */
class AvrPlanePairsTest {
    private static final int[][] SHAPES = {{1, 2}, {2, 1}, {2, 2}, {1, 3}, {2, 3}};
    private static final int[] LENGTHS = {1, 3, 8, 18, 64};

    @TempDir
    Path dir;

    /** One call: planes q (ka of nb bytes) and the weights, interleaved, of two vectors; the second one read. */
    private record Case(int ka, int kb, int nb, byte[] q, byte[] w) {
        long expected() {
            long s = 0;
            for (int i = 0; i < ka; i++) {
                for (int j = 0; j < kb; j++) {
                    for (int b = 0; b < nb; b++) {
                        int both = q[i * nb + b] & w[(nb + b) * kb + j] & 0xff;
                        s += (long) Integer.bitCount(both) << (i + j);
                    }
                }
            }
            return s;
        }
    }

    @Test
    void everyShapeCountsWhatThePlanesHold() throws Exception {
        Random rnd = new Random(15);
        List<Case> cases = new ArrayList<>();
        for (int[] sh : SHAPES) {
            for (int nb : LENGTHS) {
                byte[] q = new byte[sh[0] * nb], w = new byte[2 * nb * sh[1]];
                rnd.nextBytes(q);
                rnd.nextBytes(w);
                cases.add(new Case(sh[0], sh[1], nb, q, w));
            }
        }
        List<Long> want = cases.stream().map(Case::expected).toList();
        Path src = dir.resolve("pairs.c");
        Files.writeString(src, firmware(cases, true));
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir(), dir),
                List.of("-Wall", "-Werror"), dir.resolve("pairs.elf"));
        SimResult s = SimavrRunner.run(elf, 50_000_000L);
        assertEquals(want, s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList(), "the AVR");

        Path host = dir.resolve("host.c"), exe = dir.resolve("host");
        Files.writeString(host, firmware(cases, false));
        Process gcc = new ProcessBuilder("gcc", "-std=c99", "-O2", "-Wall", "-Werror", "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all", "-o", exe.toString(), host.toString()).redirectErrorStream(true).start();
        String log = new String(gcc.getInputStream().readAllBytes());
        assertEquals(0, gcc.waitFor(), log);
        Process run = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes());
        assertEquals(0, run.waitFor(), out);
        assertEquals(want, out.lines().map(String::strip).map(Long::parseLong).toList(), "x86");
    }

    /** A program calling each case's kernel and printing its sum: for the Uno (simavr's UART), or a host's stdout. */
    private static String firmware(List<Case> cases, boolean avr) throws java.io.IOException {
        StringBuilder c = new StringBuilder();
        if (avr) {
            c.append(KernelBench.resource("/seedc/codegen/c/avr_reads.h")).append('\n');
        } else {
            c.append("#include <stdio.h>\n#define PROGMEM\n");
        }
        c.append(KernelBench.resource("/seedc/codegen/c/seedc_runtime.h")).append('\n');
        if (avr) {
            c.append("#include \"seedc_bench.h\"\n\nstatic void put(uint16_t u) {\n    char b[6]; uint8_t n = 0;\n"
                    + "    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                    + "    while (n) seedc_uart_putc(b[--n]);\n    seedc_uart_putc('\\n');\n}\n\n");
        } else {
            c.append("static void put(uint16_t u) { printf(\"%u\\n\", (unsigned)u); }\n");
        }
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            c.append(AvrPlanePairs.source(t.ka(), t.kb(), t.nb()));
            c.append("static uint8_t q").append(k).append("[] = ").append(KernelBench.init(t.q())).append(";\n");
            c.append("static const uint8_t w").append(k).append("[] PROGMEM = ").append(KernelBench.init(t.w()))
                    .append(";\n");
        }
        c.append("int main(void) {\n    volatile sd_idx at;\n").append(avr ? "    seedc_uart_init();\n" : "");
        for (int k = 0; k < cases.size(); k++) {
            Case t = cases.get(k);
            c.append("    at = ").append(t.nb() * t.kb()).append(";\n    put(")
                    .append(AvrPlanePairs.name(t.ka(), t.kb(), t.nb())).append("(q").append(k).append(", w").append(k)
                    .append(", at));\n");
        }
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }
}
