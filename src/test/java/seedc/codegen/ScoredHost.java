package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import seedc.backend.EmitOptions;
import seedc.backend.ScoredBuild;
import seedc.backend.WeightStorage;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.driver.Pipeline;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.FixedAssignment;
import seedc.report.Report;
import seedc.rewrite.InputShifts;

/**
 * The x86 side of a {@link ScoredBuild scored} build: the predictor prints, per example, the raw integers of the
 * label's argmax operand and then the label, and the tests compare them with the Java fixed-point interpreter's
 * ({@link ModelBench#scoredLines}). The predict body calls SEEDC_SCORE(k, v) for each score; the header {@link
 * #HEADER}, given to gcc with -include, prints v and a space there, before main prints the label on the same line.
 */
public final class ScoredHost {
    static final String HEADER = "seedc_scores.h";
    private static final String HEADER_TEXT = """
            /* seedc's differential tests: a scored predict body prints each decision score and a space, then main
             * prints the label on the same line. */
            #include <stdio.h>
            #define SEEDC_SCORE(k, v) printf("%ld ", (long)(v))
            """;

    private ScoredHost() {}

    /**
     * The program a compile chose (report.json's types) over the model as compile rewrote it (its input shifts), and
     * how compile stored its parameters (packed when some already lie on a smaller storage).
     */
    public record Chosen(FixedProgram fp, FloatModel compiled, WeightStorage storage) {
        public QuantizedModel quantized() {
            return new QuantizedModel(fp, compiled.weights());
        }
    }

    /** What {@code seedc compile} of {@code model} chose, read from report.json as 'seedc run --config' does. */
    public static Chosen chosen(FloatModel model, Path report) {
        Report.ChosenProgram program = Report.read(report).program();
        FixedAssignment chosen = program.fixedProgram();
        FloatModel compiled = InputShifts.apply(model, chosen.inputShifts());
        WeightStorage stored = Pipeline.storage(null, program.quantizedWeights() != null, program.parameterStorage());
        return new Chosen(chosen.apply(compiled.program(), report.toString()), compiled, stored);
    }

    /** gcc flags {@code cflags} with the score printer included in every source. */
    static String cflags(String cflags) {
        return cflags + " -include " + HEADER;
    }

    /** Emits {@code fp} for x86 into {@code dir} with the score hooks, and the header that prints them. */
    static void emit(FixedProgram fp, FloatModel model, EmitOptions options, Path dir) {
        ScoredBuild.of(() -> CBackend.X86.emit(fp, model.weights(), options, dir));
        try {
            Files.writeString(dir.resolve(HEADER), HEADER_TEXT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The scored predict.c of {@code fp} in {@code scored} is the ordinary one in {@code ordinary} with the hook's
     * line added before the label's argmax (none for a program whose result is no argmax) and nothing else: the
     * integers the tests compare are those of the code users get.
     */
    static void assertSameCodeAsOrdinary(FixedProgram fp, Path scored, Path ordinary) {
        int hooks = fp.program().result().isInt() && fp.program().decisionScores() != null ? 1 : 0;
        try {
            String hooked = Files.readString(scored.resolve("predict.c"));
            List<String> lines = hooked.lines().toList(), without = lines.stream()
                    .filter(l -> !l.contains(ScoredBuild.C_MACRO + "(k, ")).toList();
            assertEquals(lines.size() - hooks, without.size(), hooks + " line(s) hand the scores over in " + scored);
            assertEquals(Files.readString(ordinary.resolve("predict.c")), String.join("\n", without) + "\n",
                    "the scored predict.c is the ordinary one but the scores' line");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The compile in {@code out} of {@code model} emitted again with the score hooks (in out-scored, checked against
     * out's predict.c), built with the sanitizers and run on {@code csv}, the rows of {@code test}: each line must be
     * the interpreter's scores and label. Returns the lines.
     */
    static List<String> assertScoresMatch(FloatModel model, Path out, DataSet test, Path csv, String what) {
        Chosen c = chosen(model, out.resolve("report.json"));
        Path scored = out.resolveSibling(out.getFileName() + "-scored");
        emit(c.fp(), c.compiled(), EmitOptions.NONE.withStorage(c.storage()), scored);
        assertSameCodeAsOrdinary(c.fp(), scored, out);
        List<String> expected = ModelBench.scoredLines(c.fp(), c.quantized(), test, test.size());
        Path exe = DifferentialTest.build(scored, cflags(DifferentialTest.SANITIZE));
        List<String> actual = DifferentialTest.predict(exe, csv, what + " scored, sanitized");
        DifferentialTest.assertSameLines(expected, actual, what + " (scores, then the label)");
        return expected;
    }

    /** The label at the end of each scored line equals the prediction 'seedc run' wrote on that line. */
    public static void assertLabelsAre(List<String> predictions, List<String> scoredLines, String what) {
        assertEquals(predictions.size(), scoredLines.size(), what);
        for (int i = 0; i < predictions.size(); i++) {
            String line = scoredLines.get(i).strip();
            assertTrue(line.equals(predictions.get(i).strip()) || line.endsWith(" " + predictions.get(i).strip()),
                    what + ": example " + i + ": seedc run predicts " + predictions.get(i) + ", the interpreter "
                            + line);
        }
    }
}
