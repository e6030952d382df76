package seedc.codegen.c.avr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchResources;
import seedc.bench.SimResult;
import seedc.bench.SimavrRunner;
import seedc.codegen.c.writer.RuntimeHeader;

/**
 * The one harness of the AVR kernels' tests (tflite-micro's kernel_runner): a table of calls, each a kernel at one
 * shape, its inputs, the C that calls it and prints its outputs, and the values computed independently by the test,
 * becomes one program run on the Uno under simavr (the assembly) and on x86 (the C fallback, gcc with sanitizers);
 * both must print every call's expected values, in order.
 */
public final class KernelRunner {
    private KernelRunner() {}

    /** An input array of a call, named {@code role} and the call's number: in RAM, or in flash (PROGMEM). */
    public record Input(String role, byte[] bytes, boolean flash) {
        static Input ram(String role, byte[] bytes) {
            return new Input(role, bytes, false);
        }

        static Input flash(String role, byte[] bytes) {
            return new Input(role, bytes, true);
        }
    }

    /**
     * One call of {@code kernel}: its inputs, the statements of main that call it and print its outputs through
     * {@code put} ({@code #} stands for the call's number, so that {@code w#} names its input w), and what they print.
     * {@code at}, {@code rows} and {@code k} (volatile: gcc keeps them variables) and {@code out} (64 bytes) are
     * global.
     */
    public record Call(AvrKernel kernel, List<Input> inputs, String statements, List<Long> expected) {}

    /**
     * Runs the calls as one program named {@code name} in {@code dir}, {@code globals} (tables, helpers) before them,
     * on both machines.
     */
    public static void run(Path dir, String name, String globals, List<Call> calls) throws Exception {
        List<Long> want = calls.stream().flatMap(c -> c.expected().stream()).toList();
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, program(globals, calls, true));
        Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir(), dir),
                List.of("-Wall", "-Werror"), dir.resolve(name + ".elf"));
        SimResult s = SimavrRunner.run(elf, 50_000_000L);
        assertEquals(want, numbers(s.uartOutput()), "the AVR");

        Path host = dir.resolve(name + "-host.c"), exe = dir.resolve(name + "-host");
        Files.writeString(host, program(globals, calls, false));
        assertEquals(want, numbers(runOnHost(host, exe)), "x86");
    }

    private static List<Long> numbers(String printed) {
        return printed.lines().map(String::strip).map(Long::parseLong).toList();
    }

    private static String runOnHost(Path host, Path exe) throws IOException, InterruptedException {
        Process gcc = new ProcessBuilder("gcc", "-std=c99", "-O2", "-Wall", "-Werror", "-fsanitize=address,undefined",
                "-fno-sanitize-recover=all", "-o", exe.toString(), host.toString()).redirectErrorStream(true).start();
        String log = new String(gcc.getInputStream().readAllBytes());
        assertEquals(0, gcc.waitFor(), log);
        Process run = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes());
        assertEquals(0, run.waitFor(), out);
        return out;
    }

    /** The program: prelude, globals, each kernel's source once, the inputs, and main calling each in turn. */
    static String program(String globals, List<Call> calls, boolean avr) throws IOException {
        StringBuilder c = new StringBuilder(prelude(avr)).append(globals);
        Map<String, String> kernels = new LinkedHashMap<>();
        calls.forEach(call -> kernels.putIfAbsent(call.kernel().name(), call.kernel().source()));
        kernels.values().forEach(c::append);
        List<String> mains = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            for (Input in : calls.get(i).inputs()) {
                c.append(in.flash() ? "static const uint8_t " : "static uint8_t ").append(in.role()).append(i)
                 .append("[]").append(in.flash() ? " PROGMEM" : "").append(" = ").append(init(in.bytes()))
                 .append(";\n");
            }
            mains.add(calls.get(i).statements().replace("#", String.valueOf(i)));
        }
        c.append("uint8_t out[64];\nvolatile sd_idx at;\nvolatile uint8_t rows;\nvolatile uint16_t k;\n");
        c.append("int main(void) {\n").append(avr ? "    seedc_uart_init();\n" : "");
        mains.forEach(m -> c.append("    ").append(m.replace("\n", "\n    ")).append('\n'));
        return c.append(avr ? "    SEEDC_BENCH_EXIT();\n}\n" : "    return 0;\n}\n").toString();
    }

    /** The program's start: the reads of flash, the runtime, and put(u) to simavr's UART or stdout. */
    private static String prelude(boolean avr) throws IOException {
        StringBuilder c = new StringBuilder();
        if (avr) {
            c.append(resource("/seedc/codegen/c/avr_reads.h")).append('\n');
        } else {
            c.append("#include <stdio.h>\n#define PROGMEM\n");
        }
        c.append(RuntimeHeader.text()).append('\n');
        if (avr) {
            c.append("#include \"seedc_bench.h\"\n\nstatic void put(uint16_t u) {\n    char b[6]; uint8_t n = 0;\n"
                    + "    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                    + "    while (n) seedc_uart_putc(b[--n]);\n    seedc_uart_putc('\\n');\n}\n\n");
        } else {
            c.append("static void put(uint16_t u) { printf(\"%u\\n\", (unsigned)u); }\n");
        }
        return c.toString();
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

    /** Prints out[f], a byte a row. */
    static final String PRINT_BYTES = "for (uint8_t f = 0; f < rows; f++) put(out[f]);";
    /** Prints out[f], two bytes (little-endian) a row. */
    static final String PRINT_WORDS =
            "for (uint8_t f = 0; f < rows; f++) put((uint16_t)(out[2 * f] | out[2 * f + 1] << 8));";

    /** n random bytes. */
    static byte[] randomBytes(java.util.Random rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** A C initializer of the bytes. */
    public static String init(byte[] v) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append(v[i] & 0xff);
        }
        return sb.append('}').toString();
    }

    /** A resource's text (avr_reads.h, the superopt kernels). */
    public static String resource(String name) throws IOException {
        try (InputStream in = KernelRunner.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
