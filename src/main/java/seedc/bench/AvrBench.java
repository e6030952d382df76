package seedc.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.ScoredBuild;

/**
 * Builds generated predictor sources with a harness that embeds examples in flash, runs the ELF
 * under simavr and collects, per example, the printed prediction and the cycles of the
 * seedc_predict call alone (between SEEDC_BENCH_START and STOP, including the 2 cycles of the
 * markers).
 */
public final class AvrBench {
    private AvrBench() {}

    /**
     * One measured firmware.
     *
     * @param outputs  one line per example as the firmware printed it (a label, or raw output integers)
     * @param cycles   cycles of each inference
     * @param sizes    flash and static RAM from the ELF (including the harness: the input copy, its code)
     * @param peakStackBytes deepest stack seen (RAMEND - lowest SP)
     * @param marks    per example, the cycles from the start of the inference to each profile mark (empty lists
     *                 unless the build was profiled)
     */
    public record Run(List<String> outputs, List<Long> cycles, ElfSizes sizes, int peakStackBytes, Path elf, String mcu,
                      List<List<Long>> marks) {
        public double meanCycles() {
            return cycles.stream().mapToLong(Long::longValue).average().orElse(0);
        }

        public long maxCycles() {
            return cycles.stream().mapToLong(Long::longValue).max().orElse(0);
        }
    }

    /** How the harness stores examples and calls the model. */
    public enum Kind {
        /** seedc_input_t examples (already quantized), seedc_predict. */
        FIXED,
        /** float examples, seedc_predict_float. */
        FLOAT
    }

    /**
     * Builds {@code sources} (the predictor, e.g. predict.cpp) with a harness for {@code examples}
     * in {@code work}, runs it and returns what it printed and measured.
     *
     * @param includeDir the directory holding predict.h
     */
    public static Run run(Kind kind, List<Path> sources, Path includeDir, List<String> examples, int cyclesPerExample,
                          Path work) {
        return run(kind, sources, includeDir, examples, cyclesPerExample, work, AvrToolchain.MCU);
    }

    /** The same on another AVR (only the baseline uses one: a float model that needs more than the Uno's RAM). */
    public static Run run(Kind kind, List<Path> sources, Path includeDir, List<String> examples, int cyclesPerExample,
                          Path work, String mcu) {
        return run(kind, sources, includeDir, examples, cyclesPerExample, work, mcu, false);
    }

    /**
     * The same; {@code profile}: every source sees seedc_bench.h first, so that SEEDC_PROFILE_MARK in a profiled
     * predict body stamps the cycles (see {@link Run#marks}). Inside {@link ScoredBuild#of} every source sees it
     * too, and each line holds the scores the predict body hands over, then the label.
     */
    public static Run run(Kind kind, List<Path> sources, Path includeDir, List<String> examples, int cyclesPerExample,
                          Path work, String mcu, boolean profile) {
        try {
            Files.createDirectories(work);
            Path harness = work.resolve("seedc_harness.c");
            boolean scored = ScoredBuild.on();
            Files.writeString(harness, harness(kind, examples, scored));
            List<Path> all = new ArrayList<>(sources);
            all.add(harness);
            Path elf = work.resolve(kind == Kind.FIXED ? "bench_fixed.elf" : "bench_float.elf");
            List<String> flags = new ArrayList<>();
            if (!mcu.equals(AvrToolchain.MCU)) {
                flags.add("-mmcu=" + mcu);
            }
            if (profile || scored) {
                flags.addAll(List.of("-include", "seedc_bench.h"));
            }
            AvrToolchain.find().compile(all, List.of(includeDir, BenchResources.includeDir()), flags, elf);
            ElfSizes sizes = ElfSizes.of(elf);
            long budget = 10_000_000L + (long) cyclesPerExample * examples.size();
            SimResult r = SimavrRunner.run(elf, budget, mcu);
            if (!r.finished()) {
                throw new SimavrException("the benchmark did not finish within " + budget + " cycles: " + elf);
            }
            List<String> lines = r.uartOutput().lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
            if (lines.size() != examples.size() || r.intervalCycles().size() != examples.size()) {
                throw new SimavrException("expected " + examples.size() + " predictions, got " + lines.size()
                        + " lines and " + r.intervalCycles().size() + " timings from " + elf + ":\n" + r.uartOutput());
            }
            return new Run(lines, r.intervalCycles(), sizes, r.peakStackBytes(), elf, mcu, r.marks());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Formats one example as a C initializer: integers for FIXED, float literals for FLOAT. */
    public static String initializer(long[] fixed) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < fixed.length; i++) {
            sb.append(i == 0 ? "" : ",").append(fixed[i]);
        }
        return sb.append('}').toString();
    }

    public static String initializer(double[] x) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < x.length; i++) {
            float f = (float) x[i];
            sb.append(i == 0 ? "" : ",").append(Float.isFinite(f) ? Float.toString(f) + "f" : "0.0f");
        }
        return sb.append('}').toString();
    }

    /** {@code scored}: the build is {@link ScoredBuild scored}, the harness defines what prints each score. */
    static String harness(Kind kind, List<String> examples, boolean scored) {
        boolean fixed = kind == Kind.FIXED;
        String elem = fixed ? "seedc_input_t" : "float";
        StringBuilder s = new StringBuilder();
        s.append("/* seedc bench harness: runs the model on examples stored in flash, one line each on UART0. */\n");
        s.append("#include <avr/pgmspace.h>\n#include <string.h>\n#include \"seedc_bench.h\"\n#include \"predict.h\"\n\n");
        s.append("#define SD_N ").append(examples.size()).append("\n");
        s.append("#define SD_LEN (SEEDC_INPUT_LEN > 0 ? SEEDC_INPUT_LEN : 1)\n");
        s.append("static const ").append(elem).append(" sd_examples[SD_N][SD_LEN] PROGMEM = {\n");
        for (String e : examples) {
            s.append("    ").append(e).append(",\n");
        }
        s.append("};\n");
        s.append("static ").append(elem).append(" sd_x[SD_LEN];\n\n#define SD_PUTC(c) seedc_uart_putc(c)\n");
        s.append(TargetHarness.SD_PUT);
        if (scored) {
            s.append("void seedc_bench_score(int32_t v) {\n    sd_put(v);\n    seedc_uart_putc(' ');\n}\n\n");
        }
        s.append("""
                int main(void) {
                    seedc_uart_init();
                    for (uint16_t e = 0; e < SD_N; e++) {
                        memcpy_P(sd_x, sd_examples[e], sizeof sd_x);
                        SEEDC_BENCH_START();
                """);
        s.append(fixed ? "        int32_t label = seedc_predict(sd_x);\n" : "        int32_t label = seedc_predict_float(sd_x);\n");
        s.append("""
                        SEEDC_BENCH_STOP();
                #if SEEDC_OUTPUT_LEN > 0
                """);
        if (fixed) {
            s.append("""
                        (void)label;
                        for (uint16_t i = 0; i < SEEDC_OUTPUT_LEN; i++) {
                            if (i) seedc_uart_putc(' ');
                            sd_put((int32_t)seedc_output[i]);
                        }
                #else
                """);
        } else {
            s.append("        (void)label;\n        seedc_uart_putc('-');\n#else\n");
        }
        s.append("""
                        sd_put(label);
                #endif
                        seedc_uart_putc('\\n');
                    }
                    SEEDC_BENCH_EXIT();
                }
                """);
        return s.toString();
    }
}
