package seedc.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import seedc.driver.DataInputs;
import seedc.frontend.onnx.OnnxFrontEnd;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.codegen.OnnxDifferentialTest;
import seedc.ir.FloatModel;

/**
 * Every trained fixture under src/test/resources/fixtures with its data: the SeeDot models (models/, lowbit/,
 * devicefit/) and the ONNX ones (onnx/, search/), loaded as 'seedc compile' loads them.
 */
final class OracleFixtures {
    static final Path ROOT = Path.of("src/test/resources/fixtures").toAbsolutePath();
    private static final Path DIGITS = ROOT.resolve("models/cnn-digits-10");
    private static final Path FASHION = ROOT.resolve("devicefit/protonn-fashion784-10");

    /**
     * One fixture: its model, the folder its float parameters are read from by the oracle (null: the ONNX file holds
     * them, the test writes them out), and its training and test data.
     */
    record Fixture(String name, Path model, Path weights, Path train, Path test, boolean onnx) {
        FloatModel load() {
            if (onnx && name.startsWith("onnx/")) { // as OnnxDifferentialTest compiles it: --argmax, its input range
                return OnnxDifferentialTest.load(model, OnnxDifferentialTest.data(name.substring("onnx/".length())));
            }
            return onnx ? OnnxFrontEnd.load(model, new OnnxFrontEnd.Options(-1, 1, false))
                    : SeeDotFrontEnd.load(model, weights);
        }

        DataSet train(FloatModel m) {
            return DataInputs.load(m.program(), train, 1);
        }

        DataSet test(FloatModel m) {
            return DataInputs.load(m.program(), test, 1);
        }
    }

    private OracleFixtures() {}

    static List<Fixture> all() throws IOException {
        List<Fixture> out = new ArrayList<>();
        for (String dir : List.of("models", "lowbit", "devicefit")) {
            for (Path d : folders(ROOT.resolve(dir))) {
                Path data = Files.exists(d.resolve("train.npy")) ? d : dir.equals("lowbit") ? DIGITS : FASHION;
                out.add(new Fixture(dir + "/" + d.getFileName(), d.resolve("input.sd"), d, data.resolve("train.npy"),
                        data.resolve("test.npy"), false));
            }
        }
        try (Stream<Path> files = Files.list(ROOT.resolve("onnx"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".onnx")).sorted().toList()) {
                String n = f.getFileName().toString().replace(".onnx", "");
                Path data = OnnxDifferentialTest.data(n).dir();
                out.add(new Fixture("onnx/" + n, f, null, data.resolve("train.npy"), data.resolve("test.npy"), true));
            }
        }
        Path letter = ROOT.resolve("search/mlp-letter-26");
        out.add(new Fixture("search/mlp-letter-26", letter.resolve("model.onnx"), null, letter.resolve("train.npy"),
                letter.resolve("test.npy"), true));
        return out;
    }

    /**
     * programs/blocks.sd (the sparse product, mbconv's grouped convolutions and per-channel scales, relu6, normaliseL2,
     * reverse, splices written in a loop) with weights and data drawn from a fixed seed into {@code dir}: no trained
     * fixture has these ops.
     */
    static Fixture blocks(Path dir) throws IOException {
        Map<String, int[]> shapes = new java.util.LinkedHashMap<>();
        shapes.put("P", new int[] {16, 48});
        for (String[] block : new String[][] {{"E1", "1,1,1,1,6"}, {"E2", "6,3,3,1,1"}, {"E3", "1,1,1,6,2"}}) {
            shapes.put(block[0], Arrays.stream(block[1].split(",")).mapToInt(Integer::parseInt).toArray());
            int c = shapes.get(block[0])[4] * (block[0].equals("E2") ? 6 : 1);
            shapes.put("S" + block[0].substring(1), new int[] {c});
            shapes.put("O" + block[0].substring(1), new int[] {c});
        }
        shapes.put("H", new int[] {4, 3});
        return seeded("programs/blocks", ROOT.resolve("programs/blocks.sd"), shapes, 48, 0, dir);
    }

    /** The ops the other fixtures leave out (sgn, a vector subtracted, sigmoid and tanh of vectors), seeded alike. */
    static Fixture signs(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path program = Files.writeString(dir.resolve("signs.sd"), String.join("\n",
                "let X = (4, 1) in [-1, 1] in", "let W = (3, 4) in [-1, 1] in", "let B = (3) in [-1, 1] in",
                "let Z = (2, 3) in [-1, 1] in", "let r = reshape(W * X, (1, 3), (1, 2)) in", "let y = r <-> B in",
                "let k = sgn(y[0:+1][0:+1]) in", "let t = Z[k] in", "argmax(sigmoid(t) <*> tanh(y[0]))", ""));
        Map<String, int[]> shapes = new java.util.LinkedHashMap<>();
        shapes.put("W", new int[] {3, 4});
        shapes.put("B", new int[] {3});
        shapes.put("Z", new int[] {2, 3});
        return seeded("synthetic/signs", program, shapes, 4, -1, dir);
    }

    /** softplus and softsign (no trained fixture has them), seeded as {@link #signs}. */
    static Fixture softs(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path program = Files.writeString(dir.resolve("softs.sd"), String.join("\n",
                "let X = (4, 1) in [-1, 1] in", "let W = (3, 4) in [-1, 1] in", "let V = (3, 3) in [-1, 1] in",
                "let h = softplus(W * X) in", "argmax(softsign(V * h) - softsign(W * X))", ""));
        Map<String, int[]> shapes = new java.util.LinkedHashMap<>();
        shapes.put("W", new int[] {3, 4});
        shapes.put("V", new int[] {3, 3});
        return seeded("synthetic/softs", program, shapes, 4, -1, dir);
    }

    /**
     * A program with parameters of {@code shapes} drawn from seed 45 in their declared ranges ([-1, 1]; a name
     * starting with S [0.5, 1.5], with O [-0.5, 0.5]; P two in three zero: sparse), and 100 training and 100 test rows
     * of {@code features} values in [lo, 1].
     */
    private static Fixture seeded(String name, Path program, Map<String, int[]> shapes, int features, double lo,
                                  Path dir) throws IOException {
        Files.createDirectories(dir);
        java.util.Random rnd = new java.util.Random(45);
        for (var e : shapes.entrySet()) {
            double[] w = new double[Arrays.stream(e.getValue()).reduce(1, (a, b) -> a * b)];
            for (int i = 0; i < w.length; i++) {
                double r = 2 * rnd.nextDouble() - 1;
                w[i] = e.getKey().startsWith("S") ? 1 + r / 2 : e.getKey().startsWith("O") ? r / 2
                        : e.getKey().equals("P") && rnd.nextInt(3) > 0 ? 0 : r;
            }
            Npy.write(dir.resolve(e.getKey() + ".npy"), new NpyArray(e.getValue(), w));
        }
        int width = features + 1;
        for (String set : List.of("train", "test")) {
            double[] rows = new double[100 * width];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = i % width == 0 ? 0 : lo + (1 - lo) * rnd.nextDouble();
            }
            Npy.write(dir.resolve(set + ".npy"), new NpyArray(new int[] {100, width}, rows));
        }
        return new Fixture(name, program, dir, dir.resolve("train.npy"), dir.resolve("test.npy"), false);
    }

    private static List<Path> folders(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Files.exists(p.resolve("input.sd"))).sorted().toList();
        }
    }
}
