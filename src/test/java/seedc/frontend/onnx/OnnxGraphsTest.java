package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.diag.UserError;
import seedc.eval.FloatInterpreter;
import seedc.ir.FloatModel;

/**
 * Graphs as exporters write them: several outputs (the one chosen is computed, the nodes of the others are not
 * converted), a fixed batch above one (read as one example: each row of ONNX Runtime's batch is seedc's example),
 * and several inputs (one read: the others are left out; two read: refused by name and shape). ONNX Runtime on the
 * same files is the oracle, on random inputs.
 */
class OnnxGraphsTest {
    private final Random rnd = new Random(43);

    /**
     * x (1, 6) -> Gemm -> h; y1 = Relu(h) (1, 4), y2 = Gemm(h) (1, 3), y3 = Shrink(h), an operator seedc does not
     * import. The default is y1 (said in a note), --output y2 computes y2, and neither converts y3's Shrink.
     */
    @Test
    void theChosenOutputIsComputedAndTheOthersNodesAreNot(@TempDir Path dir) throws Exception {
        List<NodeProto> nodes = List.of(
                Graphs.node("Gemm", "g1", List.of("x", "W1", "b1"), "h", Graphs.ints("transB", 1)),
                Graphs.node("Relu", "r", List.of("h"), "y1"),
                Graphs.node("Gemm", "g2", List.of("h", "W2", "b2"), "y2", Graphs.ints("transB", 1)),
                Graphs.node("Shrink", "s", List.of("h"), "y3"));
        GraphProto g = graph(List.of(input("x", 1, 6)), List.of(output("y1", 1, 4), output("y2", 1, 3),
                output("y3", 1, 4)), nodes, List.of(Graphs.random("W1", rnd, 4, 6), Graphs.random("b1", rnd, 4),
                Graphs.random("W2", rnd, 3, 4), Graphs.random("b2", rnd, 3)));
        Path file = write(dir, "three.onnx", g);

        ImportedProgram first = OnnxFrontEnd.importFile(file, options(null));
        assertEquals(List.of("the graph has 3 outputs, 'y1' (1, 4), 'y2' (1, 3), 'y3' (1, 4); seedc compiles the"
                + " first, 'y1' (--output NAME chooses another); 2 nodes that only feed other outputs left out"),
                first.notes());
        assertEquals(List.of("W_W1", "W_b1"), List.copyOf(first.params().keySet())); // y2's weights are not read
        for (String out : List.of("y1", "y2")) {
            agrees(file, options(out), "x", new long[] {1, 6}, out, 1);
        }
        UserError shrink = assertThrows(UserError.class, () -> OnnxFrontEnd.importFile(file, options("y3")));
        assertTrue(shrink.getMessage().startsWith(file + ": error: node 's' (Shrink, opset 13): operator Shrink is"
                + " not supported"), shrink.getMessage());
        UserError unknown = assertThrows(UserError.class, () -> OnnxFrontEnd.importFile(file, options("y4")));
        assertEquals(file + ": error: --output 'y4' is not an output of the graph; its outputs are 'y1' (1, 4), 'y2'"
                + " (1, 3), 'y3' (1, 4)", unknown.getMessage());
    }

    /**
     * A batch of 3 written as a constant, as PyTorch traces a model with a batch of 3: Gemm, Reshape to (3, 2, 2)
     * (the batch kept first), Sigmoid, Flatten. seedc's program computes one example: each row of
     * ONNX Runtime's batch of 3 random rows is seedc's output for that row.
     */
    @Test
    void aFixedBatchIsReadAsTheExample(@TempDir Path dir) throws Exception {
        Path file = write(dir, "batch.onnx", batchGraph(3, 3));
        ImportedProgram imported = OnnxFrontEnd.importFile(file, options(null));
        assertEquals(List.of("input 'x' has a fixed batch of 3 (its first dimension): seedc reads each data row as one"
                + " example and computes one at a time (batch 1)"), imported.notes());
        assertTrue(imported.source().contains("let X = (1, 5) in"), imported.source());
        agrees(file, options(null), "x", new long[] {3, 5}, "y", 3);
        // without batchAsExample (ONNX's node tests) the whole tensor is the example
        assertTrue(OnnxFrontEnd.importFile(file, new OnnxFrontEnd.Options(-1, 1, false)).source()
                .contains("let X = (3, 5) in"));
    }

