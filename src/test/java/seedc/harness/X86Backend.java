package seedc.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import seedc.codegen.DifferentialTest;
import seedc.codegen.c.CTarget;
import seedc.codegen.c.CodeWriter;
import seedc.fixed.FixedProgram;
import seedc.ir.FloatModel;

/**
 * The x86 C backend: predict.c, main.c and the Makefile seedc writes, built by gcc with
 * -fsanitize=undefined,address (any report fails the case), run once on every example.
 */
final class X86Backend implements OpBackend {
    @Override
    public String id() {
        return "x86";
    }

    @Override
    public boolean available() {
        return DifferentialTest.have("gcc") && DifferentialTest.have("make");
    }

    @Override
    public long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception {
        CodeWriter.write(CTarget.X86, fp, model, work);
        Path exe = DifferentialTest.build(work, DifferentialTest.SANITIZE);
        StringBuilder csv = new StringBuilder();
        for (long[] x : inputs) {
            csv.append('0'); // the label column main.c skips
            for (double v : OpBackend.reals(fp, x)) {
                csv.append(',').append(v); // Double.toString round-trips; strtod reads the same double
            }
            csv.append('\n');
        }
        Path in = Files.writeString(work.resolve("inputs.csv"), csv);
        List<String> lines = DifferentialTest.predict(exe, in, id() + " " + work.getFileName());
        return lines.stream().map(OpBackend::parseLine).toArray(long[][]::new);
    }
}
