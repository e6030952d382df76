package seedc.codegen.verilog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import seedc.backend.EmitOptions;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;
import seedc.io.Npy;
import seedc.io.NpyArray;

/**
 * A small FPGA design folder for the tests of make sim's example input: argmax(W * X) of 4 features where W picks
 * features 1, 2 and 4, so a row whose large value (7) is in feature 1, 2 or 4 predicts 0, 1 or 2 (worked by hand;
 * feature 3 does not count). Compiled once per JVM as seedc compile --target fpga does (Shiftry, 16 bits), and
 * emitted by the FPGA backend; {@link #seedcRun} reads a file as seedc run --encoding fixed does (seedc's own
 * reader, then the fixed-point interpreter), the second implementation the simulation is checked against.
 */
final class SimDesign {
    static final int FEATURES = 4;
    private static Path root;
    private static FloatModel model;
    private static FixedProgram fixed;

    private SimDesign() {}

    /** The folder holding p.sd, model/ and the design (design/), compiled on first use. */
    static synchronized Path root() throws IOException {
        if (root != null) {
            return root;
        }
        Path dir = Files.createTempDirectory("seedc-simdesign");
        Path weights = Files.createDirectories(dir.resolve("model"));
        Files.writeString(dir.resolve("p.sd"), "let X = (4, 1) in [0, 8] in\nlet W = (3, 4) in [0, 1] in\nargmax(W * X)\n");
        double[] w = new double[3 * FEATURES];
        w[0] = 1;
        w[FEATURES + 1] = 1;
        w[2 * FEATURES + 3] = 1;
        Npy.write(weights.resolve("W.npy"), new NpyArray(new int[] {3, FEATURES}, w));
        Random random = new Random(5);
        for (String set : List.of("train", "test")) {
            int n = 60;
            double[] rows = new double[n * (FEATURES + 1)];
            for (int r = 0; r < n; r++) {
                int at = r * (FEATURES + 1);
                for (int j = 1; j <= FEATURES; j++) rows[at + j] = 8 * random.nextDouble();
                double a = rows[at + 1], b = rows[at + 2], c = rows[at + 4];
                rows[at] = a >= b && a >= c ? 0 : b >= c ? 1 : 2;
            }
            Npy.write(dir.resolve(set + ".npy"), new NpyArray(new int[] {n, FEATURES + 1}, rows));
        }
        model = SeeDotFrontEnd.load(dir.resolve("p.sd"), weights);
        DataSet train = DataInputs.load(model.program(), dir.resolve("train.npy"), 1);
        DataSet test = DataInputs.load(model.program(), dir.resolve("test.npy"), 1);
        fixed = Compilation.compile(model, train, test, new Compilation.Options(Strategy.byId("shiftry").orElseThrow(),
                16, Metric.ACCURACY, 1, false, FpgaBackend.INSTANCE, 1.0, null)).fixed();
        FpgaBackend.INSTANCE.emit(fixed, model.weights(), EmitOptions.NONE, dir.resolve("design"));
        root = dir;
        return dir;
    }

    static Path design() throws IOException {
        return root().resolve("design");
    }

    /** What a command printed and its exit status. */
    record Ran(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    /** make -s TARGET EXAMPLES=data [more...] in the design folder. */
    static Ran make(String target, Path data, String... more) throws IOException {
        List<String> command = new ArrayList<>(List.of("make", "-s", target, "EXAMPLES=" + data));
        command.addAll(List.of(more));
        return run(design(), command, null);
    }

    static Ran run(Path dir, List<String> command, java.util.Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        if (env != null) {
            pb.environment().putAll(env);
        }
        Path out = Files.createTempFile("seedc-sim", ".out"), err = Files.createTempFile("seedc-sim", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError(command + " did not end in 2 minutes");
            }
            return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.ISO_8859_1),
                    Files.readString(err, StandardCharsets.ISO_8859_1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * The file read as seedc run --encoding fixed reads it, with {@code labels} label columns: its predictions, one
     * a line, or seedc's message for the first bad row (a UserError).
     */
    static List<String> seedcRun(Path data, int labels) throws IOException {
        root();
        DataSet rows = DataInputs.load(model.program(), data, labels);
        FixedInterpreter fi = new FixedInterpreter(fixed, new QuantizedModel(fixed, model.weights()));
        List<String> predictions = new ArrayList<>();
        for (double[] x : rows.features()) {
            fi.run(x);
            predictions.add(Long.toString(fi.label()));
        }
        return predictions;
    }
}
