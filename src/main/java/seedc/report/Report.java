package seedc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import seedc.diag.UserError;
import seedc.eval.PairedDrop;

/**
 * report.json of 'seedc compile', made of a few records: what was compiled ({@link Compiled}), its accuracy, the
 * chosen program, the search's cost and its summary, the device's use and the stage times. Every part's fields are
 * top-level keys of the one JSON object; those up to {@code maxscaleSweep} are a contract for scripts, and {@code
 * fixedProgram} lets 'seedc run --encoding fixed' rebuild the exact program.
 */
public record Report(Compiled compiled, Accuracy accuracy, ChosenProgram program, Exploration exploration,
                     SearchSummary search, DeviceUse deviceUse, List<StageTime> stages) {

    /** What was compiled and how: the strategy, the bitwidth and maxscale (SeeDot's), the metric and the target. */
    public record Compiled(String strategy, int bitwidth, int maxscale, String metric, String target,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String modelDigest) {
        public Compiled(String strategy, int bitwidth, int maxscale, String metric, String target) {
            this(strategy, bitwidth, maxscale, metric, target, null);
        }
    }

    /**
     * Float's and the fixed program's accuracy on the test and training sets; a model whose result is a tensor has
     * none (null) but {@code outputError}. {@code testRows}: the test rows against float's, lost and gained (the test
     * drop's standard error; null for a tensor result and in reports written before it was counted).
     */
    public record Accuracy(Double floatTestAccuracy, Double fixedTestAccuracy, Double floatTrainAccuracy,
                           Double fixedTrainAccuracy,
                           @JsonInclude(JsonInclude.Include.NON_NULL) OutputError outputError,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ScoresAsClasses scoresAsClasses,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Promotions promotions,
                           @JsonInclude(JsonInclude.Include.NON_NULL) PairedDrop testRows) {
        public Accuracy(Double floatTestAccuracy, Double fixedTestAccuracy, Double floatTrainAccuracy,
                        Double fixedTrainAccuracy, OutputError outputError) {
            this(floatTestAccuracy, fixedTestAccuracy, floatTrainAccuracy, fixedTrainAccuracy, outputError, null, null,
                    null);
        }

        public Accuracy(Double floatTestAccuracy, Double fixedTestAccuracy, Double floatTrainAccuracy,
                        Double fixedTrainAccuracy, OutputError outputError, ScoresAsClasses scoresAsClasses,
                        Promotions promotions) {
            this(floatTestAccuracy, fixedTestAccuracy, floatTrainAccuracy, fixedTrainAccuracy, outputError,
                    scoresAsClasses, promotions, null);
        }

        /** The same figures, with where the accuracy went (null: not measured). */
        public Accuracy withPromotions(Promotions p) {
            return new Accuracy(floatTestAccuracy, fixedTestAccuracy, floatTrainAccuracy, fixedTrainAccuracy,
                    outputError, scoresAsClasses, p, testRows);
        }

        /** The same figures, with the test rows counted against float's (null: a tensor result). */
        public Accuracy withTestRows(PairedDrop rows) {
            return new Accuracy(floatTestAccuracy, fixedTestAccuracy, floatTrainAccuracy, fixedTrainAccuracy,
                    outputError, scoresAsClasses, promotions, rows);
        }
    }

    /**
     * Where the chosen program's accuracy went, measured (seedc.driver.PromotionGains): of the training rows whose class
     * differs from float's ({@code disagreements}), how many a value kept at 8 bits brings back when promoted alone to
     * 16 bits. {@code tried} of the {@code atEightBits} values were promoted (the costliest by stage III first); those
     * that can be among the three best are {@code measured} on every training row, most first.
     */
    public record Promotions(int disagreements, int atEightBits, int tried, List<Promotion> measured) {}

    /** One value promoted alone: the training rows whose class comes back to float's, less those it loses. */
    public record Promotion(String value, int rowsBack) {}

    /**
     * A model whose output is {@code classes} scores, read as classes because every label is one (seedc.driver.
     * ScoreClasses): the accuracies are its argmax's, and {@code scoresError} how far the fixed scores are from float's
     * (relative RMS, as a tensor output's error; null when the program keeps no scores).
     */
    public record ScoresAsClasses(int classes, @JsonInclude(JsonInclude.Include.NON_NULL) OutputError scoresError) {}

    /** The same report, saying its output's scores were read as classes. */
    public Report withScoresAsClasses(ScoresAsClasses c) {
        Accuracy a = accuracy;
        return new Report(compiled, new Accuracy(a.floatTestAccuracy(), a.fixedTestAccuracy(), a.floatTrainAccuracy(),
                a.fixedTrainAccuracy(), a.outputError(), c, a.promotions()), program, exploration, search, deviceUse,
                stages);
    }

    /**
     * The chosen program: every real value's type, the assignment that rebuilds it, its parameters' flash, its wraps
     * on the training and test sets, the parameters already on a smaller storage (null: none) and how the weights
     * were quantized (null: as trained).
     */
    public record ChosenProgram(List<ValueType> values, FixedAssignment fixedProgram, int paramFlashBytes,
                                List<Wrap> wraps, TestWraps testWraps,
                                @JsonInclude(JsonInclude.Include.NON_NULL) List<ParameterStorage> parameterStorage,
                                @JsonInclude(JsonInclude.Include.NON_NULL) QuantizedWeights quantizedWeights) {}

    /**
     * The search's cost: its seconds, the candidates it ran and SeeDot's maxscale sweep (empty for shiftry); with
     * {@code --select measured}, what the device measured and decided (else null).
     */
    public record Exploration(double exploreSeconds, int candidatesEvaluated, List<SweepPoint> maxscaleSweep,
                              @JsonInclude(JsonInclude.Include.NON_NULL) MeasuredChoice measuredChoice) {
        public Exploration(double exploreSeconds, int candidatesEvaluated, List<SweepPoint> maxscaleSweep) {
            this(exploreSeconds, candidatesEvaluated, maxscaleSweep, null);
        }
    }

    /**
     * Weights quantized after training (seedc.rewrite.WeightQuantization): {@code mode} grid or powersOfTwo
     * ({@code size} bits) or codebook ({@code size} values), the parameters it changed, and the float model's test accuracy before (the
     * report's floatTestAccuracy is after; null for a model without accuracy).
     */
    public record QuantizedWeights(String mode, int size, List<String> parameters, Double floatTestAccuracyBefore) {}

    /** The same report, saying how its weights were quantized. */
    public Report withQuantizedWeights(QuantizedWeights q) {
        ChosenProgram p = program;
        return new Report(compiled, accuracy, new ChosenProgram(p.values(), p.fixedProgram(), p.paramFlashBytes(),
                p.wraps(), p.testWraps(), p.parameterStorage(), q), exploration, search, deviceUse, stages);
    }

    /**
     * A model whose result is a tensor has no accuracy (its four accuracies are null): how far the fixed
     * outputs are from float's instead, as a relative RMS error (search.Metric's score error).
     */
    public record OutputError(double train, double test) {}

    /**
     * A parameter whose values already lie on a smaller storage than its chosen type (seedc.analysis.ParameterGrids):
     * {@code kind} grid (a q + b, q a k-bit integer), powersOfTwo or codebook; {@code packedBytes} at {@code bits}
     * per element (and a codebook's table) against {@code chosenBytes} as the program stores it now (listed only
     * where smaller).
     */
    public record ParameterStorage(String parameter, String kind, int bits, int distinct, long packedBytes,
                                   long chosenBytes) {}

    /**
     * A value's type, the range the training set showed ({@code profiledRange}) and the range that holds for every
     * input in the declared range ({@code soundRange}, RangeAnalysis), each [lo, hi] in reals; null where the
     * profile never saw the value or no finite bound holds ({@code soundRangeUnproven} then says why). {@code mayWrap}
     * (absent when none): the chosen program's integers for this value on some input inside the declared range may
     * leave their width, and where (seedc.fixed.OverflowProof); null for every value, a proof that none can.
     * {@code errorBound}: the largest |fixed - real| of any element on any input in the declared range when nothing
     * wraps (seedc.fixed.ErrorBounds); absent where none is derived.
     */
    public record ValueType(String name, int bitwidth, int scale, double[] profiledRange, double[] soundRange,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String soundRangeUnproven,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String mayWrap,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double errorBound) {
        public ValueType(String name, int bitwidth, int scale) {
            this(name, bitwidth, scale, null, null, null, null, null);
        }

        /**
         * Bits to spare between the sound range at this scale and the type's largest magnitude: log2 of their
         * ratio, negative when an input inside the declared range can overflow the value (NaN: no sound range).
         */
        public double soundHeadroomBits() {
            if (soundRange == null) {
                return Double.NaN;
            }
            double m = Math.max(Math.abs(soundRange[0]), Math.abs(soundRange[1]));
            double top = Math.scalb(1.0, bitwidth - 1) - 1;
            return m == 0 ? Double.POSITIVE_INFINITY : Math.log(top / Math.scalb(m, scale)) / Math.log(2);
        }
    }

    /**
     * How long one stage of the compile took (load, profile, float runs, search, fixed runs, emit); {@code parts}:
     * the search's own stages (its bars), empty for the others.
     */
    public record StageTime(String stage, double seconds,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<StageTime> parts) {
        public StageTime {
            parts = parts == null ? List.of() : List.copyOf(parts);
        }

        public StageTime(String stage, double seconds) {
            this(stage, seconds, List.of());
        }
    }

    /** The same report with these stage times, in the order the stages ran. */
    public Report withStages(List<StageTime> all) {
        return new Report(compiled, accuracy, program, exploration, search, deviceUse, List.copyOf(all));
    }

    /**
     * A value of the chosen program that wraps on the training set: {@code events} elements lost information to
     * a two's complement wrap, in {@code examples} examples. Only values with events are listed.
     */
    public record Wrap(String value, long events, int examples) {}

    /**
     * The wrap events on the test set (Zac's overflow count): {@code examples} test examples had one in some value,
     * {@code values} as {@code wraps}. Null in a report written before it.
     */
    public record TestWraps(int examples, List<Wrap> values) {}

    /** {@code wrapEvents}: the candidate's wrap events on the training set (0 in reports written before them). */
    public record SweepPoint(int maxscale, double trainAccuracy, double loss, long wrapEvents) {}

    /** The same report with what the device build takes. */
    /** The same, recording the digest of the model it was compiled from ({@link seedc.ir.FloatModel#digest}). */
    public Report withModelDigest(String digest) {
        Compiled c = compiled;
        return new Report(new Compiled(c.strategy(), c.bitwidth(), c.maxscale(), c.metric(), c.target(), digest),
                accuracy, program, exploration, search, deviceUse, stages);
    }

    public Report withDeviceUse(DeviceUse use) {
        return new Report(compiled, accuracy, program, exploration, search, use, stages);
    }

    public static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** report.json's parts' keys in the order scripts have always read them (then the search's and the device's). */
    private static final List<String> KEY_ORDER = List.of("strategy", "bitwidth", "maxscale", "metric", "target",
            "modelDigest",
            "floatTestAccuracy", "fixedTestAccuracy", "floatTrainAccuracy", "fixedTrainAccuracy", "exploreSeconds",
            "candidatesEvaluated", "values", "maxscaleSweep", "fixedProgram", "paramFlashBytes", "wraps", "testWraps",
            "stages", "outputError", "scoresAsClasses", "promotions", "parameterStorage", "quantizedWeights",
            "measuredChoice");

    /** The stage times as one object's key, so that they read back with the path 'stages[i]...'. */
    private record Stages(List<StageTime> stages) {}

    /** The JSON object: every part's keys at the top level. */
    public ObjectNode toJson() {
        ObjectNode parts = JSON.createObjectNode();
        for (Object part : new Object[] {compiled, accuracy, program, exploration, new Stages(stages)}) {
            parts.setAll((ObjectNode) JSON.valueToTree(part));
        }
        ObjectNode n = JSON.createObjectNode();
        KEY_ORDER.stream().filter(parts::has).forEach(k -> n.set(k, parts.get(k)));
        if (search != null) {
            n.setAll((ObjectNode) JSON.valueToTree(search));
        }
        if (deviceUse != null) {
            n.setAll((ObjectNode) JSON.valueToTree(deviceUse));
        }
        return n;
    }

    /** Reads back what {@link #toJson} wrote; each part takes its own keys from the one object. */
    public static Report fromJson(JsonNode n) throws IOException {
        Compiled compiled = JSON.treeToValue(n, Compiled.class);
        Accuracy accuracy = JSON.treeToValue(n, Accuracy.class);
        ChosenProgram p = JSON.treeToValue(n, ChosenProgram.class);
        ChosenProgram program = p.wraps() != null ? p : new ChosenProgram(p.values(), p.fixedProgram(),
                p.paramFlashBytes(), List.of(), p.testWraps(), p.parameterStorage(), p.quantizedWeights());
        Exploration exploration = JSON.treeToValue(n, Exploration.class);
        List<StageTime> stages = JSON.treeToValue(n, Stages.class).stages();
        Class<? extends SearchSummary> kind = "shiftry".equals(compiled.strategy())
                ? SearchSummary.Shiftry.class : SearchSummary.SeeDot.class;
        SearchSummary search = n.has("demotionOrder") || n.has("productsSweep") ? JSON.treeToValue(n, kind) : null;
        DeviceUse use = n.has("memoryPlan") ? JSON.treeToValue(n, DeviceUse.class) : null;
        return new Report(compiled, accuracy, program, exploration, search, use, stages == null ? List.of() : stages);
    }

    /**
     * Writes what {@code seedc run --encoding fixed --config} needs to run {@code fp} (a program the search ran for
     * this report's model): how it was compiled, its types and input shifts, and the weights' quantization.
     */
    public void writeRunConfig(Path file, seedc.fixed.FixedProgram fp) {
        ObjectNode n = JSON.valueToTree(compiled);
        n.setAll((ObjectNode) JSON.valueToTree(new ChosenProgram(List.of(), FixedAssignment.of(fp), fp.paramBytes(),
                List.of(), null, null, program.quantizedWeights())));
        try {
            JSON.writeValue(file.toFile(), n);
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + e.getMessage());
        }
    }

    public void write(Path file) {
        try {
            JSON.writeValue(file.toFile(), toJson());
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + e.getMessage());
        }
    }

    public static Report read(Path file) {
        try {
            if (!Files.exists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            Report r = fromJson(JSON.readTree(file.toFile()));
            if (r.program().fixedProgram() == null) {
                throw UserError.inFile(file, "not a seedc compile report (no 'fixedProgram')");
            }
            return r;
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "no such file");
        } catch (IOException e) {
            throw UserError.inFile(file, "not a valid seedc report: " + whatIsWrong(e));
        }
    }

    /** Where a report went wrong, in the report's own words: never a Java class or Jackson's message. */
    private static String whatIsWrong(IOException e) {
        if (e instanceof com.fasterxml.jackson.core.JsonParseException p && p.getLocation() != null) {
            return "not JSON at line " + p.getLocation().getLineNr() + ", column " + p.getLocation().getColumnNr();
        }
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
            StringBuilder at = new StringBuilder();
            for (var ref : m.getPath()) {
                at.append(ref.getFieldName() != null ? (at.isEmpty() ? "" : ".") + ref.getFieldName()
                        : "[" + ref.getIndex() + "]");
            }
            return "the value at '" + at + "' is not what 'seedc compile' writes (compile the program again)";
        }
        return "it cannot be read as a report 'seedc compile' writes (compile the program again)";
    }
}
