package seedc.harness;

import java.nio.file.Path;
import java.util.List;
import seedc.bench.AvrBench;
import seedc.bench.AvrToolchain;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.ir.FloatModel;

/**
 * The Arduino backend: the sketch's predict.cpp (constants in flash, AVR dot kernels) built by avr-gcc for
 * the Uno with the benchmark harness, which stores every example in flash, and run under simavr; a build per case,
 * so by default on the reduced table (OpHarnessTest.REDUCED).
 */
final class AvrBackend implements OpBackend {
    /** Cycles allowed per example before the simulation counts as stuck. */
    private static final int CYCLES_PER_EXAMPLE = 2_000_000;

    @Override
    public String id() {
        return "avr";
    }

    @Override
    public boolean available() {
        try {
            AvrToolchain.find(); // simavr is a library here (SimavrRunner), which the toolchain's packages bring
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) {
        Path sketch = work.resolve("sketch");
        CBackend.ARDUINO.emit(fp, model.weights(), EmitOptions.on(Device.UNO), sketch);
        List<String> examples = inputs.stream().map(AvrBench::initializer).toList();
        AvrBench.Run run = AvrBench.run(AvrBench.Kind.FIXED, List.of(sketch.resolve("predict.cpp")), sketch, examples,
                CYCLES_PER_EXAMPLE, work.resolve("avr"));
        return run.outputs().stream().map(OpBackend::parseLine).toArray(long[][]::new);
    }
}
