package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import seedc.backend.Device;
import seedc.bench.FloatBench;
import seedc.bench.ModelBench;
import seedc.diag.UserError;
import seedc.driver.DataInputs;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.backend.ScoredBuild;

/**
 * The fixtures trained by scripts/train (five data sets beyond digits, wide input and parameter ranges) through
 * the whole pipeline, with both strategies, each compiled once by 'seedc compile --target x86' (float accuracy
 * against PyTorch's is TrainedFixtureAccuracyTest's):
 * <ul>
 *   <li>the x86 predictor built with sanitizers agrees with the Java fixed-point interpreter bit for bit on
 *       every test example: its raw scores and its label ({@link DifferentialTest#bitExact});</li>
 *   <li>the fixed test accuracy, counted here from the interpreter's predictions and the test set's labels (not
 *       read from report.json), is within 1.5 points of PyTorch's float accuracy (float_accuracy.txt) — issue
 *       10's target — except for the {@link #KNOWN_FAILURES}, which must still fail;</li>
 *   <li>the same program built for the Uno with avr-gcc (for a program over the Uno's RAM, the ATmega1284P) runs
 *       under simavr and computes the interpreter's raw scores (the label's argmax operand) and label on the first
 *       {@link #AVR_EXAMPLES} test examples.</li>
 *   <li>built for the Cortex-M0+ and run under Unicorn, it computes the interpreter's label and decision scores on
 *       the first {@link CortexMBuildTest#ROWS} test examples.</li>
 * </ul>
 */
class TrainedFixturesDifferentialTest {
    /** Test examples run on the simulated Uno: enough to exercise every op, few enough to keep the suite short. */
    static final int AVR_EXAMPLES = 20;

    /**
     * Fixture and strategy pairs whose fixed test accuracy is still more than {@link DifferentialTest#MAX_DROP}
     * points below float (scripts/train/RESULTS.md), with the reason known so far. A listed pair that comes
     * within the target fails its test: take it off the list, so that the list only shrinks.
     */
    static final Map<String, String> KNOWN_FAILURES = Map.of(
            // cnn-shapes-8 shiftry left the list with the 0.05 score guard
            "protonn-gestures-8 shiftry", "accepted on its 1,000 validation rows (scripts/train/validation.py), where"
                    + " it loses 0.80 points; the 400 test rows show 1.75, within their paired standard error of about"
                    + " 1.2 points (BENCHMARKS.md, Unseen rows for the acceptance); issue 41");

