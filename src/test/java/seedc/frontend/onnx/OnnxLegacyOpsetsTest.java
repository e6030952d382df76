package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static seedc.frontend.onnx.Graphs.concat;
import static seedc.frontend.onnx.Graphs.floats;
import static seedc.frontend.onnx.Graphs.ints;
import static seedc.frontend.onnx.Graphs.node;
import static seedc.frontend.onnx.OnnxOpsetVersionsTest.list;
import static seedc.frontend.onnx.OnnxOpsetVersionsTest.real;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.diag.UserError;

/**
 * Opsets 1 to 6, which ONNX Runtime does not load, against outputs computed here by hand on a fixed input
 * (x = 0.1, 0.2, ... times alternating signs); and the attributes of a version seedc does not follow, or that the
 * node's opset does not define, refused with one message naming the node, its operator and opset and the
 * attribute.
 */
class OnnxLegacyOpsetsTest {
    @TempDir
    Path dir;

    /** 0.1, -0.2, 0.3, -0.4, ...: n values, none equal. */
    private static double[] input(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) ((i % 2 == 0 ? 1 : -1) * 0.1 * (i + 1));
        }
        return x;
    }

    private double[] run(int opset, long[] shape, List<NodeProto> nodes, List<TensorProto> init) throws Exception {
        int n = (int) java.util.Arrays.stream(shape).reduce(1, Math::multiplyExact);
        return OpsetOracle.seedc(dir, Graphs.model(Graphs.graph("x", shape, "y", nodes, init), opset), input(n))
                .output();
    }

    private static void near(double[] want, double[] got) {
        assertArrayEquals(want, got, 1e-6);
    }

    @Test
    void gemmBroadcastsItsBiasWithBroadcast1() throws Exception {
        float[] w = {1, 2, 3, -1, 0.5f, 2}; // (2, 3), transposed: y_j = sum_k x_k W[j][k] + c_j
        for (int opset : new int[] {1, 6}) {
            double[] got = run(opset, new long[] {2, 3}, List.of(node("Gemm", "g", List.of("x", "W", "c"), "y",
                    concat(ints("broadcast", 1), ints("transB", 1)))), List.of(floats("W", w, 2, 3),
                    floats("c", new float[] {0.5f, -1}, 2)));
            double[] x = input(6);
            near(new double[] {x[0] + 2 * x[1] + 3 * x[2] + 0.5, -x[0] + 0.5 * x[1] + 2 * x[2] - 1,
                    x[3] + 2 * x[4] + 3 * x[5] + 0.5, -x[3] + 0.5 * x[4] + 2 * x[5] - 1}, got);
        }
    }

    @Test
    void arithmeticBroadcastsAtAnAxisWithBroadcast1() throws Exception {
        double[] x = input(12);
        float[] c = {1, 2, 4};
        double[] add = run(6, new long[] {1, 3, 2, 2}, List.of(node("Add", "a", List.of("x", "c"), "y",
                concat(ints("broadcast", 1), ints("axis", 1)))), List.of(floats("c", c, 3)));
        double[] mul = run(1, new long[] {1, 3, 2, 2}, List.of(node("Mul", "m", List.of("x", "c"), "y",
                concat(ints("broadcast", 1), list("consumed_inputs", 0)))), List.of(floats("c", new float[] {3}, 1)));
        double[] sub = run(6, new long[] {2, 3}, List.of(node("Sub", "s", List.of("x", "c"), "y")),
                List.of(floats("c", new float[] {1, 2, 3, 4, 5, 6}, 2, 3)));
        double[] div = run(6, new long[] {2, 3}, List.of(node("Div", "d", List.of("x", "c"), "y",
                ints("broadcast", 1))), List.of(floats("c", c, 3))); // no axis: B's dims end A's
        double[] stretched = run(6, new long[] {2, 3}, List.of(node("Add", "a", List.of("x", "c"), "y",
                concat(ints("broadcast", 1), ints("axis", 0)))), List.of(floats("c", new float[] {1, 2}, 2, 1)));
        near(new double[] {x[0] + 1, x[1] + 1, x[2] + 1, x[3] + 2, x[4] + 2, x[5] + 2}, stretched);
        double[] wantAdd = new double[12], wantMul = new double[12], wantSub = new double[6], wantDiv = new double[6];
        for (int i = 0; i < 12; i++) { // (1, 3, 2, 2) row-major: element i is of channel i / 4
            wantAdd[i] = x[i] + c[i / 4];
            wantMul[i] = x[i] * 3;
        }
        for (int i = 0; i < 6; i++) {
            wantSub[i] = x[i] - (i + 1);
            wantDiv[i] = x[i] / c[i % 3];
        }
        near(wantAdd, add);
        near(wantMul, mul);
        near(wantSub, sub);
        near(wantDiv, div);
    }

    @Test
    void batchNormalizationInTestMode() throws Exception {
        float[] s = {1, 2, 0.5f}, b = {0, 1, -1}, m = {0.1f, -0.2f, 0}, v = {1, 0.25f, 4};
        List<TensorProto> params = List.of(floats("s", s, 3), floats("b", b, 3), floats("m", m, 3), floats("v", v, 3));
        double[] x = input(12), want = new double[12];
        for (int i = 0; i < 12; i++) {
            int c = i / 4;
            want[i] = s[c] * (x[i] - m[c]) / Math.sqrt(v[c] + 1e-5) + b[c];
        }
        near(want, run(6, new long[] {1, 3, 2, 2}, List.of(node("BatchNormalization", "bn",
                List.of("x", "s", "b", "m", "v"), "y", concat(ints("is_test", 1), real("momentum", 0.9f)))), params));
        near(want, run(1, new long[] {1, 3, 2, 2}, List.of(node("BatchNormalization", "bn",
                List.of("x", "s", "b", "m", "v"), "y", concat(ints("is_test", 1), ints("spatial", 1),
                        list("consumed_inputs", 0, 0, 0, 1, 1)))), params));
    }

    @Test
    void elementwiseAndShapes() throws Exception {
        double[] x = input(6);
        AttributeProto[] consumed = list("consumed_inputs", 0);
        near(map(x, v -> Math.max(v, 0)), run(1, new long[] {2, 3}, List.of(node("Relu", "r", List.of("x"), "y",
                consumed)), List.of()));
        near(map(x, Math::tanh), run(6, new long[] {2, 3}, List.of(node("Tanh", "t", List.of("x"), "y")), List.of()));
        near(map(x, v -> 1 / (1 + Math.exp(-v))), run(6, new long[] {2, 3}, List.of(node("Sigmoid", "s",
                List.of("x"), "y")), List.of()));
        near(map(x, Math::exp), run(1, new long[] {2, 3}, List.of(node("Exp", "e", List.of("x"), "y", consumed)),
                List.of()));
        near(map(x, v -> -v), run(6, new long[] {2, 3}, List.of(node("Neg", "n", List.of("x"), "y")), List.of()));
        near(map(x, v -> Math.min(Math.max(v, -0.25), 0.3)), run(6, new long[] {2, 3}, List.of(node("Clip", "c",
                List.of("x"), "y", concat(real("min", -0.25f), real("max", 0.3f)))), List.of()));
        near(x, run(6, new long[] {2, 3}, List.of(node("Dropout", "d", List.of("x"), "y", concat(ints("is_test", 1),
                real("ratio", 0.5f)))), List.of()));
        near(x, run(1, new long[] {1, 2, 3}, List.of(node("Reshape", "r", List.of("x"), "y", list("shape", 3, -1))),
                List.of()));
        near(x, run(1, new long[] {1, 2, 3}, List.of(node("Flatten", "f", List.of("x"), "y", ints("axis", 0))),
                List.of()));
        near(x, run(1, new long[] {1, 6}, List.of(node("Unsqueeze", "u", List.of("x"), "h", list("axes", 0)),
                node("Squeeze", "s", List.of("h"), "y")), List.of()));
        near(new double[] {x[0], x[3], x[1], x[4], x[2], x[5]}, run(1, new long[] {2, 3}, List.of(node("Transpose",
                "t", List.of("x"), "y", list("perm", 1, 0))), List.of()));
        near(new double[] {x[0], x[1], 7, 8, 9}, run(1, new long[] {1, 2}, List.of(node("Concat", "c",
                List.of("x", "k"), "y")), List.of(floats("k", new float[] {7, 8, 9}, 1, 3)))); // axis 1 by default
    }

    private static double[] map(double[] x, java.util.function.DoubleUnaryOperator f) {
        return java.util.Arrays.stream(x).map(f).toArray();
    }

    /** Cast's type is a string before opset 6: to "INT32" drops the fraction (1.75 to 1, -1.75 to -1). */
    @Test
    void castNamesItsTypeBefore6() throws Exception {
        double[] x = input(2);
        near(new double[] {x[0] + 1, x[1] - 1}, run(1, new long[] {1, 2}, List.of(
                node("Cast", "c", List.of("k"), "i", Graphs.string("to", "INT32")),
                node("Add", "a", List.of("x", "i"), "y")), List.of(floats("k", new float[] {1.75f, -1.75f}, 1, 2))));
    }

    @Test
    void convolutionAndPoolingInOpset1() throws Exception {
        double[] x = input(16); // (1, 1, 4, 4)
        double[] max = new double[4], avg = new double[4];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                double[] w = {x[8 * i + 2 * j], x[8 * i + 2 * j + 1], x[8 * i + 2 * j + 4], x[8 * i + 2 * j + 5]};
                max[2 * i + j] = java.util.Arrays.stream(w).max().orElseThrow();
                avg[2 * i + j] = java.util.Arrays.stream(w).sum() / 4;
            }
        }
        AttributeProto[] window = concat(ints("kernel_shape", 2, 2), ints("strides", 2, 2));
        long[] image = {1, 1, 4, 4};
        near(max, run(1, image, List.of(node("MaxPool", "p", List.of("x"), "y", window)), List.of()));
        near(avg, run(1, image, List.of(node("AveragePool", "p", List.of("x"), "y", window)), List.of()));
        near(map(x, v -> 2 * v + 0.5), run(1, image, List.of(node("Conv", "c", List.of("x", "W", "b"), "y",
                ints("kernel_shape", 1, 1))), List.of(floats("W", new float[] {2}, 1, 1, 1, 1),
                floats("b", new float[] {0.5f}, 1))));
        near(new double[] {java.util.Arrays.stream(x).sum() / 16}, run(1, image, List.of(node("GlobalAveragePool",
                "g", List.of("x"), "y")), List.of()));
    }

    /** An RNN of opset 6 (output_sequence 0, Y unread): one unit over two steps, h = tanh(x w + h r + b). */
    @Test
    void recurrentInOpset6() throws Exception {
        double[] x = input(2); // (2 steps, 1, 1)
        double h1 = Math.tanh(x[0] * 0.5 + 0.25), h2 = Math.tanh(x[1] * 0.5 + h1 * -1 + 0.25);
        near(new double[] {h2}, run(6, new long[] {2, 1, 1}, List.of(node("RNN", "r", List.of("x", "W", "R", "B"),
                List.of("", "h"), concat(ints("hidden_size", 1), ints("output_sequence", 0))),
                node("Reshape", "f", List.of("h", "s"), "y")), List.of(floats("W", new float[] {0.5f}, 1, 1, 1),
                floats("R", new float[] {-1}, 1, 1, 1), floats("B", new float[] {0.25f, 0}, 1, 2),
                Graphs.int64("s", 1, 1))));
    }

    /** Softmax before opset 13 normalizes the dims from its axis on, flattened: the class is the largest of all. */
    @Test
    void softmaxCoercesItsInputToAMatrixBefore13() throws Exception {
        double[] x = input(6); // (1, 2, 3): the largest is x[4] = 0.5
        var r = OpsetOracle.seedc(dir, Graphs.model(Graphs.graph("x", new long[] {1, 2, 3}, "y", List.of(
                node("Softmax", "s", List.of("x"), "y")), List.of()), 6), x);
        assertEquals(4, r.label());
    }

    @Test
    void attributesOfAnotherVersionOrNotFollowedAreRefused() throws Exception {
        List<TensorProto> gemm = List.of(floats("W", new float[6], 3, 2), floats("c", new float[2], 2));
        refused(9, node("Gemm", "g", List.of("x", "W", "c"), "y", ints("broadcast", 1)), gemm,
                "node 'g' (Gemm, opset 9): attribute 'broadcast' is not one of Gemm's in opset 9 (ONNX defines it in"
                        + " opsets 1 to 6); seedc refuses it rather than ignore it");
        refused(6, node("Gemm", "g", List.of("x", "W", "c"), "y"), gemm, "node 'g' (Gemm, opset 6): broadcasts C of"
                + " shape (2) to (1, 2) with broadcast = 0; in opset 6 shapes must match unless broadcast = 1");
        refused(9, node("Gemm", "g", List.of("x", "W"), "y"), gemm, "node 'g' (Gemm, opset 9): has no input C;"
                + " before opset 11 Gemm requires it");
        List<TensorProto> bn = List.of(floats("s", new float[] {1, 1, 1}, 3), floats("b", new float[3], 3),
                floats("m", new float[3], 3), floats("v", new float[] {1, 1, 1}, 3));
        List<String> bnIn = List.of("x", "s", "b", "m", "v");
        refused(9, node("BatchNormalization", "bn", bnIn, "y", ints("is_test", 1)), bn, "node 'bn'"
                + " (BatchNormalization, opset 9): attribute 'is_test' is not one of BatchNormalization's in opset 9"
                + " (ONNX defines it in opsets 1 to 6); seedc refuses it rather than ignore it");
        refused(6, node("BatchNormalization", "bn", bnIn, "y"), bn, "node 'bn' (BatchNormalization, opset 6):"
                + " is_test = 0 (training: it normalizes by the batch's own mean and variance) in opset 6; seedc"
                + " imports inference graphs (is_test = 1)");
        refused(7, node("BatchNormalization", "bn", bnIn, "y", ints("spatial", 0)), bn, "node 'bn'"
                + " (BatchNormalization, opset 7): spatial = 0 (statistics per activation, not per channel) in opset 7"
                + " on a tensor of shape (1, 3, 2, 2); seedc normalizes per channel");
        refused(14, node("BatchNormalization", "bn", bnIn, "y", ints("training_mode", 1)), bn, "node 'bn'"
                + " (BatchNormalization, opset 14): training_mode = 1 (it normalizes by the batch's own statistics);"
                + " seedc imports inference graphs");
        refused(6, node("Dropout", "d", List.of("x"), "y"), List.of(), "node 'd' (Dropout, opset 6): is_test = 0"
                + " (training: it drops elements at random) in opset 6; seedc imports inference graphs (is_test = 1)");
        refused(5, node("Reshape", "r", List.of("x"), "y", list("shape", 12)), List.of(), "node 'r' (Reshape,"
                + " opset 5): attribute 'shape' is not one of Reshape's in opset 5 (ONNX defines it in opsets 1 to 4);"
                + " seedc refuses it rather than ignore it");
        refused(13, node("Squeeze", "s", List.of("x"), "y", list("axes", 0)), List.of(), "node 's' (Squeeze,"
                + " opset 13): attribute 'axes' is not one of Squeeze's in opset 13 (ONNX defines it in opsets 1 to"
                + " 12); seedc refuses it rather than ignore it");
    }

    @Test
    void axesAttributesAndOperatorsOfAnotherOpsetAreRefused() throws Exception {
        refused(9, node("Flatten", "f", List.of("x"), "y", ints("axis", -1)), List.of(), "node 'f' (Flatten, opset"
                + " 9): axis = -1 is negative; Flatten in opset 9 counts axes from 0 (negative ones count from the end"
                + " from opset 11 on)");
        refused(7, node("Expand", "e", List.of("x", "s"), "y"), List.of(Graphs.int64("s", 1, 3, 2, 2)), "node 'e'"
                + " (Expand, opset 7): Expand is not an operator of opset 7; ONNX defines it from opset 8");
        refused(13, node("Relu", "r", List.of("x"), "y", ints("alpha", 1)), List.of(), "node 'r' (Relu, opset 13):"
                + " attribute 'alpha' is not one of Relu's in any opset; seedc refuses it rather than ignore it");
        refused(8, node("MaxPool", "p", List.of("x"), "y", concat(ints("kernel_shape", 2, 2), ints("ceil_mode", 1))),
                List.of(), "node 'p' (MaxPool, opset 8): attribute 'ceil_mode' is not one of MaxPool's in opset 8"
                        + " (ONNX defines it from opset 10); seedc refuses it rather than ignore it");
        refused(11, node("Softmax", "s", List.of("x"), "y", ints("axis", 2)), List.of(), "node 's' (Softmax, opset"
                + " 11): over axis 2 of shape (1, 3, 2, 2); seedc takes the class of one example's scores, the only"
                + " axis above 1 (or, before opset 13, every element of a tensor whose dims before the axis are 1)");
    }

    /** A Softmax over an axis of 1 makes every score 1: the ArgMax after it is not the scores' argmax. */
    @Test
    void aSoftmaxOverDimsOfOneBeforeArgMaxIsRefused() throws Exception {
        Path file = Files.createTempFile(dir, "m", ".onnx");
        Files.write(file, Graphs.model(Graphs.int64Output(Graphs.graph("x", new long[] {1, 4}, "y", List.of(
                node("Softmax", "s", List.of("x"), "p", ints("axis", 0)),
                node("ArgMax", "a", List.of("p"), "y", ints("axis", 1))), List.of())), 13).toByteArray());
        UserError e = assertThrows(UserError.class, () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1,
                false)));
        assertEquals(file + ": error: node 's' (Softmax, opset 13): normalizes over axis 0 of shape (1, 4), groups"
                + " of one element (each becomes 1); the ArgMax after it would not see the scores' order",
                e.getMessage());
    }

    @Test
    void legacyShapesAndForms() throws Exception {
        refused(6, node("Add", "a", List.of("x", "c"), "y"), List.of(floats("c", new float[3], 3)), "node 'a'"
                + " (Add, opset 6): broadcasts B of shape (3) to (1, 3, 2, 2) with broadcast = 0; in opset 6 shapes"
                + " must match unless broadcast = 1");
        refused(6, node("Add", "a", List.of("x", "c"), "y", concat(ints("broadcast", 1), ints("axis", 1))),
                List.of(floats("c", new float[9], 3, 3)), "node 'a' (Add, opset 6): broadcasts B of shape (3, 3) to"
                        + " (1, 3, 2, 2) at axis 1; in opset 6 B's dims must equal A's from there (or be 1)");
        refused(4, node("Reshape", "r", List.of("x", "s"), "y"), List.of(Graphs.int64("s", 12)), "node 'r'"
                + " (Reshape, opset 4): has 2 inputs; in opset 4 Reshape has 1 and takes 'shape' as an attribute");
        refused(4, node("Concat", "c", List.of("x", "x"), "y"), List.of(), "node 'c' (Concat, opset 4): has no"
                + " attribute 'axis'; from opset 4 on Concat requires it");
        refused(11, node("Clip", "c", List.of("x"), "y", real("min", 0)), List.of(), "node 'c' (Clip, opset 11):"
                + " attribute 'min' is not one of Clip's in opset 11 (ONNX defines it in opsets 1 to 10); seedc refuses"
                + " it rather than ignore it");
        refused(10, node("QuantizeLinear", "q", List.of("x", "s"), "y"), List.of(floats("s", new float[] {1, 1, 1},
                3)), "node 'q' (QuantizeLinear, opset 10): has 3 scales or zero points; in opset 10 QuantizeLinear"
                + " takes one for the whole tensor");
        refused(12, node("Dropout", "d", List.of("x", "r", "t"), "y"), List.of(floats("r", new float[] {0.5f}),
                TensorProto.newBuilder().setName("t").setDataType(TensorProto.DataType.BOOL_VALUE).addInt32Data(1)
                        .build()), "node 'd' (Dropout, opset 12): training_mode is true (it drops elements at random);"
                + " seedc imports inference graphs");
        refused(6, node("Cast", "c", List.of("k"), "y", Graphs.string("to", "FLOAT")), List.of(floats("k",
                new float[] {1}, 1)), "node 'c' (Cast,"
                + " opset 6): to is a string; from opset 6 on Cast names its type by number");
    }

    /** Every graph here reads x of shape (1, 3, 2, 2). */
    private void refused(int opset, NodeProto n, List<TensorProto> init, String message) throws Exception {
        long[] shape = n.getOpType().equals("Gemm") ? new long[] {1, 3} : new long[] {1, 3, 2, 2};
        Path file = Files.createTempFile(dir, "m", ".onnx");
        Files.write(file, Graphs.model(Graphs.graph("x", shape, "y", List.of(n), init), opset).toByteArray());
        UserError e = assertThrows(UserError.class, () -> OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(-1, 1,
                false)));
        assertEquals(file + ": error: " + message, e.getMessage());
    }
}
