package seedc.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.bench.CortexMRuns;
import seedc.codegen.DifferentialTest;
import seedc.codegen.c.CBackend;

/**
 * A C backend whose output builds and runs on the host: the predict.c seedc writes, built by gcc with
 * -fsanitize=undefined,address (any report fails the case), {@link #BATCH} cases' programs in one executable, run
 * once on every example. The x86 target, and the HLS C (the same C with its Vitis pragmas and unroll hints, which gcc
 * ignores). main.c's reading of real inputs is DifferentialTest's to check, on the fixtures.
 */
final class X86Backend implements BatchedBackend {
    private final CBackend target;

    X86Backend(CBackend target) {
        this.target = target;
    }

    @Override
    public String id() {
        return target.id();
    }

    @Override
    public boolean available() {
        return DifferentialTest.have("gcc") && DifferentialTest.have("make");
    }

    /**
     * Every program's predict.c included in a translation unit of its own with its examples (CortexMRuns.wrapper: the
     * raw integers of X, as the Cortex-M and the AVR get them), all built into one executable with gcc
     * {@link DifferentialTest#SANITIZE} and run once; nothing may reach stderr.
     */
    @Override
    public List<long[][]> runBatch(List<Program> programs, Path work) throws Exception {
        List<CortexMRuns.Program> runs = BatchedBackend.emit(target, programs, work);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(List.of(DifferentialTest.SANITIZE.split(" ")));
        if (target == CBackend.HLS) {
            cmd.add("-Wno-unknown-pragmas"); // Makefile-hls's HLSFLAGS: gcc ignores the Vitis pragmas
        }
        cmd.addAll(List.of("-o", work.resolve("batch").toString()));
        for (int i = 0; i < runs.size(); i++) {
            Path c = work.resolve("program" + i + ".c");
            Files.writeString(c, CortexMRuns.wrapper(i, runs.get(i), "#include <stdio.h>\n", "putchar"));
            cmd.add(c.toString());
        }
        Path main = work.resolve("main.c");
        Files.writeString(main, CortexMRuns.main(programs.size(), "", "return 0;"));
        cmd.addAll(List.of(main.toString(), "-lm"));
        Process gcc = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).start();
        String log = new String(gcc.getInputStream().readAllBytes());
        if (gcc.waitFor() != 0) {
            throw new AssertionError(String.join(" ", cmd) + " failed:\n" + log);
        }
        Path none = Files.writeString(work.resolve("stdin.txt"), "");
        List<String> lines = DifferentialTest.predict(work.resolve("batch"), none, id() + " " + work.getFileName());
        return CortexMRuns.parse(String.join("\n", lines), runs, id() + " " + work + " stopped").stream()
                .map(rows -> rows.toArray(long[][]::new)).toList();
    }
}
