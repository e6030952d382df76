package seedc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.WeightStorage;
import seedc.backend.Emitted;
import seedc.backend.ScoredBuild;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.ir.FloatModel;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.Value;

/**
 * The measurement behind 'seedc bench': the Arduino build of a fixed program, run under simavr on
 * the first N examples of a data set, compared line by line with the Java fixed-point interpreter.
 */
public final class ModelBench {
    private ModelBench() {}

    /** Cycles allowed per inference before the simulation is declared stuck. */
    static final int CYCLE_BUDGET = 50_000_000;

    /**
     * @param expected the interpreter's prediction for every example, formatted as the firmware prints it
     * @param mismatches indices of the examples whose device output differs from {@code expected}
     * @param macs     multiply-accumulates of one inference ({@link MacCount})
     */
    public record Outcome(AvrBench.Run fixed, List<String> expected, List<Integer> mismatches,
                          Emitted written, Path sketch, long macs) {
        public boolean allEqual() {
            return mismatches.isEmpty();
        }
    }

    /** Writes the Arduino sketch to {@code work/sketch}, builds and runs it with the first {@code n} examples. */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, Path work) {
        return fixed(fp, model, data, n, device, AvrToolchain.MCU, work);
    }

    /** The same on the AVR {@code mcu} whose memories {@code device} gives (e.g. {@link FloatBench#BIG}). */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, String mcu,
                                Path work) {
        return fixed(fp, model, data, n, device, mcu, work, WeightStorage.DENSE);
    }

    /** The same with the parameters stored as {@code storage} says. */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, String mcu,
                                Path work, WeightStorage storage) {
        return fixed(fp, model, data, n, device, mcu, work, storage, true);
    }

    /** The same with low-bit products on bit planes or not ({@code bitSerial}, as --no-bitserial says). */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, String mcu,
                                Path work, WeightStorage storage, boolean bitSerial) {
        return fixed(fp, model, data, n, device, mcu, work, storage, bitSerial, BitLayout.MEASURED);
    }

    /** The same with the bit axis of products on packed bits where {@code layout} says (--bit-layout). */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, String mcu,
                                Path work, WeightStorage storage, boolean bitSerial, BitLayout layout) {
        return fixed(fp, model, data, n, device, mcu, work, storage, bitSerial, layout, false);
    }

    /**
     * The same; {@code profile}: the predict body marks its top-level ops and loop bodies (see {@link OpProfile}),
     * which costs each op run 2 cycles or more; the predictions are the same.
     */
    public static Outcome fixed(FixedProgram fp, FloatModel model, DataSet data, int n, Device device, String mcu,
                                Path work, WeightStorage storage, boolean bitSerial, BitLayout layout,
                                boolean profile) {
        Examples ex = examples(fp, model, data, n);
        List<String> expected = ex.expected();
        Path sketch = work.resolve("sketch");
        EmitOptions options = ex.options(device).withStorage(storage).withBitSerial(bitSerial).withBitLayout(layout);
        Emitted w = profile ? ProfileMarks.profiled(() -> CBackend.ARDUINO.emit(fp, model.weights(), options, sketch))
                : CBackend.ARDUINO.emit(fp, model.weights(), options, sketch);
        AvrBench.Run run = AvrBench.run(AvrBench.Kind.FIXED, List.of(sketch.resolve("predict.cpp")), sketch,
                ex.initializers(), CYCLE_BUDGET, work.resolve("fixed"), mcu, profile);
        List<Integer> bad = ex.mismatches(run.outputs());
        return new Outcome(run, expected, bad, w, sketch, MacCount.of(ex.quantized()));
    }

    /**
     * The first examples of a data set as a harness stores them ({@code initializers}: C initializers of the
     * quantized inputs), the interpreter's output for each as the harness prints it, the quantized model, and the
     * first example's quantized input (null without examples) for the emitted self-check.
     */
    public record Examples(List<String> initializers, List<String> expected, QuantizedModel quantized,
                           long[] firstInput) {
        /** Emit options for {@code device} carrying the first example and its expected output. */
        public EmitOptions options(Device device) {
            return new EmitOptions(device, firstInput, expected.isEmpty() ? null : expected.get(0));
        }

        /** The indices of the examples whose {@code outputs} differ from the interpreter's. */
        public List<Integer> mismatches(List<String> outputs) {
            List<Integer> bad = new ArrayList<>();
            for (int i = 0; i < expected.size(); i++) {
                if (!outputs.get(i).equals(expected.get(i))) {
                    bad.add(i);
                }
            }
            return bad;
        }
    }

    /**
     * The first {@code n} examples of {@code data} for {@code fp} with {@code model}'s weights, each expected as the
     * harness prints it ({@link #scoredLine} inside {@link ScoredBuild#of}).
     */
    public static Examples examples(FixedProgram fp, FloatModel model, DataSet data, int n) {
        int count = Math.min(n, data.size());
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        FixedInterpreter fi = new FixedInterpreter(fp, qm);
        List<String> examples = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double[] x = data.features()[i];
            examples.add(AvrBench.initializer(fp.program().input() == null ? new long[] {0} : qm.quantizeInput(x)));
            long[] raw = fi.runRaw(x);
            expected.add(ScoredBuild.on() ? scoredLine(fp, fi, raw) : format(fi, raw));
        }
        return new Examples(examples, expected, qm, count > 0 ? qm.quantizeInput(data.features()[0]) : null);
    }

    /**
     * What a {@link ScoredBuild scored} build prints for the first {@code n} examples of {@code data}: per example
     * {@link #scoredLine}, from the interpreter of {@code fp} with {@code qm}.
     */
    public static List<String> scoredLines(FixedProgram fp, QuantizedModel qm, DataSet data, int n) {
        FixedInterpreter fi = new FixedInterpreter(fp, qm);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < Math.min(n, data.size()); i++) {
            lines.add(scoredLine(fp, fi, fi.runRaw(data.features()[i])));
        }
        return lines;
    }

    /**
     * The line a {@link ScoredBuild scored} build prints after the interpreter {@code fi} of {@code fp} ran an
     * example ({@code raw}: what it returned): the raw integers of the argmax operand, each followed by a space, then
     * the label; a tensor result's raw integers, or a label of another int result, as {@link #format} gives them.
     */
    public static String scoredLine(FixedProgram fp, FixedInterpreter fi, long[] raw) {
        Value scores = fp.program().decisionScores();
        if (raw != null || scores == null) {
            return format(fi, raw);
        }
        StringBuilder line = new StringBuilder();
        for (long v : fi.value(scores)) {
            line.append(v).append(' ');
        }
        return line.append(fi.label()).toString();
    }

    /** A label, or the raw output integers separated by spaces: as the harness prints them. */
    public static String format(FixedInterpreter fi, long[] raw) {
        if (raw == null) {
            return Long.toString(fi.label());
        }
        return Arrays.stream(raw).mapToObj(Long::toString).collect(Collectors.joining(" "));
    }
}