    /**
     * x.view(x.size(0), -1) as PyTorch exports it with a batch of 3: Shape, Gather, Unsqueeze and Concat make the
     * Reshape's shape; folded at import from the batch of 1, it keeps the batch first.
     */
    @Test
    void aShapeComputedFromTheInputKeepsTheBatch(@TempDir Path dir) throws Exception {
        TensorProto zero = TensorProto.newBuilder().setName("i0").setDataType(7).addInt64Data(0).build();
        Path file = write(dir, "view.onnx", graph(List.of(input("x", 3, 2, 3)), List.of(output("y", 3, 4)), List.of(
                Graphs.node("Shape", "shape", List.of("x"), "s"),
                Graphs.node("Gather", "size0", List.of("s", "i0"), "n"),
                Graphs.node("Unsqueeze", "u", List.of("n", "ax"), "n1"),
                Graphs.node("Concat", "c", List.of("n1", "rest"), "newshape", Graphs.ints("axis", 0)),
                Graphs.node("Reshape", "view", List.of("x", "newshape"), "f"),
                Graphs.node("Gemm", "g", List.of("f", "W"), "y", Graphs.ints("transB", 1))),
                List.of(zero, Graphs.int64("ax", 0), Graphs.int64("rest", -1), Graphs.random("W", rnd, 4, 6))));
        agrees(file, options(null), "x", new long[] {3, 2, 3}, "y", 3);
    }

    /** Operators that mix the examples of a fixed batch are refused, naming the node and what it does. */
    @Test
    void operatorsThatMixTheBatchAreRefused(@TempDir Path dir) throws Exception {
        Path merged = write(dir, "merge.onnx", batchGraph(3, 1)); // Reshape to (1, 2, 2): merges the batch
        assertEquals(merged + ": error: node 'shape' (Reshape, opset 13): its new shape's first dimension is 1, not"
                + " the batch's 3 (it merges or splits the examples); seedc reads the batch of 3 as one example (batch"
                + " 1) and cannot where an operator mixes the examples: export the model with a batch of 1",
                refusal(merged));
        mixes(dir, "flat.onnx", new long[] {2, 3}, List.of(Graphs.node("Reshape", "all", List.of("x", "s"), "f"),
                Graphs.node("Reshape", "back", List.of("f", "s2"), "y")), List.of(Graphs.int64("s", -1),
                Graphs.int64("s2", 2, 3)), "node 'all' (Reshape, opset 13): its output 'f' would have shape (3), which"
                + " does not keep the batch as its first dimension");
        mixes(dir, "softmax.onnx", new long[] {4, 3}, List.of(Graphs.node("Softmax", "sm", List.of("x"), "y",
                Graphs.ints("axis", 0))), List.of(), "node 'sm' (Softmax, opset 13): its axis is 0, the batch's;");
        mixes(dir, "t.onnx", new long[] {2, 3}, List.of(Graphs.node("Transpose", "t", List.of("x"), "tx",
                Graphs.ints("perm", 1, 0)), Graphs.node("Transpose", "u", List.of("tx"), "y", Graphs.ints("perm", 1, 0))),
                List.of(), "node 't' (Transpose, opset 13): moves the batch away from axis 0;");
        mixes(dir, "r.onnx", new long[] {2, 3}, List.of(Graphs.node("ReduceMean", "m", List.of("x"), "y",
                Graphs.ints("axes", 0))), List.of(), "node 'm' (ReduceMean, opset 13): its axis is 0, the batch's;");
    }

    /** A graph from x to y, both of {@code dims} (a fixed batch), is refused with a message starting {@code what}. */
    private static void mixes(Path dir, String name, long[] dims, List<NodeProto> nodes, List<TensorProto> init,
                              String what) throws java.io.IOException {
        Path file = write(dir, name, graph(List.of(input("x", dims)), List.of(output("y", dims)), nodes, init));
        String message = refusal(file);
        assertTrue(message.startsWith(file + ": error: " + what), message);
    }

    /**
     * Two graph inputs: an output that reads one leaves the other out (a note); one that reads both is refused,
     * naming each input and its shape.
     */
    @Test
    void severalInputs(@TempDir Path dir) throws Exception {
        GraphProto g = graph(List.of(input("a", 1, 4), input("b", 1, 4)), List.of(output("y", 1, 4), output("z", 1, 4)),
                List.of(Graphs.node("Relu", "r", List.of("a"), "y"), Graphs.node("Add", "s", List.of("a", "b"), "z")),
                List.of());
        Path file = write(dir, "two.onnx", g);
        ImportedProgram y = OnnxFrontEnd.importFile(file, options("y"));
        assertEquals(List.of("seedc compiles output 'y' of the graph's 2; 1 node that only feeds other outputs left"
                + " out", "output 'y' reads input 'a' only: 'b' (1, 4) left out (each data row holds 'a')"), y.notes());
        agrees(file, options("y"), "a", new long[] {1, 4}, "y", 1);
        assertEquals(file + ": error: output 'z' reads 2 graph inputs, 'a' (1, 4), 'b' (1, 4); seedc compiles a graph"
                + " with one input (a program reads one data row as its input X)", refusal(file, options("z")));
    }

