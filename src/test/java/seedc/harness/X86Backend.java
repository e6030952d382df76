package seedc.harness;

import java.nio.file.Path;
import java.util.List;
import seedc.codegen.DifferentialTest;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * A C backend whose output builds and runs on the host: predict.c, main.c and the Makefile seedc writes, built by
 * gcc with -fsanitize=undefined,address (any report fails the case), run once on every example. The x86 target,
 * and the HLS C (the same C with its Vitis pragmas and unroll hints, which gcc ignores).
 */
final class X86Backend implements OpBackend {
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

    @Override
    public long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception {
        target.emit(fp, model.weights(), EmitOptions.NONE, work);
        Path exe = DifferentialTest.build(work, DifferentialTest.SANITIZE);
        double[][] reals = inputs.stream().map(x -> OpBackend.reals(fp, x)).toArray(double[][]::new);
        // Label 0 first (main.c skips it); Double.toString round-trips and strtod reads back the same double.
        Path in = DifferentialTest.csv(new DataSet(1, new double[reals.length][1], reals), work.resolve("inputs.csv"));
        List<String> lines = DifferentialTest.predict(exe, in, id() + " " + work.getFileName());
        return lines.stream().map(OpBackend::parseLine).toArray(long[][]::new);
    }
}
