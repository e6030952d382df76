package seedc.harness;

import java.nio.file.Path;
import java.util.List;
import seedc.bench.CortexMRuns;
import seedc.codegen.c.CBackend;

/**
 * The cortex-m C built bare-metal by arm-none-eabi-gcc -Os for a Cortex-M0+ (what seedc's Makefile builds) or a
 * Cortex-M4 and run under Unicorn (CortexMRuns): {@link #BATCH} cases' programs in one ELF, one build and one run.
 */
final class CortexMOpBackend implements BatchedBackend {
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
    public List<long[][]> runBatch(List<Program> programs, Path work) throws Exception {
        List<CortexMRuns.Program> runs = BatchedBackend.emit(CBackend.CORTEX_M, programs, work);
        return CortexMRuns.run(cpu, runs, CortexMRuns.Memory.LARGE, work.resolve(cpu.id())).stream()
                .map(rows -> rows.toArray(long[][]::new)).toList();
    }
}