    /** x (batch, 5) -> Gemm (4) -> Reshape (first, 2, 2) -> Sigmoid -> Flatten -> y (batch, 4). */
    private GraphProto batchGraph(int batch, int first) {
        return graph(List.of(input("x", batch, 5)), List.of(output("y", batch, 4)), List.of(
                Graphs.node("Gemm", "g", List.of("x", "W", "b"), "h", Graphs.ints("transB", 1)),
                Graphs.node("Reshape", "shape", List.of("h", "s"), "r"),
                Graphs.node("Sigmoid", "sg", List.of("r"), "p"),
                Graphs.node("Flatten", "f", List.of("p"), "y")),
                List.of(Graphs.random("W", rnd, 4, 5), Graphs.random("b", rnd, 4), Graphs.int64("s", first, 2, 2)));
    }

    /**
     * seedc's float interpreter against ONNX Runtime on 20 random batches of {@code batch} rows in [-1, 1): output
     * {@code out} of every row within 1e-5.
     */
    private void agrees(Path file, OnnxFrontEnd.Options options, String in, long[] shape, String out, int batch)
            throws Exception {
        FloatModel model = OnnxFrontEnd.load(file, options);
        FloatInterpreter seedc = new FloatInterpreter(model.program(), model.weights());
        int row = (int) (java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b) / batch);
        try (OrtEnvironment env = OrtEnvironment.getEnvironment();
             OrtSession session = env.createSession(file.toString(), new OrtSession.SessionOptions())) {
            for (int t = 0; t < 20; t++) {
                float[] x = new float[row * batch];
                for (int i = 0; i < x.length; i++) {
                    x[i] = (float) (rnd.nextDouble() * 2 - 1);
                }
                float[] expected;
                Map<String, OnnxTensor> feed = new java.util.HashMap<>();
                feed.put(in, OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape));
                for (var other : session.getInputInfo().entrySet()) { // ONNX Runtime wants every input, read or not
                    long[] s = ((ai.onnxruntime.TensorInfo) other.getValue().getInfo()).getShape();
                    float[] v = new float[(int) java.util.Arrays.stream(s).reduce(1, (a, b) -> a * b)];
                    feed.putIfAbsent(other.getKey(), OnnxTensor.createTensor(env, FloatBuffer.wrap(v), s));
                }
                try (OrtSession.Result r = session.run(feed)) {
                    expected = flat(r.get(out).orElseThrow().getValue());
                } finally {
                    feed.values().forEach(OnnxTensor::close);
                }
                int width = expected.length / batch;
                for (int e = 0; e < batch; e++) {
                    double[] example = new double[row];
                    for (int i = 0; i < row; i++) {
                        example[i] = x[e * row + i];
                    }
                    double[] got = seedc.run(example, null).output();
                    assertEquals(width, got.length);
                    for (int k = 0; k < width; k++) {
                        assertEquals(expected[e * width + k], got[k], 1e-5, file + " " + out + " example " + e);
                    }
                }
            }
        }
    }

    /** ONNX Runtime's float array of any rank, flattened in row-major order. */
    private static float[] flat(Object value) {
        List<Float> all = new ArrayList<>();
        collect(value, all);
        float[] out = new float[all.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = all.get(i);
        }
        return out;
    }

    private static void collect(Object value, List<Float> into) {
        if (value instanceof float[] f) {
            for (float x : f) {
                into.add(x);
            }
        } else {
            for (Object inner : (Object[]) value) {
                collect(inner, into);
            }
        }
    }

    private static String refusal(Path file) {
        return refusal(file, options(null));
    }

    private static String refusal(Path file, OnnxFrontEnd.Options options) {
        return assertThrows(UserError.class, () -> OnnxFrontEnd.importFile(file, options)).getMessage();
    }

    private static OnnxFrontEnd.Options options(String output) {
        return new OnnxFrontEnd.Options(-1, 1, false, false, output, true);
    }

    private static Path write(Path dir, String name, GraphProto g) throws java.io.IOException {
        Path p = dir.resolve(name);
        Files.write(p, Graphs.model(g).toByteArray());
        return p;
    }

    private static GraphProto graph(List<ValueInfoProto> inputs, List<ValueInfoProto> outputs, List<NodeProto> nodes,
                                    List<TensorProto> init) {
        return GraphProto.newBuilder().setName("g").addAllNode(nodes).addAllInitializer(init).addAllInput(inputs)
                .addAllOutput(outputs).build();
    }

    private static ValueInfoProto input(String name, long... dims) {
        return output(name, dims);
    }

    /** A float tensor's name and shape, as exporters declare graph inputs and outputs. */
    private static ValueInfoProto output(String name, long... dims) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) {
            s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(
                TypeProto.Tensor.newBuilder().setElemType(1).setShape(s))).build();
    }
}
