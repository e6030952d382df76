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
 * A C backend that builds {@link #BATCH} cases' programs into one binary (each predict.c in a translation unit of its
 * own with its examples, CortexMRuns.wrapper); a single run is a batch of one.
 */
interface BatchedBackend extends OpBackend {
    /** Programs per binary: few enough that the pool's threads share the builds, many enough to save the links. */
    int BATCH = 24;

    @Override
    default int batchSize() {
        return BATCH;
    }

    @Override
    default long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception {
        return runBatch(List.of(new Program(work.getFileName().toString(), fp, model, inputs)), work).get(0);
    }

    /** Each program emitted by {@code target} into {@code work}/p{i}, with its inputs. */
    static List<CortexMRuns.Program> emit(CBackend target, List<Program> programs, Path work) {
        List<CortexMRuns.Program> runs = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            Path dir = work.resolve("p" + i);
            target.emit(p.fp(), p.model().weights(), EmitOptions.NONE, dir);
            runs.add(new CortexMRuns.Program(dir, p.inputs(), null, 0));
        }
        return runs;
    }
}
