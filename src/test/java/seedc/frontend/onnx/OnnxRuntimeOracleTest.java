package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.eval.FloatInterpreter;
import seedc.eval.Result;
import seedc.io.DataSet;
import seedc.io.DataSets;
import seedc.ir.FloatModel;

/**
 * Every ONNX fixture, imported and run by seedc's float interpreter, against ONNX Runtime on every test example:
 * the graph's outputs agree within 1e-5 relative (a dropped Softmax is applied to seedc's scores here), and the
 * accuracies are equal, and equal to PyTorch's at export (the fixture's .txt).
 */
class OnnxRuntimeOracleTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/onnx");

    @ParameterizedTest
    @CsvSource({"mlp-digits-10, true", "cnn-digits-10, false", "gru-digits-10, false", "lstm-digits-10, false",
            "bigru-digits-10, false", "fastgrnn-digits-10, false", "lstm2-digits-10, false", "dscnn-waves-6, false",
            "mobilenet-digits-10, false"})
    void agreesWithOnnxRuntime(String name, boolean softmaxHead) throws Exception {
        Path file = FIXTURES.resolve(name + ".onnx");
        seedc.codegen.OnnxDifferentialTest.Data data = seedc.codegen.OnnxDifferentialTest.data(name);
        FloatModel model = seedc.codegen.OnnxDifferentialTest.load(file, data);
        DataSet test = DataSets.load(data.dir().resolve("test.npy"), 1);
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        int seedcRight = 0, ortRight = 0;
        double worst = 0;
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            String input = session.getInputNames().iterator().next();
            long[] shape = ((ai.onnxruntime.TensorInfo) session.getInputInfo().get(input).getInfo()).getShape();
            for (int i = 0; i < test.size(); i++) {
                double[] x = test.features()[i];
                float[] expected = ort(env, session, input, shape, x);
                Result r = seedc.run(x, null);
                double[] got = softmaxHead ? softmax(r.scores()) : r.scores();
                assertEquals(expected.length, got.length);
                for (int k = 0; k < got.length; k++) {
                    double err = Math.abs(got[k] - expected[k]) / Math.max(1.0, Math.abs(expected[k]));
                    worst = Math.max(worst, err);
                }
                long label = Math.round(test.labels()[i][0]);
                seedcRight += r.label() == label ? 1 : 0;
                ortRight += argmax(expected) == label ? 1 : 0;
            }
        }
        assertTrue(worst <= 1e-5, name + ": largest relative difference " + worst);
        assertEquals(ortRight, seedcRight, name);
        double pytorch = Double.parseDouble(Files.readString(FIXTURES.resolve(name + ".txt")).trim());
        assertEquals(pytorch, 100.0 * seedcRight / test.size(), 1e-3, name);
    }

    /**
     * Conv then BatchNormalization (folded into the filter and a new bias), and Gemm then BatchNormalization (into
     * the weight and bias), on random weights: seedc's float outputs against ONNX Runtime's on random inputs.
     */
    @org.junit.jupiter.api.Test
    void batchNormalizationFoldsIntoTheConvOrGemmBefore(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(5);
        Path conv = dir.resolve("conv-bn.onnx");
        Files.write(conv, Graphs.model(Graphs.graph("x", new long[] {1, 2, 5, 5}, "y",
                List.of(Graphs.node("Conv", "c", List.of("x", "W"), "h", Graphs.ints("pads", 1, 1, 1, 1)),
                        Graphs.node("BatchNormalization", "bn", List.of("h", "s", "b", "m", "v"), "y")),
                List.of(Graphs.random("W", rnd, 3, 2, 3, 3), Graphs.random("s", rnd, 3), Graphs.random("b", rnd, 3),
                        Graphs.random("m", rnd, 3), Graphs.positive("v", rnd, 3)))).toByteArray());
        Path gemm = dir.resolve("gemm-bn.onnx");
        Files.write(gemm, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y",
                List.of(Graphs.node("Gemm", "g", List.of("x", "W", "c"), "h", Graphs.ints("transB", 1)),
                        Graphs.node("BatchNormalization", "bn", List.of("h", "s", "b", "m", "v"), "y")),
                List.of(Graphs.random("W", rnd, 4, 6), Graphs.random("c", rnd, 4), Graphs.random("s", rnd, 4),
                        Graphs.random("b", rnd, 4), Graphs.random("m", rnd, 4), Graphs.positive("v", rnd, 4))))
                .toByteArray());
        agree(List.of(conv, gemm), List.of(new long[] {1, 2, 5, 5}, new long[] {1, 6}), rnd, 2);
    }

    /**
     * Conv, AveragePool (3x3, stride 1, pads counted), GlobalAveragePool, Flatten and Gemm (GlobalAveragePool's node
     * tests are opset 1, which seedc does not import): seedc's float outputs against ONNX Runtime's.
     */
    @org.junit.jupiter.api.Test
    void poolingIntoAClassifier(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(9);
        Path file = dir.resolve("pools.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 2, 6, 6}, "y", List.of(
                Graphs.node("Conv", "c", List.of("x", "W", "b"), "h", Graphs.ints("pads", 1, 1, 1, 1)),
                Graphs.node("AveragePool", "a", List.of("h"), "p", Graphs.concat(Graphs.ints("kernel_shape", 3, 3),
                        Graphs.ints("pads", 1, 1, 1, 1), Graphs.ints("count_include_pad", 1))),
                Graphs.node("GlobalAveragePool", "g", List.of("p"), "q"),
                Graphs.node("Flatten", "f", List.of("q"), "r"),
                Graphs.node("Gemm", "d", List.of("r", "W2", "b2"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("W", rnd, 3, 2, 3, 3), Graphs.random("b", rnd, 3), Graphs.random("W2", rnd, 4, 3),
                        Graphs.random("b2", rnd, 4)))).toByteArray());
        agree(List.of(file), List.of(new long[] {1, 2, 6, 6}), rnd, -1);
    }

    /**
     * A plain RNN (tanh) of 5 units over 4 steps of 3 features, its final state through a Gemm; and the same
     * with an initial state: seedc's float outputs against ONNX Runtime's.
     */
    @org.junit.jupiter.api.Test
    void aPlainRnn(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(3);
        List<Path> files = new java.util.ArrayList<>();
        for (boolean initial : new boolean[] {false, true}) {
            Path file = dir.resolve("rnn-" + initial + ".onnx");
            List<String> in = initial ? List.of("x", "W", "R", "B", "", "h0") : List.of("x", "W", "R", "B");
            Files.write(file, Graphs.model(Graphs.graph("x", new long[] {4, 1, 3}, "y", List.of(
                    Graphs.node("RNN", "rnn", in, List.of("", "hN"), Graphs.ints("hidden_size", 5)),
                    Graphs.node("Reshape", "flat", List.of("hN", "shape"), "h"),
                    Graphs.node("Gemm", "d", List.of("h", "W2"), "y", Graphs.ints("transB", 1))),
                    List.of(Graphs.random("W", rnd, 1, 5, 3), Graphs.random("R", rnd, 1, 5, 5),
                            Graphs.random("B", rnd, 1, 10), Graphs.random("h0", rnd, 1, 1, 5),
                            Graphs.int64("shape", 1, 5), Graphs.random("W2", rnd, 2, 5)))).toByteArray());
            files.add(file);
        }
        agree(files, List.of(new long[] {4, 1, 3}, new long[] {4, 1, 3}), rnd, -1);
    }

    /**
     * Every direction of each recurrent operator, 5 units over 4 steps of 3 features, the final state (both
     * directions' for a bidirectional node, (2, 1, 5)) through a Gemm: a reverse RNN, a bidirectional GRU with an
     * initial state, a bidirectional LSTM, and a reverse GRU with layout 1 (X as (1, steps, features), opset 14):
     * seedc's float outputs against ONNX Runtime's. ONNX Runtime refuses layout 1, so seedc on that graph is
     * checked against ONNX Runtime on the same graph with layout 0 (for one example the two hold their tensors'
     * elements in the same order).
     */
    @org.junit.jupiter.api.Test
    void recurrentDirectionsAndLayouts(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        record Case(String op, int gates, String direction, int layout, boolean initial) {}
        List<Case> cases = List.of(new Case("RNN", 1, "reverse", 0, false), new Case("GRU", 3, "bidirectional", 0, true),
                new Case("LSTM", 4, "bidirectional", 0, false), new Case("GRU", 3, "reverse", 1, true));
        List<Path> files = new java.util.ArrayList<>(), oracles = new java.util.ArrayList<>();
        List<long[]> shapes = new java.util.ArrayList<>();
        for (Case c : cases) {
            files.add(recurrent(dir, c.op(), c.gates(), c.direction(), c.layout(), c.initial()));
            oracles.add(recurrent(dir, c.op(), c.gates(), c.direction(), 0, c.initial()));
            shapes.add(new long[] {4, 1, 3});
        }
        agree(files, oracles, shapes, new java.util.Random(12));
    }

    /**
     * Stacked recurrences, which read every step's output Y of the one below: a GRU of 5 whose Y (4, 1, 1, 5),
     * squeezed, feeds a GRU of 4; and a bidirectional LSTM of 5 whose Y (4, 2, 1, 5), its directions side by side
     * as PyTorch stacks them (Transpose, Reshape), feeds a reverse RNN of 3; the last final state through a Gemm:
     * against ONNX Runtime.
     */
    @org.junit.jupiter.api.Test
    void stackedRecurrencesReadEveryStep(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(15);
        Path gru = dir.resolve("stacked-gru.onnx"), lstm = dir.resolve("stacked-lstm.onnx");
        Files.write(gru, Graphs.model(Graphs.graph("x", new long[] {4, 1, 3}, "y", List.of(
                Graphs.node("GRU", "g1", List.of("x", "W1", "R1", "B1"), List.of("Y1", ""), Graphs.ints("hidden_size", 5)),
                Graphs.node("Squeeze", "sq", List.of("Y1", "axis1"), "h1"),
                Graphs.node("GRU", "g2", List.of("h1", "W2", "R2", "B2"), List.of("", "hN"), Graphs.ints("hidden_size", 4)),
                Graphs.node("Reshape", "flat", List.of("hN", "shape"), "h"),
                Graphs.node("Gemm", "d", List.of("h", "Wd"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("W1", rnd, 1, 15, 3), Graphs.random("R1", rnd, 1, 15, 5), Graphs.random("B1", rnd, 1, 30),
                        Graphs.int64("axis1", 1), Graphs.random("W2", rnd, 1, 12, 5), Graphs.random("R2", rnd, 1, 12, 4),
                        Graphs.random("B2", rnd, 1, 24), Graphs.int64("shape", 1, 4), Graphs.random("Wd", rnd, 2, 4))))
                .toByteArray());
        Files.write(lstm, Graphs.model(Graphs.graph("x", new long[] {4, 1, 3}, "y", List.of(
                Graphs.node("LSTM", "l1", List.of("x", "W1", "R1", "B1"), List.of("Y1", "", ""),
                        Graphs.concat(Graphs.ints("hidden_size", 5), Graphs.string("direction", "bidirectional"))),
                Graphs.node("Transpose", "t", List.of("Y1"), "Yt", Graphs.ints("perm", 0, 2, 1, 3)),
                Graphs.node("Reshape", "r", List.of("Yt", "steps"), "h1"),
                Graphs.node("RNN", "r2", List.of("h1", "W2", "R2", "B2"), List.of("", "hN"),
                        Graphs.concat(Graphs.ints("hidden_size", 3), Graphs.string("direction", "reverse"))),
                Graphs.node("Reshape", "flat", List.of("hN", "shape"), "h"),
                Graphs.node("Gemm", "d", List.of("h", "Wd"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("W1", rnd, 2, 20, 3), Graphs.random("R1", rnd, 2, 20, 5), Graphs.random("B1", rnd, 2, 40),
                        Graphs.int64("steps", 4, 1, 10), Graphs.random("W2", rnd, 1, 3, 10), Graphs.random("R2", rnd, 1, 3, 3),
                        Graphs.random("B2", rnd, 1, 6), Graphs.int64("shape", 1, 3), Graphs.random("Wd", rnd, 2, 3))))
                .toByteArray());
        agree(List.of(gru, lstm), List.of(new long[] {4, 1, 3}, new long[] {4, 1, 3}), rnd, -1);
    }

    /** A recurrent node of 5 units over 4 steps of 3 features, its final state through a Gemm; seeded weights. */
    private static Path recurrent(Path dir, String op, int gates, String direction, int layout, boolean initial)
            throws java.io.IOException {
        java.util.Random rnd = new java.util.Random(11);
        int dirs = direction.equals("bidirectional") ? 2 : 1;
        long[] x = layout == 0 ? new long[] {4, 1, 3} : new long[] {1, 4, 3};
        Path file = dir.resolve(op + "-" + direction + "-" + layout + ".onnx");
        List<String> in = initial ? List.of("x", "W", "R", "B", "", "h0") : List.of("x", "W", "R", "B");
        Files.write(file, Graphs.model(Graphs.graph("x", x, "y", List.of(
                Graphs.node(op, "rnn", in, List.of("", "hN"), Graphs.concat(Graphs.ints("hidden_size", 5),
                        Graphs.string("direction", direction), Graphs.ints("layout", layout))),
                Graphs.node("Reshape", "flat", List.of("hN", "shape"), "h"),
                Graphs.node("Gemm", "d", List.of("h", "W2"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("W", rnd, dirs, 5L * gates, 3), Graphs.random("R", rnd, dirs, 5L * gates, 5),
                        Graphs.random("B", rnd, dirs, 10L * gates), Graphs.random("h0", rnd, dirs, 1, 5),
                        Graphs.int64("shape", 1, 5L * dirs), Graphs.random("W2", rnd, 2, 5L * dirs))), 14)
                .toByteArray());
        return file;
    }

    /**
     * Weights stored as int8 with per-row scales and a DequantizeLinear (computed at import), and the same graph
     * with a QuantizeLinear/DequantizeLinear pair on its input (scale 1/128: seedc's quantize(x, 8, -1, 127/128),
     * the same 256 levels, clamped): both against ONNX Runtime. With a scale per input channel the pair is dropped
     * with a note, and the float program is the first graph's.
     */
    @org.junit.jupiter.api.Test
    void quantizedWeightsAndActivations(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(4);
        List<onnx.Onnx.TensorProto> init = List.of(Graphs.int8("Wq", rnd, 3, 6),
                Graphs.floats("ws", new float[] {0.01f, 0.02f, 0.005f}, 3), Graphs.random("b", rnd, 3),
                Graphs.floats("xs", new float[] {1f / 128}), onnx.Onnx.TensorProto.newBuilder().setName("xz").setDataType(3).addInt32Data(0).build(),
                Graphs.floats("cs", new float[] {0.01f, 0.02f, 0.03f, 0.01f, 0.02f, 0.03f}, 6),
                onnx.Onnx.TensorProto.newBuilder().setName("cz").setDataType(3).addAllInt32Data(java.util.Collections.nCopies(6, 0))
                        .addDims(6).build());
        Path weights = dir.resolve("qweights.onnx"), pair = dir.resolve("qdq.onnx"), channels = dir.resolve("qdq-axis.onnx");
        Files.write(weights, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("DequantizeLinear", "dq", List.of("Wq", "ws"), "W", Graphs.ints("axis", 0)),
                Graphs.node("Gemm", "g", List.of("x", "W", "b"), "y", Graphs.ints("transB", 1))), init)).toByteArray());
        for (Path file : List.of(pair, channels)) {
            String s = file == pair ? "xs" : "cs", z = file == pair ? "xz" : "cz";
            Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                    Graphs.node("QuantizeLinear", "qx", List.of("x", s, z), "xq", Graphs.ints("axis", 1)),
                    Graphs.node("DequantizeLinear", "dqx", List.of("xq", s, z), "xr", Graphs.ints("axis", 1)),
                    Graphs.node("DequantizeLinear", "dq", List.of("Wq", "ws"), "W", Graphs.ints("axis", 0)),
                    Graphs.node("Gemm", "g", List.of("xr", "W", "b"), "y", Graphs.ints("transB", 1))), init)).toByteArray());
        }
        agree(List.of(weights, pair), List.of(new long[] {1, 6}, new long[] {1, 6}), rnd, -1);
        assertEquals(List.of(), OnnxFrontEnd.importFile(pair, new OnnxFrontEnd.Options(-1, 1, false)).notes());
        ImportedProgram imported = OnnxFrontEnd.importFile(channels, new OnnxFrontEnd.Options(-1, 1, false));
        assertEquals(List.of("node 'qx' (QuantizeLinear, opset 13) and its DequantizeLinear (a scale per channel) are"
                + " dropped: seedc's search chooses this value's fixed-point type"), imported.notes());
        FloatModel a = OnnxFrontEnd.load(weights, new OnnxFrontEnd.Options(-1, 1, false));
        FloatModel b = OnnxFrontEnd.load(channels, new OnnxFrontEnd.Options(-1, 1, false));
        double[] x = {0.3, -0.2, 0.7, 0.1, -0.9, 0.5};
        assertEquals(java.util.Arrays.toString(new FloatInterpreter(a.program(), a.weights()).run(x, null).output()),
                java.util.Arrays.toString(new FloatInterpreter(b.program(), b.weights()).run(x, null).output()));
    }

    /**
     * Two convolutions of one image concatenated along the channels (an inception-like block), flattened into a
     * Gemm; and two Gemm rows concatenated with a constant row: seedc's float outputs against ONNX Runtime's.
     */
    @org.junit.jupiter.api.Test
    void concatenationOfComputedTensors(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(6);
        Path image = dir.resolve("concat-image.onnx"), rows = dir.resolve("concat-rows.onnx");
        Files.write(image, Graphs.model(Graphs.graph("x", new long[] {1, 2, 4, 4}, "y", List.of(
                Graphs.node("Conv", "a", List.of("x", "Wa"), "ha", Graphs.ints("pads", 1, 1, 1, 1)),
                Graphs.node("Conv", "b", List.of("x", "Wb"), "hb"),
                Graphs.node("MaxPool", "p", List.of("ha"), "pa", Graphs.ints("kernel_shape", 3, 3)),
                Graphs.node("Concat", "c", List.of("pa", "hb"), "h", Graphs.ints("axis", 1)),
                Graphs.node("Flatten", "f", List.of("h"), "r"),
                Graphs.node("Gemm", "d", List.of("r", "W2"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("Wa", rnd, 3, 2, 3, 3), Graphs.random("Wb", rnd, 2, 2, 3, 3),
                        Graphs.random("W2", rnd, 4, 20)))).toByteArray());
        Files.write(rows, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("Gemm", "a", List.of("x", "Wa"), "ha", Graphs.ints("transB", 1)),
                Graphs.node("Gemm", "b", List.of("x", "Wb"), "hb", Graphs.ints("transB", 1)),
                Graphs.node("Concat", "c", List.of("ha", "k", "hb"), "y", Graphs.ints("axis", -1))),
                List.of(Graphs.random("Wa", rnd, 3, 6), Graphs.random("Wb", rnd, 2, 6), Graphs.random("k", rnd, 1, 2))))
                .toByteArray());
        agree(List.of(image, rows), List.of(new long[] {1, 2, 4, 4}, new long[] {1, 6}), rnd, -1);
    }

    /**
     * Concat along the other axes: two Gemm rows and a constant row stacked into a (3, 3) matrix (axis 0), two
     * convolutions stacked along the height and along the width of the image: against ONNX Runtime.
     */
    @org.junit.jupiter.api.Test
    void concatenationAlongOtherAxes(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(13);
        Path rows = dir.resolve("concat-axis0.onnx");
        Files.write(rows, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("Gemm", "a", List.of("x", "Wa"), "ha", Graphs.ints("transB", 1)),
                Graphs.node("Gemm", "b", List.of("x", "Wb"), "hb", Graphs.ints("transB", 1)),
                Graphs.node("Concat", "c", List.of("ha", "k", "hb"), "h", Graphs.ints("axis", 0)),
                Graphs.node("Reshape", "r", List.of("h", "shape"), "f"),
                Graphs.node("Gemm", "d", List.of("f", "W2"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("Wa", rnd, 3, 6), Graphs.random("Wb", rnd, 3, 6), Graphs.random("k", rnd, 1, 3),
                        Graphs.int64("shape", 1, 9), Graphs.random("W2", rnd, 2, 9)))).toByteArray());
        List<Path> files = new java.util.ArrayList<>(List.of(rows));
        for (int axis : new int[] {2, 3}) {
            Path image = dir.resolve("concat-axis" + axis + ".onnx");
            Files.write(image, Graphs.model(Graphs.graph("x", new long[] {1, 2, 4, 4}, "y", List.of(
                    Graphs.node("Conv", "a", List.of("x", "Wa"), "ha", Graphs.ints("pads", 1, 1, 1, 1)),
                    Graphs.node("Conv", "b", List.of("x", "Wb"), "hb", Graphs.ints("pads", 1, 1, 1, 1)),
                    Graphs.node("Concat", "c", List.of("ha", "hb"), "h", Graphs.ints("axis", axis)),
                    Graphs.node("Flatten", "f", List.of("h"), "r"),
                    Graphs.node("Gemm", "d", List.of("r", "W2"), "y", Graphs.ints("transB", 1))),
                    List.of(Graphs.random("Wa", rnd, 3, 2, 3, 3), Graphs.random("Wb", rnd, 3, 2, 3, 3),
                            Graphs.random("W2", rnd, 4, 96)))).toByteArray());
            files.add(image);
        }
        agree(files, List.of(new long[] {1, 6}, new long[] {1, 2, 4, 4}, new long[] {1, 2, 4, 4}), rnd, -1);
    }

    /**
     * Heads other than (1, N) scores at the output: a Softmax read only by the ArgMax head (dropped), and an ArgMax
     * over axis -2 of (1, 4, 1) scores: seedc's class against ONNX Runtime's ArgMax on 20 random inputs each.
     */
    @org.junit.jupiter.api.Test
    void argmaxHeads(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(14);
        Path softmax = dir.resolve("softmax-argmax.onnx"), column = dir.resolve("argmax-column.onnx");
        List<onnx.Onnx.TensorProto> init = List.of(Graphs.random("W", rnd, 4, 6), Graphs.int64("shape", 1, 4, 1));
        Files.write(softmax, Graphs.model(Graphs.int64Output(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("Gemm", "a", List.of("x", "W"), "h", Graphs.ints("transB", 1)),
                Graphs.node("Softmax", "s", List.of("h"), "p", Graphs.ints("axis", 1)),
                Graphs.node("ArgMax", "m", List.of("p"), "y", Graphs.ints("axis", 1))), init))).toByteArray());
        Files.write(column, Graphs.model(Graphs.int64Output(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("Gemm", "a", List.of("x", "W"), "h", Graphs.ints("transB", 1)),
                Graphs.node("Reshape", "r", List.of("h", "shape"), "c"),
                Graphs.node("ArgMax", "m", List.of("c"), "y", Graphs.concat(Graphs.ints("axis", -2),
                        Graphs.ints("keepdims", 0)))), init))).toByteArray());
        for (Path file : List.of(softmax, column)) {
            FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
            FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
            try (OrtEnvironment env = OrtEnvironment.getEnvironment();
                 OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
                for (int trial = 0; trial < 20; trial++) {
                    double[] x = randomInput(rnd, 6);
                    long want = firstLong(ortAny(env, session, new long[] {1, 6}, x));
                    assertEquals(want, seedc.run(x, null).label(), file.getFileName() + " trial " + trial);
                }
            }
        }
    }

    /** n floats uniform in [-1, 1) (as doubles: both interpreters then read the same numbers). */
    private static double[] randomInput(java.util.Random rnd, int n) {
        double[] x = new double[n];
        for (int j = 0; j < n; j++) {
            x[j] = (float) (rnd.nextDouble() * 2 - 1);
        }
        return x;
    }

    private static long firstLong(Object a) {
        return a instanceof long[] l ? l[0] : firstLong(((Object[]) a)[0]);
    }

    /** Exp of a computed vector (element-wise, as in a softmax written out), into a Gemm: against ONNX Runtime. */
    @org.junit.jupiter.api.Test
    void elementWiseExp(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(10);
        Path file = dir.resolve("exp.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 6}, "y", List.of(
                Graphs.node("Gemm", "a", List.of("x", "W"), "h", Graphs.ints("transB", 1)),
                Graphs.node("Exp", "e", List.of("h"), "eh"),
                Graphs.node("Gemm", "b", List.of("eh", "W2"), "y", Graphs.ints("transB", 1))),
                List.of(Graphs.random("W", rnd, 4, 6), Graphs.random("W2", rnd, 3, 4)))).toByteArray());
        agree(List.of(file), List.of(new long[] {1, 6}), rnd, -1);
    }

    /**
     * A 2-channel image graph imported for NHWC rows: seedc on each image's pixels in NHWC order computes what
     * ONNX Runtime computes on the same image in NCHW order.
     */
    @org.junit.jupiter.api.Test
    void nhwcRows(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Random rnd = new java.util.Random(8);
        Path file = dir.resolve("nhwc.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 2, 3, 3}, "y", List.of(
                Graphs.node("Conv", "c", List.of("x", "W"), "h", Graphs.ints("pads", 1, 1, 1, 1)),
                Graphs.node("Flatten", "f", List.of("h"), "y")),
                List.of(Graphs.random("W", rnd, 2, 2, 3, 3)))).toByteArray());
        FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false, true));
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            for (int trial = 0; trial < 10; trial++) {
                double[] nchw = new double[18], nhwc = new double[18];
                for (int c = 0; c < 2; c++) {
                    for (int p = 0; p < 9; p++) {
                        nchw[c * 9 + p] = (float) (rnd.nextDouble() * 2 - 1);
                        nhwc[p * 2 + c] = nchw[c * 9 + p];
                    }
                }
                float[] want = flat(ortAny(env, session, new long[] {1, 2, 3, 3}, nchw));
                double[] got = seedc.run(nhwc, null).output();
                for (int k = 0; k < got.length; k++) {
                    assertEquals(want[k], got[k], 1e-5 * Math.max(1, Math.abs(want[k])), "at " + k);
                }
            }
        }
    }

    /** seedc's float outputs equal ONNX Runtime's within 1e-5 on 10 random inputs of each graph. */
    static void agree(List<Path> files, List<long[]> shapes, java.util.Random rnd, int params)
            throws OrtException {
        agree(files, files, shapes, rnd, params);
    }

    /** seedc's float outputs on each file equal ONNX Runtime's on the matching oracle file (of input shape shapes[k]). */
    private static void agree(List<Path> files, List<Path> oracles, List<long[]> shapes, java.util.Random rnd)
            throws OrtException {
        agree(files, oracles, shapes, rnd, -1);
    }

    private static void agree(List<Path> files, List<Path> oracles, List<long[]> shapes, java.util.Random rnd,
                              int params) throws OrtException {
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            long[] shape = shapes.get(f);
            FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
            if (params >= 0) {
                assertEquals(params, model.weights().size(), "only the folded weight and bias");
            }
            FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
            try (OrtEnvironment env = OrtEnvironment.getEnvironment();
                 OrtSession session = env.createSession(oracles.get(f).toString(), new OrtSession.SessionOptions())) {
                int n = (int) java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                for (int trial = 0; trial < 10; trial++) {
                    double[] x = randomInput(rnd, n);
                    float[] want = flat(ortAny(env, session, shape, x));
                    double[] got = seedc.run(x, null).output();
                    assertEquals(want.length, got.length);
                    for (int k = 0; k < got.length; k++) {
                        assertEquals(want[k], got[k], 1e-5 * Math.max(1, Math.abs(want[k])), file + " at " + k);
                    }
                }
            }
        }
    }

    static Object ortAny(OrtEnvironment env, OrtSession session, long[] shape, double[] x) throws OrtException {
        float[] f = new float[x.length];
        for (int j = 0; j < x.length; j++) {
            f[j] = (float) x[j];
        }
        try (OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(f), shape);
             OrtSession.Result out = session.run(Map.of("x", t))) {
            return out.get(0).getValue();
        }
    }

    /** The elements of a float array of any rank, row-major. */
    static float[] flat(Object a) {
        if (a instanceof float[] f) {
            return f;
        }
        java.util.List<Float> all = new java.util.ArrayList<>();
        for (Object e : (Object[]) a) {
            for (float v : flat(e)) {
                all.add(v);
            }
        }
        float[] out = new float[all.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = all.get(i);
        }
        return out;
    }

    private static float[] ort(OrtEnvironment env, OrtSession session, String input, long[] shape, double[] x)
            throws OrtException {
        float[] f = new float[x.length];
        for (int j = 0; j < x.length; j++) {
            f[j] = (float) x[j];
        }
        try (OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(f), shape);
             OrtSession.Result out = session.run(Map.of(input, t))) {
            return ((float[][]) out.get(0).getValue())[0];
        }
    }

    private static double[] softmax(double[] z) {
        double max = Double.NEGATIVE_INFINITY, sum = 0;
        for (double v : z) {
            max = Math.max(max, v);
        }
        double[] p = new double[z.length];
        for (int k = 0; k < z.length; k++) {
            p[k] = Math.exp(z[k] - max);
            sum += p[k];
        }
        for (int k = 0; k < z.length; k++) {
            p[k] /= sum;
        }
        return p;
    }

    private static int argmax(float[] v) {
        int best = 0;
        for (int k = 1; k < v.length; k++) {
            if (v[k] > v[best]) {
                best = k;
            }
        }
        return best;
    }
}
