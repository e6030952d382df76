package seedc.harness;

import java.nio.file.Path;
import java.util.List;
import seedc.fixed.FixedProgram;
import seedc.ir.FloatModel;

/**
 * A backend under test: it turns a fixed program into something that runs (C built with gcc, a sketch
 * under simavr, later HLS C simulation, Verilog simulation, bit-serial kernels) and returns the raw
 * integers it computes. The per-op harness ({@link OpHarnessTest}) compares them with the fixed-point
 * interpreter; adding a backend means implementing this interface and listing it in
 * {@link OpHarnessTest#backends()}.
 */
public interface OpBackend {
    /** A short name for test names and failure messages. */
    String id();

    /** False when the tools it needs are missing here (then one test names them: skipped, or failed under CI=true). */
    boolean available();

    /**
     * Runs {@code fp} once per input.
     *
     * @param inputs the program's input X per example, already quantized to X's type ({@code fp.type(X)})
     * @param work   an empty directory of its own
     * @return per example, the raw integers of the result tensor (row-major, in the result's type), or
     *         one element, the label, for an int result
     */
    long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception;

    /** One program of a batch and its inputs (as {@link #run} takes them), named after its first case as a folder is. */
    record Program(String name, FixedProgram fp, FloatModel model, List<long[]> inputs) {}

    /** How many programs one build of this backend takes: 1 (the default), a build and a run each. */
    default int batchSize() {
        return 1;
    }

    /**
     * Runs several programs, per program what {@link #run} returns; by default one {@link #run} each, in
     * {@code work}/p0, p1, ...
     */
    default List<long[][]> runBatch(List<Program> programs, Path work) throws Exception {
        List<long[][]> out = new java.util.ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            out.add(run(p.fp(), p.model(), p.inputs(), java.nio.file.Files.createDirectories(work.resolve("p" + i))));
        }
        return out;
    }

    /** The real value each integer of an input stands for (exact: a double holds every 32-bit integer times 2^-s). */
    static double[] reals(FixedProgram fp, long[] quantized) {
        return reals(fp.type(fp.program().input()), quantized);
    }

    static double[] reals(seedc.fixed.FixedType t, long[] quantized) {
        double[] x = new double[quantized.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = t.toReal(quantized[i]);
        }
        return x;
    }

    /** One output line as the predictors print it: the label, or the raw integers separated by spaces. */
    static long[] parseLine(String line) {
        return java.util.Arrays.stream(line.strip().split("\\s+")).mapToLong(Long::parseLong).toArray();
    }
}
