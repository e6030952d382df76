package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.eval.FloatInterpreter;
import seedc.ir.FloatModel;

/**
 * The activations of issue 43 (compositions of SeeDot's functions; Softplus and Softsign its built-ins), against ONNX Runtime on random
 * inputs: each graph scales its input by 4 (so that the clamps of HardSigmoid and HardSwish and the exp of Elu and
 * Selu are reached) then applies the operator, and seedc's float interpreter computes ONNX Runtime's outputs
 * within 1e-5 (relative above 1), with exact zeros among the inputs (where Sign, Abs and the relus change form).
 */
class OnnxActivationsTest {
    private static final long[] VECTOR = {1, 24}, IMAGE = {1, 3, 2, 4};

    /** op, opset, attributes as name=value pairs separated by ';' (floats), empty for the defaults. */
    @ParameterizedTest
    @CsvSource({"LeakyRelu, 9, ''", "LeakyRelu, 16, alpha=0.3", "LeakyRelu, 13, alpha=-0.5",
        "Elu, 9, ''", "Elu, 13, alpha=0.4", "Selu, 9, ''", "Selu, 13, alpha=1.2;gamma=0.9",
        "HardSigmoid, 9, ''", "HardSigmoid, 13, alpha=0.3;beta=0.4", "HardSwish, 14, ''", "HardSwish, 17, ''",
        "Abs, 13, ''", "Sign, 9, ''", "Sign, 13, ''", "Neg, 13, ''", "Softplus, 9, ''", "Softplus, 21, ''",
        "Softsign, 9, ''", "Softsign, 21, ''"})
    void elementWise(String op, int opset, String attributes, @TempDir Path dir) throws Exception {
        List<AttributeProto> attrs = new ArrayList<>();
        for (String a : attributes.split(";")) {
            if (!a.isEmpty()) {
                String[] kv = a.split("=");
                attrs.add(real(kv[0], Float.parseFloat(kv[1])));
            }
        }
        for (long[] shape : List.of(VECTOR, IMAGE)) {
            Path file = write(dir.resolve(op + shape.length + ".onnx"), shape, opset,
                    Graphs.node(op, "act", List.of("x4"), "y", attrs.toArray(AttributeProto[]::new)));
            agree(file, shape, new Random(opset * 31L + shape.length));
        }
    }

    /** PRelu's slope: one, one per element of a vector, one per channel of an image, and one per column of it. */
    @Test
    void preluSlopes(@TempDir Path dir) throws Exception {
        Random rnd = new Random(7);
        record Case(long[] input, long[] slope, int opset) {}
        List<Case> cases = List.of(new Case(VECTOR, new long[] {1}, 9), new Case(VECTOR, new long[] {24}, 16),
                new Case(VECTOR, new long[] {1, 24}, 13), new Case(IMAGE, new long[] {3, 1, 1}, 13),
                new Case(IMAGE, new long[] {4}, 9), new Case(IMAGE, new long[] {1, 3, 2, 4}, 13));
        int k = 0;
        for (Case c : cases) {
            Path file = write(dir.resolve("prelu" + k++ + ".onnx"), c.input(), c.opset(),
                    Graphs.node("PRelu", "p", List.of("x4", "slope"), "y"), Graphs.random("slope", rnd, c.slope()));
            agree(file, c.input(), rnd);
        }
    }

