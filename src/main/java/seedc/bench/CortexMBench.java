package seedc.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Cortex-M0+ bench: seedc's cortex-m C built bare-metal with arm-none-eabi-gcc (-mcpu=cortex-m0plus -mthumb
 * -Os, as the emitted Makefile builds it; the MKR1000's memories) with a harness holding the examples, run by
 * m0plus_run.py (a resource) under Unicorn's Cortex-M0 CPU, which counts each executed instruction's cycles at the
 * Cortex-M0+ Technical Reference Manual's timings and stamps the harness's and the profile's markers (see
 * seedc_m0_bench.h). Needs gcc-arm-none-eabi, libnewlib-arm-none-eabi and python3-unicorn: installed with apt-get
 * when missing (as root), otherwise a UserError names them.
 */
public final class CortexMBench {
    /** Cycles allowed per example before the run is declared stuck. */
    static final long CYCLE_BUDGET = 200_000_000L;
    static final String RUNNER = "m0plus_run.py";
    static final String HEADER = "seedc_m0_bench.h";
    static final String LINKER_SCRIPT = "seedc_m0.ld";
    /** The flags of the emitted Makefile, then bare-metal linking with newlib-nano (memcpy) and libgcc (division). */
    static final List<String> FLAGS = List.of("-mcpu=cortex-m0plus", "-mthumb", "-Os", "-std=c99",
            "-ffunction-sections", "-fdata-sections", "-Wl,--gc-sections", "-nostartfiles", "--specs=nano.specs");

    private CortexMBench() {}

    /** What the runner wrote (see m0plus_run.py). */
    record Result(String state, String error, String output, List<Long> intervals, List<List<Long>> marks,
                  long cycles) {}

    /** The tools, installed when missing: the compiler and objdump, newlib, Python with Unicorn. */
    static Tools tools() {
        Path gcc = DebianTools.command("arm-none-eabi-gcc", "gcc-arm-none-eabi");
        Path objdump = DebianTools.command("arm-none-eabi-objdump", "binutils-arm-none-eabi");
        DebianTools.file(Path.of("/usr/lib/arm-none-eabi/include/string.h"), "libnewlib-arm-none-eabi");
        DebianTools.pythonModule("unicorn", "python3-unicorn");
        return new Tools(gcc, objdump, DebianTools.python());
    }

    record Tools(Path gcc, Path objdump, Path python) {}

    /**
     * Builds {@code sources} (predict.c) with the harness for {@code examples} (C initializers) in {@code work} and
     * runs it; {@code profile}: every source sees seedc_m0_bench.h first, so the profiled body's marks stamp.
     */
    public static TargetRun run(List<Path> sources, Path includeDir, List<String> examples, Path work,
                                boolean profile) {
        Tools t = tools();
        try {
            Path res = BenchResources.dir(HEADER, LINKER_SCRIPT, RUNNER);
            List<String> cc = new ArrayList<>(List.of(t.gcc().toString()));
            cc.addAll(FLAGS);
            cc.addAll(List.of("-T", res.resolve(LINKER_SCRIPT).toString(), "-I" + includeDir.toAbsolutePath(),
                    "-I" + res));
            Path elf = TargetHarness.build("Cortex-M0+", cc, TargetHarness.m0(examples), sources, profile, HEADER,
                    work, "bench_m0plus.elf", "-lgcc");
            return execute(t, res.resolve(RUNNER), elf, examples.size(), work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code elf} (its harness predicting {@code n} examples) under the runner. */
    static TargetRun execute(Tools t, Path runner, Path elf, int n, Path work) throws IOException {
        Path json = work.resolve("m0plus_run.json");
        long budget = 10_000_000L + CYCLE_BUDGET * n;
        Proc.Result r = Proc.run(List.of(t.python().toString(), runner.toString(), elf.toAbsolutePath().toString(),
                json.toAbsolutePath().toString(), "--max-cycles", Long.toString(budget), "--objdump",
                t.objdump().toString()), 7200);
        if (r.exitCode() != 0 || !Files.isRegularFile(json)) {
            throw new IllegalStateException("the Cortex-M0+ runner failed (exit " + r.exitCode() + ") on " + elf
                    + ":\n" + r.combined());
        }
        Result res = new ObjectMapper().readValue(json.toFile(), Result.class);
        if (!res.state().equals("done")) {
            throw new IllegalStateException("the Cortex-M0+ run of " + elf + " " + (res.state().equals("budget")
                    ? "did not finish within " + budget + " cycles" : "failed: " + res.error()));
        }
        List<String> lines = res.output().lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (lines.size() != n || res.intervals().size() != n) {
            throw new IllegalStateException("expected " + n + " predictions, got " + lines.size() + " lines and "
                    + res.intervals().size() + " timings from " + elf + ":\n" + res.output());
        }
        return new TargetRun(lines, res.intervals(), res.marks(), elf);
    }
}
