package seedc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The C harnesses of the Cortex-M0+ and x86 benches: the examples as constant arrays (in flash on the M0+), each
 * copied to RAM and predicted, the result printed as the AVR harness prints it (a label, or the raw outputs
 * separated by spaces, one line per example) so that {@link ModelBench#format} gives what to compare.
 */
final class TargetHarness {
    private TargetHarness() {}

    /** The M0+ harness: START, the call, STOP, the line through SEEDC_BENCH_PUTC; _start calls main and exits. */
    static String m0(List<String> examples) {
        return head(examples, "#include \"seedc_m0_bench.h\"\n", "SEEDC_BENCH_PUTC")
                + """
                int main(void) {
                    for (unsigned e = 0; e < SD_N; e++) {
                        memcpy(sd_x, sd_examples[e], sizeof sd_x);
                        SEEDC_BENCH_START();
                        int32_t label = seedc_predict(sd_x);
                        SEEDC_BENCH_STOP();
                        sd_line(label);
                    }
                    SEEDC_BENCH_EXIT();
                }

                void __attribute__((section(".text._start"), noreturn)) _start(void) {
                    main();
                    SEEDC_BENCH_EXIT();
                }
                """;
    }

    /**
     * The x86 harness: each example predicted {@code reps} times, the time stamp counter read before and after the
     * call and at each profile mark; per example the minimum over the repetitions of each stretch (before the first
     * mark, between marks, after the last), so noise from a shared machine only adds to some repetitions. Prints
     * each example's line, then "@ total m0 m1 ..." with the stretches' minima summed (the total) and the marks as
     * sums of the stretches before them.
     */
    static String host(List<String> examples, int reps) {
        return head(examples, "#include <stdio.h>\n#include \"seedc_host_bench.h\"\n", "putchar")
                + "#define SD_REPS " + reps + "\n"
                + """
                uint64_t seedc_prof_ticks[SEEDC_PROF_MAX];
                unsigned seedc_prof_count;

                int main(void) {
                    static uint64_t best[SEEDC_PROF_MAX + 1];
                    for (unsigned e = 0; e < SD_N; e++) {
                        int32_t label = 0;
                        unsigned k = 0;
                        for (unsigned r = 0; r < SD_REPS; r++) {
                            memcpy(sd_x, sd_examples[e], sizeof sd_x);
                            seedc_prof_count = 0;
                            uint64_t t0 = __rdtsc();
                            label = seedc_predict(sd_x);
                            uint64_t t1 = __rdtsc();
                            k = seedc_prof_count;
                            for (unsigned i = 0; i <= k; i++) {
                                uint64_t from = i == 0 ? t0 : seedc_prof_ticks[i - 1];
                                uint64_t to = i == k ? t1 : seedc_prof_ticks[i];
                                if (r == 0 || to - from < best[i]) best[i] = to - from;
                            }
                        }
                        sd_line(label);
                        uint64_t total = 0;
                        for (unsigned i = 0; i <= k; i++) total += best[i];
                        printf("@ %llu", (unsigned long long) total);
                        uint64_t at = 0;
                        for (unsigned i = 0; i < k; i++) {
                            at += best[i];
                            printf(" %llu", (unsigned long long) at);
                        }
                        putchar('\\n');
                    }
                    return 0;
                }
                """;
    }

    /** sd_put(v): v in decimal through SD_PUTC (which the harness defines first); the Uno's harness's too. */
    static final String SD_PUT = """
            static void sd_put(int32_t v) {
                char b[12];
                uint8_t n = 0;
                uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
                if (v < 0) SD_PUTC('-');
                do { b[n++] = (char)('0' + u % 10); u /= 10; } while (u);
                while (n) SD_PUTC(b[--n]);
            }

            """;

    /**
     * Writes {@code harness} to {@code work}/seedc_harness.c and builds it with {@code sources} into
     * {@code work}/{@code binary}: {@code compiler} (the command, its flags and include dirs), then, when
     * {@code profile}, {@code -include header} (so the profiled body's marks expand to the bench's), the sources,
     * the harness and {@code lib}. {@code what} names the build in the error when the compiler fails.
     */
    static Path build(String what, List<String> compiler, String harness, List<Path> sources, boolean profile,
                      String header, Path work, String binary, String lib) throws IOException {
        Files.createDirectories(work);
        Path h = work.resolve("seedc_harness.c");
        Files.writeString(h, harness);
        Path out = work.resolve(binary).toAbsolutePath();
        List<String> cmd = new ArrayList<>(compiler);
        if (profile) {
            cmd.addAll(List.of("-include", header));
        }
        cmd.addAll(List.of("-o", out.toString()));
        sources.forEach(s -> cmd.add(s.toAbsolutePath().toString()));
        cmd.addAll(List.of(h.toAbsolutePath().toString(), lib));
        Proc.Result c = Proc.run(cmd, 300);
        if (c.exitCode() != 0) {
            throw new IllegalStateException("building the " + what + " bench failed: " + String.join(" ", cmd)
                    + "\n" + c.combined());
        }
        return out;
    }

    /** Includes, the examples, the input buffer and sd_line (the result's line through {@code putc}). */
    private static String head(List<String> examples, String include, String putc) {
        StringBuilder s = new StringBuilder("/* seedc bench harness: runs the model on the examples below. */\n");
        s.append("#include <stdint.h>\n#include <string.h>\n").append(include).append("#include \"predict.h\"\n\n");
        s.append("#define SD_N ").append(examples.size()).append("\n");
        s.append("#define SD_LEN (SEEDC_INPUT_LEN > 0 ? SEEDC_INPUT_LEN : 1)\n");
        s.append("static const seedc_input_t sd_examples[SD_N][SD_LEN] = {\n");
        examples.forEach(e -> s.append("    ").append(e).append(",\n"));
        s.append("};\nstatic seedc_input_t sd_x[SD_LEN];\n\n#define SD_PUTC(c) ").append(putc).append("(c)\n");
        s.append(SD_PUT).append("""
                static void sd_line(int32_t label) {
                #if SEEDC_OUTPUT_LEN > 0
                    (void)label;
                    for (unsigned i = 0; i < SEEDC_OUTPUT_LEN; i++) {
                        if (i) SD_PUTC(' ');
                        sd_put((int32_t)seedc_output[i]);
                    }
                #else
                    sd_put(label);
                #endif
                    SD_PUTC('\\n');
                }

                """);
        return s.toString();
    }
}
