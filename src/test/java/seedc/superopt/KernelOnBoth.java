package seedc.superopt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchResources;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;

/**
 * A kernel test's program run on the Uno under simavr and on x86 (gcc, sanitizers): each prints one number a line
 * through {@code put}, and both must print {@code want}.
 */
final class KernelOnBoth {
    private KernelOnBoth() {}

    /** The program's text for the Uno ({@code avr}) or a host. */
    interface Program {
        String text(boolean avr) throws java.io.IOException;
    }

    static void assertPrints(Path dir, String name, Program program, List<Long> want) throws Exception {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, program.text(true));
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir(), dir),
                List.of("-Wall", "-Werror"), dir.resolve(name + ".elf"));
        SimResult s = SimavrRunner.run(elf, 50_000_000L);
        assertEquals(want, s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList(), "the AVR");

        Path host = dir.resolve(name + "-host.c"), exe = dir.resolve(name + "-host");
        Files.writeString(host, program.text(false));
        Process gcc = new ProcessBuilder("gcc", "-std=c99", "-O2", "-Wall", "-Werror", "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all", "-o", exe.toString(), host.toString()).redirectErrorStream(true).start();
        String log = new String(gcc.getInputStream().readAllBytes());
        assertEquals(0, gcc.waitFor(), log);
        Process run = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes());
        assertEquals(0, run.waitFor(), out);
        assertEquals(want, out.lines().map(String::strip).map(Long::parseLong).toList(), "x86");
    }

    /**
     * n bytes from seed, as the C function {@link #FILL} writes them (x = 25173 x + 13849 modulo 2^16, its high byte
     * each step): a table a test fills in RAM without an initializer's RAM.
     */
    static int[] pseudoRandomBytes(int seed, int n) {
        int[] t = new int[n];
        int x = seed;
        for (int i = 0; i < n; i++) {
            x = (x * 25173 + 13849) & 0xffff;
            t[i] = x >> 8;
        }
        return t;
    }

    /** fill(t, seed, n): the C of {@link #pseudoRandomBytes}, into t. */
    static final String FILL = "static void fill(uint8_t *t, uint16_t x, uint16_t n) {\n"
            + "    for (uint16_t i = 0; i < n; i++) {\n        x = (uint16_t)(x * 25173u + 13849u);\n"
            + "        t[i] = (uint8_t)(x >> 8);\n    }\n}\n";

    /** The program's start: the reads of flash, the runtime, and put(u) to simavr's UART or stdout. */
    static String prelude(boolean avr) throws java.io.IOException {
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
        return c.toString();
    }
}
