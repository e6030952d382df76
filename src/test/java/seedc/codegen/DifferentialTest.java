package seedc.codegen;

import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import seedc.cli.Main;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.report.Report;
import seedc.search.SeeDotStrategy;

/**
 * The generated C, built with gcc through its own Makefile, must agree with the Java fixed-point
 * interpreter bit for bit on every test example, and be free of undefined behaviour. Its build and
 * run helpers ({@link #build}, {@link #predict}) are shared with the per-op harness (seedc.harness).
 */
public class DifferentialTest {
    static final Path MODELS = Path.of("src/test/resources/fixtures/models");
    static final List<String> FIXTURES = List.of("protonn-digits-10", "bonsai-digits-10", "fastgrnn-digits-10",
            "cnn-digits-10");
    static final String WARN = "-O2 -std=c99 -Wall -Wextra -Werror";
    public static final String SANITIZE = WARN + " -fsanitize=undefined,address -fno-sanitize-recover=all";
    /** Largest allowed drop from float to fixed test accuracy, in percentage points. */
    static final double MAX_DROP = 1.5;

    private static Path work;
    private static final Map<String, Path> compiled = new ConcurrentHashMap<>();
    private static final Map<String, List<String>> predictions = new ConcurrentHashMap<>();

    /**
     * The scratch directory of these helpers, made once per JVM and deleted when it exits (unless
     * SEEDC_KEEP_TEST_OUTPUT is set): other test classes use the helpers too, at the same time when JUnit runs classes
     * in parallel, so that no class may delete it when its own tests end; the compiled fixtures and their predictions
     * are then computed once per run.
     */
    private static synchronized Path work() throws IOException {
        if (work == null) {
            work = Files.createTempDirectory("seedc-diff");
            if (System.getenv("SEEDC_KEEP_TEST_OUTPUT") == null) {
                Path made = work;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(made)));
            }
        }
        return work;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException gone) {
            // a temporary folder that cannot be walked any more is nothing to clean
        }
    }

    static Path compile(String name) {
        return compile(name, "seedot");
    }

    /** 'seedc compile --strategy S' (--jobs 2); the output directory, compiled once per model and strategy. */
    static Path compile(String name, String strategy) {
        return compiled.computeIfAbsent(name + "-" + strategy, key -> {
            String n = name;
            try {
                Path dir = MODELS.resolve(n);
                Path out = work().resolve(key);
                Cli r = cli("compile", dir.resolve("input.sd").toString(), "--model", dir.toString(),
                        "--train", dir.resolve("train.npy").toString(), "--test", dir.resolve("test.npy").toString(),
                        "--out", out.toString(), "--jobs", "2", "--no-progress", "--strategy", strategy, "--emit-ir");
                assertEquals(0, r.status, () -> "seedc compile " + n + " failed:\n" + r.err);
                return out;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    public record Cli(int status, String out, String err) {}

    public static Cli cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Cli(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    record Proc(int status, String out, String err) {}

    static Proc exec(Path dir, Path stdin, List<String> command) {
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
            Path out = Files.createTempFile(work(), "out", ".txt"), err = Files.createTempFile(work(), "err", ".txt");
            pb.redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0");
            if (stdin != null) {
                pb.redirectInput(stdin.toFile());
            }
            Process p = pb.start();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Proc(p.exitValue(), Files.readString(out), Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Icarus Verilog, which answers no --version (have() cannot ask it). */
    public static boolean haveIverilog() {
        return Files.isExecutable(Path.of("/usr/bin/iverilog")) && Files.isExecutable(Path.of("/usr/bin/vvp"));
    }

    public static boolean have(String tool) {
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Builds the predictor with the generated Makefile; asserts a clean build. */
    public static Path build(Path src, String cflags) {
        assertTrue(have("gcc") && have("make"), "gcc and make are needed");
        exec(src, null, List.of("make", "clean"));
        Proc r = exec(src, null, List.of("make", "CFLAGS=" + cflags));
        assertEquals(0, r.status, () -> "make CFLAGS='" + cflags + "' failed in " + src + ":\n" + r.out + r.err);
        Path exe = src.resolve("predictor");
        assertTrue(Files.isExecutable(exe), "make did not produce " + exe);
        return exe;
    }

    /** Runs the predictor on a CSV; asserts exit 0 and (sanitized or not) nothing on stderr. */
    public static List<String> predict(Path exe, Path csv, String what) {
        Proc r = exec(exe.getParent(), csv, List.of(exe.toString()));
        assertEquals("", r.err, () -> what + ": predictor wrote to stderr (sanitizer report?):\n" + r.err);
        assertEquals(0, r.status, () -> what + ": predictor exited with " + r.status);
        return r.out.lines().toList();
    }

    /** The data set as CSV, label first, each value written with Double.toString. */
    public static Path csv(DataSet ds, Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ds.size(); i++) {
            List<String> cells = new ArrayList<>();
            for (double l : ds.labels()[i]) {
                cells.add(Double.toString(l));
            }
            for (double x : ds.features()[i]) {
                cells.add(Double.toString(x));
            }
            sb.append(String.join(",", cells)).append('\n');
        }
        Files.writeString(file, sb);
        return file;
    }

    static void assertSameLines(List<String> expected, List<String> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": number of output lines");
        for (int i = 0; i < expected.size(); i++) {
            int k = i;
            assertEquals(expected.get(i).strip(), actual.get(i).strip(),
                    () -> what + ": example " + k + " (line " + (k + 1) + ") differs");
        }
    }

    @TestFactory
    Stream<DynamicNode> fixtures() {
        return FIXTURES.stream().flatMap(name -> Stream.of("seedot", "shiftry").map(strategy ->
                DynamicContainer.dynamicContainer(name + " " + strategy, Stream.of(
                DynamicTest.dynamicTest("C predictor equals the Java fixed-point interpreter",
                        () -> bitExact(name, strategy)),
                DynamicTest.dynamicTest("fixed test accuracy within " + maxDrop(name, strategy) + " points of float",
                        () -> accuracy(name, strategy)),
                DynamicTest.dynamicTest("program.ir (--emit-ir) gives every value the type report.json gives it",
                        () -> emittedIr(name, strategy))))));
    }

    void emittedIr(String name, String strategy) throws IOException {
        Path out = compile(name, strategy);
        String ir = Files.readString(out.resolve("program.ir"));
        Report report = Report.read(out.resolve("report.json"));
        assertFalse(report.program().values().isEmpty());
        for (Report.ValueType v : report.program().values()) {
            String type = " int" + v.bitwidth() + "@" + v.scale();
            assertTrue(java.util.regex.Pattern.compile("(?m)^\\s*" + java.util.regex.Pattern.quote(v.name())
                    + " : real\\([0-9, ]*\\)" + java.util.regex.Pattern.quote(type) + " ").matcher(ir).find(),
                    () -> v.name() + type + " missing from program.ir:\n" + ir);
        }
    }

    /** The issue's target: within 1.5 points of float on every fixture, for both strategies. */
    static double maxDrop(String name, String strategy) {
        return MAX_DROP;
    }

    /**
     * The compile's own predictor (-O2) predicts the labels 'seedc run --encoding fixed' does; the same program emitted
     * with its scores ({@link ScoredHost}), built with the sanitizers, prints the interpreter's raw scores and label.
     */
    void bitExact(String name, String strategy) throws IOException {
        Path out = compile(name, strategy);
        Path csv = testCsv(name);
        List<String> labels = interpreterPredictions(name, strategy);
        assertSameLines(labels, predict(build(out, WARN), csv, name + " -O2"), name + " -O2");
        Path dir = MODELS.resolve(name);
        FloatModel model = SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
        List<String> scored = ScoredHost.assertScoresMatch(model, out, DataInputs.load(model.program(),
                dir.resolve("test.npy"), 1), csv, name + " " + strategy);
        ScoredHost.assertLabelsAre(labels, scored, name + " " + strategy);
    }

    /** The fixture's test set as CSV, written once per scratch directory. */
    static synchronized Path testCsv(String name) throws IOException {
        Path csv = work().resolve(name + "-test.csv");
        if (!Files.exists(csv)) {
            Path dir = MODELS.resolve(name);
            FloatModel model = SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
            csv(DataInputs.load(model.program(), dir.resolve("test.npy"), 1), csv);
        }
        return csv;
    }

    /**
     * 'seedc run --encoding fixed' with the compiled report on the fixture's whole test set: one prediction per
     * test example, computed once per model and strategy (the bit-exact and accuracy tests both read them).
     */
    static List<String> interpreterPredictions(String name, String strategy) {
        return predictions.computeIfAbsent(name + "-" + strategy, key -> {
            try {
                Path out = compile(name, strategy), dir = MODELS.resolve(name), csv = testCsv(name);
                Path file = work().resolve(key + "-java.txt");
                Cli r = cli("run", dir.resolve("input.sd").toString(), "--model", dir.toString(), "--data",
                        csv.toString(), "--encoding", "fixed", "--config", out.resolve("report.json").toString(),
                        "--predictions", file.toString(), "--jobs", "2");
                assertEquals(0, r.status, () -> "seedc run --encoding fixed failed:\n" + r.err);
                List<String> lines = Files.readAllLines(file);
                assertEquals(Files.readAllLines(csv).size(), lines.size(), "predictions of the Java interpreter");
                return lines;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Both accuracies counted here from predictions and the test labels (issue 45: not read from report.json, which
     * the code under test writes): the fixed program's are the interpreter's (equal to the C's, bitExact), the float
     * model's those of 'seedc run' without --encoding. report.json must then say the same.
     */
    void accuracy(String name, String strategy) throws IOException {
        Report report = Report.read(compile(name, strategy).resolve("report.json"));
        List<Long> labels = testLabels(name);
        double fixed = percentRight(interpreterPredictions(name, strategy), labels);
        double floatAccuracy = percentRight(floatPredictions(name), labels);
        double drop = floatAccuracy - fixed;
        String numbers = String.format(java.util.Locale.ROOT, "%s: float %.3f%%, fixed %.3f%% (maxscale %d): drop %.3f points",
                name, floatAccuracy, fixed, report.compiled().maxscale(), drop);
        System.out.println(numbers);
        assertTrue(drop <= maxDrop(name, strategy), numbers + " > " + maxDrop(name, strategy));
        assertEquals(fixed, report.accuracy().fixedTestAccuracy(), 1e-9, "report.json's fixed test accuracy");
        assertEquals(floatAccuracy, report.accuracy().floatTestAccuracy(), 1e-9, "report.json's float test accuracy");
    }

    /** The test set's labels, the first column of its CSV. */
    static List<Long> testLabels(String name) throws IOException {
        return Files.readAllLines(testCsv(name)).stream()
                .map(line -> Math.round(Double.parseDouble(line.substring(0, line.indexOf(','))))).toList();
    }

    /** The percentage of {@code predictions} (one integer a line) equal to {@code labels}. */
    static double percentRight(List<String> predictions, List<Long> labels) {
        assertEquals(labels.size(), predictions.size(), "one prediction per test example");
        int right = 0;
        for (int i = 0; i < labels.size(); i++) {
            right += Long.parseLong(predictions.get(i).strip()) == labels.get(i) ? 1 : 0;
        }
        return 100.0 * right / labels.size();
    }

    /** 'seedc run' of the float model on the fixture's test set: one prediction per example, once per model. */
    static List<String> floatPredictions(String name) {
        return predictions.computeIfAbsent(name + "-float", key -> {
            try {
                Path dir = MODELS.resolve(name), csv = testCsv(name), file = work().resolve(key + "-java.txt");
                Cli r = cli("run", dir.resolve("input.sd").toString(), "--model", dir.toString(), "--data",
                        csv.toString(), "--predictions", file.toString(), "--jobs", "2");
                assertEquals(0, r.status, () -> "seedc run (float) failed:\n" + r.err);
                return Files.readAllLines(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * ProtoNN returning the score vector instead of its argmax: the predictor's raw output integers
     * must equal the interpreter's, at the maxscale the search picked for the argmax program.
     */
    @Test
    void tensorValuedProgram() throws IOException {
        String name = "protonn-digits-10";
        Path dir = MODELS.resolve(name);
        String text = Files.readString(dir.resolve("input.sd"));
        int at = text.lastIndexOf("argmax(res)");
        assertTrue(at > 0, "ProtoNN fixture ends with argmax(res)");
        Path sd = work().resolve("protonn-scores.sd");
        Files.writeString(sd, text.substring(0, at) + "res\n");
        FloatModel model = SeeDotFrontEnd.load(sd, dir);
        assertTrue(!model.program().result().isInt(), "result is a tensor");
        DataSet train = DataInputs.load(model.program(), dir.resolve("train.npy"), 1), test = DataInputs.load(model.program(), dir.resolve("test.npy"), 1);
        int maxscale = Report.read(compile(name).resolve("report.json")).compiled().maxscale();
        Profile profile = Evaluation.profile(model, train, 2);
        FixedProgram fp = SeeDotStrategy.assign(model.program(), profile, model.weights(), CBackend.X86.widths(), 16, maxscale);
        Path out = work().resolve("protonn-scores");
        CBackend.X86.emit(fp, model.weights(), EmitOptions.NONE, out);

        FixedInterpreter fi = new FixedInterpreter(fp, new QuantizedModel(fp, model.weights()));
        List<String> expected = new ArrayList<>();
        for (double[] x : test.features()) {
            long[] raw = fi.runRaw(x);
            assertEquals(10, raw.length);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < raw.length; i++) {
                sb.append(i > 0 ? " " : "").append(raw[i]);
            }
            expected.add(sb.toString());
        }
        Path csv = csv(test, work().resolve("protonn-scores-test.csv"));
        assertSameLines(expected, predict(build(out, SANITIZE), csv, "scores sanitized"), "ProtoNN scores");
    }
}
