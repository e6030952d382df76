package seedc.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The x86 bench: seedc's x86 C built natively with gcc -O2 (as the emitted Makefile builds it) with a harness that
 * predicts each example {@code reps} times and reads the time stamp counter around the call and at each profile
 * mark (seedc_host_bench.h). Figures are TSC ticks, the minimum over the repetitions of each stretch between marks
 * (see {@link TargetHarness#host}): the machine may be shared and loaded, and noise only ever adds time, so the
 * minimum is the figure closest to the code's own cost. It still varies from run to run by a few percent.
 */
public final class HostBench {
    static final String HEADER = "seedc_host_bench.h";
    /** The emitted Makefile's flags. */
    static final List<String> FLAGS = List.of("-O2", "-std=c99");

    private HostBench() {}

    /** Builds {@code sources} (predict.c) with the harness in {@code work} and runs it. */
    public static TargetRun run(List<Path> sources, Path includeDir, List<String> examples, Path work,
                                boolean profile, int reps) {
        Path gcc = DebianTools.command("gcc", "gcc");
        try {
            Path res = BenchResources.dir(HEADER);
            List<String> cc = new ArrayList<>(List.of(gcc.toString()));
            cc.addAll(FLAGS);
            cc.addAll(List.of("-I" + includeDir.toAbsolutePath(), "-I" + res));
            Path exe = TargetHarness.build("x86", cc, TargetHarness.host(examples, reps), sources, profile, HEADER,
                    work, "bench_x86", "-lm");
            Proc.Result r = Proc.run(List.of(exe.toAbsolutePath().toString()), 3600);
            if (r.exitCode() != 0) {
                throw new IllegalStateException(exe + " failed (exit " + r.exitCode() + "):\n" + r.combined());
            }
            Files.writeString(work.resolve("x86_run.txt"), r.stdout()); // kept beside the build, as the M0+'s
            return parse(r.stdout(), examples.size(), exe);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The harness's output: per example its line, then "@ total mark...". */
    static TargetRun parse(String stdout, int n, Path exe) {
        List<String> outputs = new ArrayList<>();
        List<Long> ticks = new ArrayList<>();
        List<List<Long>> marks = new ArrayList<>();
        for (String line : stdout.lines().map(String::trim).filter(s -> !s.isEmpty()).toList()) {
            if (line.startsWith("@")) {
                List<Long> f = new ArrayList<>();
                for (String w : line.substring(1).trim().split("\\s+")) {
                    f.add(Long.parseLong(w));
                }
                ticks.add(f.get(0));
                marks.add(f.subList(1, f.size()));
            } else {
                outputs.add(line);
            }
        }
        if (outputs.size() != n || ticks.size() != n) {
            throw new IllegalStateException("expected " + n + " predictions, got " + outputs.size() + " lines and "
                    + ticks.size() + " timings from " + exe + ":\n" + stdout);
        }
        return new TargetRun(outputs, ticks, marks, exe);
    }
}
