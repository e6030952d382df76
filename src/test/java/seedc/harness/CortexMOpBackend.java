package seedc.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.EmitOptions;
import seedc.bench.CortexMRuns;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.ir.FloatModel;

/**
 * The cortex-m C built bare-metal by arm-none-eabi-gcc -Os for a Cortex-M0+ (what seedc's Makefile builds) or a
 * Cortex-M4 and run under Unicorn (CortexMRuns): {@link #BATCH} cases' programs in one ELF, one build and one run.
 */
final class CortexMOpBackend implements OpBackend {
    /** Programs per ELF: few enough that the pool's threads share the builds, many enough to save the runs. */
    static final int BATCH = 24;

    private final CortexMRuns.Cpu cpu;

    CortexMOpBackend(CortexMRuns.Cpu cpu) {
        this.cpu = cpu;
    }

    @Override
    public String id() {
        return cpu.id();
    }

    @Override
    public boolean available() {
        return CortexMRuns.missingTools() == null;
    }

    @Override
    public int batchSize() {
        return BATCH;
    }

    @Override
    public long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception {
        return runBatch(List.of(new Program(fp, model, inputs)), work).get(0);
    }

    @Override
    public List<long[][]> runBatch(List<Program> programs, Path work) throws Exception {
        List<CortexMRuns.Program> runs = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            Path dir = work.resolve("p" + i);
            CBackend.CORTEX_M.emit(p.fp(), p.model().weights(), EmitOptions.NONE, dir);
            runs.add(new CortexMRuns.Program(dir, p.inputs(), null, 0));
        }
        return CortexMRuns.run(cpu, runs, CortexMRuns.Memory.LARGE, work.resolve(cpu.id())).stream()
                .map(rows -> rows.toArray(long[][]::new)).toList();
    }
}