    static List<String> trained() throws IOException {
        try (Stream<Path> dirs = Files.list(DifferentialTest.MODELS)) {
            return dirs.map(d -> d.getFileName().toString()).filter(n -> !n.endsWith("-digits-10")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicNode> wholePipeline() throws IOException {
        DifferentialTest d = new DifferentialTest();
        return trained().stream().flatMap(name -> Stream.of("shiftry", "seedot").map(strategy ->
                DynamicContainer.dynamicContainer(name + " " + strategy, Stream.of(
                        DynamicTest.dynamicTest("x86 C (sanitized) equals the Java fixed-point interpreter",
                                () -> d.bitExact(name, strategy)),
                        DynamicTest.dynamicTest(KNOWN_FAILURES.containsKey(name + " " + strategy)
                                ? "known failure: still more than 1.5 points below float"
                                : "fixed test accuracy within 1.5 points of float",
                                () -> accuracy(name, strategy)),
                        DynamicTest.dynamicTest("AVR build under simavr equals the interpreter",
                                () -> onTheAvr(name, strategy)),
                        DynamicTest.dynamicTest("Cortex-M0+ build under Unicorn computes the interpreter's scores",
                                () -> onCortexM(name, strategy))))));
    }

    /** The fixed test accuracy against PyTorch's float figure; a known failure must still fail. */
    static void accuracy(String name, String strategy) throws IOException {
        Path dir = DifferentialTest.MODELS.resolve(name);
        double floatAccuracy = Double.parseDouble(Files.readString(dir.resolve("float_accuracy.txt")).trim());
        List<String> predicted = DifferentialTest.interpreterPredictions(name, strategy);
        double[][] labels = testSet(SeeDotFrontEnd.load(dir.resolve("input.sd"), dir), name).labels();
        int correct = 0;
        for (int i = 0; i < labels.length; i++) {
            if (predicted.get(i).strip().equals(Long.toString(Math.round(labels[i][0])))) {
                correct++;
            }
        }
        double fixedAccuracy = 100.0 * correct / labels.length, drop = floatAccuracy - fixedAccuracy;
        String numbers = String.format(Locale.ROOT, "%s %s: float %.3f%%, fixed %.3f%% (%d/%d): drop %.3f points",
                name, strategy, floatAccuracy, fixedAccuracy, correct, labels.length, drop);
        System.out.println(numbers);
        String known = KNOWN_FAILURES.get(name + " " + strategy);
        if (known == null) {
            assertTrue(drop <= DifferentialTest.MAX_DROP, numbers + " > " + DifferentialTest.MAX_DROP);
        } else {
            assertTrue(drop > DifferentialTest.MAX_DROP, numbers + ": within the target now, take it off"
                    + " KNOWN_FAILURES (" + known + ")");
        }
    }

    /** The program the x86 compile chose (report.json's types), the model as it reads it, and the test set. */
    record Chosen(FixedProgram fp, FloatModel compiled, DataSet test, Path report) {}

    static Chosen chosen(String name, String strategy) throws IOException {
        Path report = DifferentialTest.compile(name, strategy).resolve("report.json");
        Path dir = DifferentialTest.MODELS.resolve(name);
        FloatModel model = SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
        // The C backends share one width policy, so the program the x86 compile chose is valid on the AVR and the
        // Cortex-M; it reads the model as compile rewrote it (with the report's input shifts), as 'seedc run
        // --config' does.
        ScoredHost.Chosen chosen = ScoredHost.chosen(model, report);
        return new Chosen(chosen.fp(), chosen.compiled(), testSet(model, name), report);
    }

    /**
     * The chosen program emitted for cortex-m, built for the Cortex-M0+ and run under Unicorn on the first
     * {@link CortexMBuildTest#ROWS} test rows: the label and every decision score (or output) equal to the interpreter's.
     */
    static void onCortexM(String name, String strategy) throws IOException {
        Chosen c = chosen(name, strategy);
        Path work = Files.createTempDirectory(c.report().getParent(), "cortex-m-");
        CortexMBuildTest.assertRunsExact(c.fp(), c.compiled().weights(), seedc.backend.EmitOptions.NONE, c.test(),
                work.resolve("src"));
    }

    /** The x86 compile's program (report.json's types) emitted for the Uno (if it fits) and run under simavr. */
    static void onTheAvr(String name, String strategy) throws IOException {
        Chosen c = chosen(name, strategy);
        FixedProgram fp = c.fp();
        FloatModel compiled = c.compiled();
        Path work = Files.createTempDirectory(c.report().getParent(), "uno-");
        DataSet test = c.test();
        ModelBench.Outcome o;
        try {
            o = ScoredBuild.of(() -> ModelBench.fixed(fp, compiled, test, AVR_EXAMPLES, Device.UNO, work));
        } catch (UserError tooLarge) {
            // A 16-bit CNN needs more than the Uno's 2 KB of RAM (the code writer refuses it): the ATmega1284P
            // has the same AVR core and instructions with 16 KB.
            assertTrue(tooLarge.getMessage().contains("does not fit"), tooLarge.getMessage());
            o = ScoredBuild.of(() -> ModelBench.fixed(fp, compiled, test, AVR_EXAMPLES, FloatBench.BIG,
                    FloatBench.BIG_MCU, work));
        }
        assertEquals(AVR_EXAMPLES, o.fixed().outputs().size());
        assertEquals(ModelBench.scoredLines(fp, new QuantizedModel(fp, compiled.weights()), test, AVR_EXAMPLES),
                o.expected());
        assertEquals(o.expected(), o.fixed().outputs(), name + " " + strategy
                + ": the AVR's scores and labels differ from the interpreter's");
    }

    private static DataSet testSet(FloatModel model, String name) {
        return DataInputs.load(model.program(), DifferentialTest.MODELS.resolve(name).resolve("test.npy"), 1);
    }
}
