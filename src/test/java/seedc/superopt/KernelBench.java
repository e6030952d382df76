package seedc.superopt;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * The sd_popand contenders of popand_kernels.h, and seedc_runtime.h's own sd_popand, built with avr-gcc and
 * run under simavr: each call between the GPIOR0 markers of seedc_bench.h, its cycles from simavr (call,
 * argument set-up and return included), its result printed and checked against popcounts computed here.
 */
public final class KernelBench {
    /** The kernels, popand_kernels.h's then the runtime's. */
    public static final List<String> KERNELS = List.of("pk_c_table256", "pk_c_nibble16", "pk_asm_table256",
            "pk_asm_nibble16", "pk_asm_swar", "pk_asm_swar16", "sd_popand");
    static final int[] LENGTHS = {8, 16, 64};
    static final int Q = 96, W = 192;

    /** One call: kernel, weight offset, length. */
    public record Call(String kernel, int at, int n) {}

    private final byte[] q = new byte[Q], w = new byte[W];

    public KernelBench(long seed) {
        Random r = new Random(seed);
        r.nextBytes(q);
        r.nextBytes(w);
        q[0] = (byte) 0xff;
        w[0] = (byte) 0xff;
    }

    /** The reference: the set bits of q[i] & w[at + i], i < n. */
    public long expected(Call c) {
        long s = 0;
        for (int i = 0; i < c.n(); i++) {
            s += Integer.bitCount(q[i] & w[c.at() + i] & 0xff);
        }
        return s;
    }

    /** Runs the calls in one firmware under simavr: their results and cycles. */
    public SimResult run(List<Call> calls, Path dir) {
        try {
            Path src = dir.resolve("popand.c");
            Files.writeString(src, firmware(calls));
            Path elf = AvrToolchain.find().compile(List.of(src), List.of(BenchResources.includeDir(), dir),
                    List.of("-Wall", "-Werror"), dir.resolve("popand.elf"));
            SimResult s = SimavrRunner.run(elf, 50_000_000L);
            if (!s.finished()) {
                throw new IllegalStateException("the popand firmware did not finish");
            }
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String firmware(List<Call> calls) throws IOException {
        StringBuilder c = new StringBuilder();
        c.append(KernelRunner.resource("/seedc/codegen/c/avr_reads.h")).append('\n');
        c.append(RuntimeHeader.text()).append('\n');
        c.append(KernelRunner.resource("/seedc/superopt/popand_kernels.h")).append("\n#include \"seedc_bench.h\"\n\n");
        c.append("static uint8_t q[] = ").append(KernelRunner.init(q)).append(";\n");
        c.append("static const uint8_t w[] PROGMEM = ").append(KernelRunner.init(w)).append(";\n");
        c.append("static void put(uint16_t u) {\n    char b[6]; uint8_t n = 0;\n"
                + "    do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);\n"
                + "    while (n) seedc_uart_putc(b[--n]);\n    seedc_uart_putc('\\n');\n}\n\n");
        c.append("int main(void) {\n    volatile int16_t at, n;\n    uint16_t v;\n    seedc_uart_init();\n");
        for (Call k : calls) {
            c.append("    at = ").append(k.at()).append("; n = ").append(k.n()).append(";\n");
            c.append("    SEEDC_BENCH_START();\n    v = ").append(k.kernel()).append("(q, w, at, n);\n")
                    .append("    SEEDC_BENCH_STOP();\n    put(v);\n");
        }
        return c.append("    SEEDC_BENCH_EXIT();\n}\n").toString();
    }

    /** Prints, per kernel, the cycles of a call for n = 8, 16, 64, cycles per byte, and the marginal cost. */
    public static void main(String[] args) throws IOException {
        KernelBench b = new KernelBench(15);
        List<Call> calls = new ArrayList<>();
        for (String k : KERNELS) {
            for (int n : LENGTHS) {
                calls.add(new Call(k, 5, n));
            }
        }
        Path dir = Files.createTempDirectory("seedc-popand");
        SimResult s = b.run(calls, dir);
        List<Long> got = s.uartOutput().lines().map(String::strip).map(Long::parseLong).toList();
        System.out.println("| kernel | n=8 | n=16 | n=64 | cycles/byte at n=64 | marginal cycles/byte (64-8)/56 "
                + "| bit-exact |");
        System.out.println("|---|---:|---:|---:|---:|---:|---|");
        for (int k = 0; k < KERNELS.size(); k++) {
            long[] cy = new long[LENGTHS.length];
            boolean exact = true;
            for (int j = 0; j < LENGTHS.length; j++) {
                int i = k * LENGTHS.length + j;
                cy[j] = s.intervalCycles().get(i);
                exact &= got.get(i) == b.expected(calls.get(i));
            }
            System.out.printf("| %s | %d | %d | %d | %.2f | %.2f | %s |%n", KERNELS.get(k), cy[0], cy[1], cy[2],
                    cy[2] / 64.0, (cy[2] - cy[0]) / 56.0, exact ? "yes" : "NO");
        }
    }
}