    /**
     * PyTorch's Softsign, x / (1 + |x|) written as Abs, Add of a constant 1 and Div, is read as softsign (seedc divides
     * only by constants): it agrees with ONNX Runtime, and the program has a softsign.
     */
    @Test
    void pytorchsSoftsignChain(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chain.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", VECTOR, "y", List.of(
                Graphs.node("Mul", "scale", List.of("x", "four"), "x4"),
                Graphs.node("Abs", "abs", List.of("x4"), "a"),
                Graphs.node("Add", "add", List.of("one", "a"), "s"),
                Graphs.node("Div", "div", List.of("x4", "s"), "y")),
                List.of(Graphs.floats("four", new float[] {4}), Graphs.floats("one", new float[] {1}))), 13).toByteArray());
        FloatModel model = agree(file, VECTOR, new Random(5));
        assertTrue(model.program().body().ops().stream().anyMatch(op -> op instanceof seedc.ir.Op.Softsign));
    }

    /** Sqrt and Reciprocal of constants (a scale written out by an exporter) are computed at import. */
    @Test
    void sqrtAndReciprocalOfConstants(@TempDir Path dir) throws Exception {
        Random rnd = new Random(3);
        Path file = dir.resolve("scale.onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", VECTOR, "y", List.of(
                Graphs.node("Sqrt", "s", List.of("v"), "sv"),
                Graphs.node("Reciprocal", "r", List.of("sv"), "rv"),
                Graphs.node("Mul", "m", List.of("x", "rv"), "y")),
                List.of(Graphs.positive("v", rnd, 24))), 13).toByteArray());
        FloatModel model = agree(file, VECTOR, rnd);
        assertEquals(1, model.weights().size(), "one folded constant");
    }

    @Test
    void sqrtAndReciprocalRefuseWhatTheyCannotFold(@TempDir Path dir) throws Exception {
        String computed = refusal(dir, "Sqrt", List.of("x"), List.of());
        assertTrue(computed.contains("node 'f' (Sqrt, opset 13): reads a computed tensor; seedc computes Sqrt only of"
                + " constants"), computed);
        String negative = refusal(dir, "Sqrt", List.of("c"), List.of(Graphs.floats("c", new float[] {4, -1}, 2)));
        assertTrue(negative.contains("node 'f' (Sqrt, opset 13): Sqrt of -1.0 (element 1 of its input) is NaN"), negative);
        String zero = refusal(dir, "Reciprocal", List.of("c"), List.of(Graphs.floats("c", new float[] {0, 2}, 2)));
        assertTrue(zero.contains("node 'f' (Reciprocal, opset 13): Reciprocal of 0.0 (element 0 of its input) is Infinity"), zero);
    }

    /**
     * LogSoftmax and Softmax heads over the only axis above 1 at any position, and before opset 13 over the 2-D
     * coercion's one row of several dims: seedc's class is the argmax of ONNX Runtime's output.
     */
    @ParameterizedTest
    @CsvSource({"LogSoftmax, 13, 1;5, -1", "LogSoftmax, 13, 5;1, 0", "Softmax, 13, 1;5;1, 1", "LogSoftmax, 11, 1;5, 1",
        "LogSoftmax, 11, 1;2;3, 1", "Softmax, 11, 1;2;3, -2", "LogSoftmax, 9, 4;1, 0"})
    void heads(String op, int opset, String dims, int axis, @TempDir Path dir) throws Exception {
        long[] shape = java.util.Arrays.stream(dims.split(";")).mapToLong(Long::parseLong).toArray();
        Path file = write(dir.resolve("head.onnx"), shape, opset, Graphs.node(op, "head", List.of("x4"), "y",
                Graphs.ints("axis", axis)));
        FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        Random rnd = new Random(axis + 5L * opset);
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            for (int trial = 0; trial < 10; trial++) {
                double[] x = new double[(int) java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b)];
                for (int j = 0; j < x.length; j++) {
                    x[j] = (float) (rnd.nextDouble() * 2 - 1);
                }
                float[] want = OnnxRuntimeOracleTest.flat(OnnxRuntimeOracleTest.ortAny(env, session, shape, x));
                int best = 0;
                for (int k = 1; k < want.length; k++) {
                    best = want[k] > want[best] ? k : best;
                }
                assertEquals(best, seedc.run(x, null).label(), op + " at trial " + trial);
            }
        }
    }

    /** From opset 13 the axis is one axis: over a tensor with another dim above 1 the head is refused. */
    @Test
    void headsOverOneOfSeveralAxesAreRefused(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("head.onnx"), new long[] {1, 2, 3}, 13, Graphs.node("LogSoftmax", "head",
                List.of("x4"), "y", Graphs.ints("axis", 1)));
        String message = assertThrows(seedc.diag.UserError.class,
                () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false))).getMessage();
        assertTrue(message.contains("node 'head' (LogSoftmax, opset 13): over axis 1 of shape (1, 2, 3); seedc takes"
                + " the class of one example's scores, the only axis above 1"), message);
    }

    /**
     * The LeakyRelu/PRelu MLP fixture imported and run in float on its every test row: its scores, with the dropped
     * LogSoftmax applied here, are ONNX Runtime's within 1e-5, and its accuracy is ONNX Runtime's and PyTorch's.
     */
    @Test
    void theActivationMlpAgreesWithOnnxRuntime() throws Exception {
        Path dir = Path.of("src/test/resources/fixtures/onnx/mlp-letter-26-prelu"), file = dir.resolve("model.onnx");
        FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
        FloatInterpreter floats = new FloatInterpreter(model.program(), model.weights());
        seedc.io.DataSet test = seedc.io.DataSets.load(dir.resolve("test.npy"), 1);
        int seedcRight = 0, ortRight = 0;
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            for (int i = 0; i < test.size(); i++) {
                double[] x = test.features()[i];
                float[] want = OnnxRuntimeOracleTest.flat(OnnxRuntimeOracleTest.ortAny(env, session,
                        new long[] {1, 16}, x));
                var r = floats.run(x, null);
                double[] z = r.scores();
                double max = java.util.Arrays.stream(z).max().orElseThrow(), sum = 0;
                for (double v : z) {
                    sum += Math.exp(v - max);
                }
                int best = 0;
                for (int k = 0; k < z.length; k++) {
                    assertEquals(want[k], z[k] - max - Math.log(sum), 1e-5 * Math.max(1, Math.abs(want[k])));
                    best = want[k] > want[best] ? k : best;
                }
                long label = Math.round(test.labels()[i][0]);
                seedcRight += r.label() == label ? 1 : 0;
                ortRight += best == label ? 1 : 0;
            }
        }
        assertEquals(ortRight, seedcRight);
        double pytorch = Double.parseDouble(Files.readString(dir.resolve("float_accuracy.txt")).trim());
        assertEquals(pytorch, 100.0 * seedcRight / test.size(), 1e-3);
    }

    /** A node {@code op} reading {@code inputs}, whose output is added to x: the import's message. */
    private static String refusal(Path dir, String op, List<String> inputs, List<TensorProto> init) throws Exception {
        Path file = dir.resolve(op + inputs + ".onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", new long[] {1, 2}, "y", List.of(
                Graphs.node(op, "f", inputs, "c2"), Graphs.node("Add", "a", List.of("x", "c2"), "y")), init), 13)
                .toByteArray());
        return assertThrows(seedc.diag.UserError.class, () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false)))
                .getMessage();
    }

    /** x, times 4 (x4), into {@code op} whose output is y; opset {@code opset}. */
    private static Path write(Path file, long[] shape, int opset, NodeProto op, TensorProto... init) throws Exception {
        List<TensorProto> all = new ArrayList<>(List.of(init));
        all.add(Graphs.floats("four", new float[] {4}));
        Files.write(file, Graphs.model(Graphs.graph("x", shape, "y", List.of(
                Graphs.node("Mul", "scale", List.of("x", "four"), "x4"), op), all), opset).toByteArray());
        return file;
    }

    private static AttributeProto real(String name, float v) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.FLOAT).setF(v).build();
    }

    /** seedc's float outputs equal ONNX Runtime's on 10 random inputs, a quarter of whose elements are 0. */
    static FloatModel agree(Path file, long[] shape, Random rnd) throws OrtException {
        FloatModel model = OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1, false));
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        int n = (int) java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b);
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            for (int trial = 0; trial < 10; trial++) {
                double[] x = new double[n];
                for (int j = 0; j < n; j++) {
                    x[j] = rnd.nextInt(4) == 0 ? 0 : (float) (rnd.nextDouble() * 2 - 1);
                }
                float[] want = OnnxRuntimeOracleTest.flat(OnnxRuntimeOracleTest.ortAny(env, session, shape, x));
                double[] got = seedc.run(x, null).output(); // an image's rows and output both in NCHW order
                assertEquals(want.length, got.length);
                for (int k = 0; k < got.length; k++) {
                    assertEquals(want[k], got[k], 1e-5 * Math.max(1, Math.abs(want[k])), file + " at " + k);
                }
            }
        }
        return model;
    }
}
