package seedc.frontend.onnx;

import static seedc.frontend.onnx.Graphs.concat;
import static seedc.frontend.onnx.Graphs.ints;
import static seedc.frontend.onnx.Graphs.node;
import static seedc.frontend.onnx.Graphs.random;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each operator seedc imports, in each opset from 7 (ONNX Runtime's first) to 21 where ONNX changed its definition
 * (the versions in ONNX's Changelog), written with that version's attributes and inputs: seedc's float outputs
 * against ONNX Runtime's on random inputs ({@link OpsetOracle}). Opsets 1 to 6 are in
 * {@link OnnxLegacyOpsetsTest}.
 */
class OnnxOpsetVersionsTest {
    @TempDir
    Path dir;
    private final Random rnd = new Random(43);

    private static ModelProto model(int opset, long[] shape, List<NodeProto> nodes, List<TensorProto> init) {
        return Graphs.model(Graphs.graph("x", shape, "y", nodes, init), opset);
    }

    private void agree(int opset, long[] shape, List<NodeProto> nodes, List<TensorProto> init) throws Exception {
        OpsetOracle.agree(dir, model(opset, shape, nodes, init), shape, rnd);
    }

    static AttributeProto[] real(String name, float v) {
        return new AttributeProto[] {AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.FLOAT)
                .setF(v).build()};
    }

    /** An ints attribute, even of one value (Graphs.ints makes that an int). */
    static AttributeProto[] list(String name, long... v) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) {
            a.addInts(x);
        }
        return new AttributeProto[] {a.build()};
    }

    @Test
    void gemm() throws Exception {
        for (int opset : new int[] {7, 9, 11, 13, 21}) {
            for (long[] c : new long[][] {{5}, {1, 5}, {3, 5}}) {
                agree(opset, new long[] {4, 3}, List.of(node("Gemm", "g", List.of("x", "W", "C"), "y",
                        concat(ints("transA", 1), ints("transB", 1), real("alpha", 0.5f), real("beta", 2)))),
                        List.of(random("W", rnd, 5, 4), random("C", rnd, c)));
            }
        }
        agree(11, new long[] {3, 4}, List.of(node("Gemm", "g", List.of("x", "W"), "y")),
                List.of(random("W", rnd, 4, 5))); // C optional from 11
    }

    @Test
    void arithmeticBroadcastsAsNumpyFrom7() throws Exception {
        for (int opset : new int[] {7, 13, 14, 21}) {
            for (String op : List.of("Add", "Sub", "Mul", "Div")) {
                agree(opset, new long[] {1, 3, 2, 2}, List.of(node(op, "a", List.of("x", "c"), "y")),
                        List.of(Graphs.positive("c", rnd, 3, 1, 1)));
                if (!op.equals("Div")) { // seedc divides by constants only
                    agree(opset, new long[] {2, 3}, List.of(node(op, "a", List.of("c", "x"), "y")),
                            List.of(Graphs.positive("c", rnd, 3)));
                }
            }
        }
    }

    @Test
    void elementwise() throws Exception {
        for (int opset : new int[] {7, 13, 14, 21}) {
            for (String op : List.of("Relu", "Tanh", "Sigmoid", "Exp", "Neg", "Identity", "Softplus", "Softsign")) {
                agree(opset, new long[] {2, 3}, List.of(node(op, "u", List.of("x"), "y")), List.of());
            }
            agree(opset, new long[] {2, 3}, List.of(node("Dropout", "d", List.of("x"), "y")), List.of());
        }
        agree(12, new long[] {2, 3}, List.of(node("Dropout", "d", List.of("x", "r", "t"), "y", ints("seed", 3))),
                List.of(Graphs.floats("r", new float[] {0.5f}), bool("t", false)));
        agree(16, new long[] {2, 3}, List.of(node("Identity", "i", List.of("x"), "y")), List.of());
    }

    private static TensorProto bool(String name, boolean v) {
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.BOOL_VALUE)
                .addInt32Data(v ? 1 : 0).build();
    }

    @Test
    void clipBoundsAreAttributesBefore11AndInputsFrom11() throws Exception {
        for (int opset : new int[] {7, 10}) {
            agree(opset, new long[] {2, 4}, List.of(node("Clip", "c", List.of("x"), "y",
                    concat(real("min", -0.5f), real("max", 1.25f)))), List.of());
            agree(opset, new long[] {2, 4}, List.of(node("Clip", "c", List.of("x"), "y", real("max", 0.5f))),
                    List.of());
        }
        for (int opset : new int[] {11, 12, 13, 21}) {
            agree(opset, new long[] {2, 4}, List.of(node("Clip", "c", List.of("x", "lo", "hi"), "y")),
                    List.of(scalar("lo", -0.5f), scalar("hi", 1.25f)));
            agree(opset, new long[] {2, 4}, List.of(node("Clip", "c", List.of("x", "", "hi"), "y")),
                    List.of(scalar("hi", 0.5f)));
        }
    }

    private static TensorProto scalar(String name, float v) {
        return Graphs.floats(name, new float[] {v});
    }

    @Test
    void flattenAndShapes() throws Exception {
        for (int opset : new int[] {7, 9, 11, 13, 21}) {
            agree(opset, new long[] {1, 2, 3, 2}, List.of(node("Flatten", "f", List.of("x"), "y",
                    ints("axis", opset >= 11 ? -2 : 2))), List.of());
            agree(opset, new long[] {1, 6}, List.of(node("Transpose", "t", List.of("x"), "y")), List.of());
        }
        for (int opset : new int[] {5, 13, 14, 19, 21}) {
            agree(Math.max(opset, 7), new long[] {1, 2, 3}, List.of(node("Reshape", "r", List.of("x", "s"), "y",
                    opset >= 14 ? ints("allowzero", 0) : new AttributeProto[0])), List.of(Graphs.int64("s", 0, 3, -1)));
        }
        for (int opset : new int[] {7, 11, 13, 21}) {
            boolean input = opset >= 13;
            long axis = opset >= 11 ? -1 : 2; // negative axes count from the end from opset 11 on
            agree(opset, new long[] {1, 6}, List.of(
                    node("Unsqueeze", "u", input ? List.of("x", "a") : List.of("x"), "h",
                            input ? new AttributeProto[0] : list("axes", 2)),
                    node("Squeeze", "s", input ? List.of("h", "b") : List.of("h"), "y",
                            input ? new AttributeProto[0] : list("axes", axis))),
                    input ? List.of(Graphs.int64("a", 2), Graphs.int64("b", -1)) : List.of());
        }
    }

    @Test
    void convolutionAndPooling() throws Exception {
        for (int opset : new int[] {7, 11, 21}) {
            for (String pad : List.of("SAME_UPPER", "SAME_LOWER", "VALID")) {
                agree(opset, new long[] {1, 2, 5, 5}, List.of(node("Conv", "c", List.of("x", "W", "b"), "y",
                        concat(Graphs.string("auto_pad", pad), ints("strides", 2, 2)))),
                        List.of(random("W", rnd, 3, 2, 2, 2), random("b", rnd, 3)));
            }
            agree(opset, new long[] {1, 2, 5, 5}, List.of(node("GlobalAveragePool", "g", List.of("x"), "y")),
                    List.of());
        }
        for (int opset : new int[] {8, 10, 12, 21}) {
            AttributeProto[] later = opset >= 10 ? ints("ceil_mode", 1) : new AttributeProto[0];
            agree(opset, new long[] {1, 2, 5, 5}, List.of(node("MaxPool", "p", List.of("x"), "y", concat(
                    ints("kernel_shape", 2, 2), ints("strides", 2, 2), ints("storage_order", 1), later))), List.of());
        }
        for (int opset : new int[] {7, 10, 11, 19, 21}) {
            AttributeProto[] later = opset >= 19 ? ints("dilations", 1, 1) : new AttributeProto[0];
            agree(opset, new long[] {1, 2, 5, 5}, List.of(node("AveragePool", "p", List.of("x"), "y", concat(
                    ints("kernel_shape", 3, 3), ints("pads", 1, 1, 1, 1), ints("count_include_pad", 1), later))),
                    List.of());
        }
    }

    @Test
    void batchNormalization() throws Exception {
        for (int opset : new int[] {7, 9, 14, 15, 21}) {
            AttributeProto[] version = opset < 9 ? ints("spatial", 1)
                    : opset >= 14 ? ints("training_mode", 0) : new AttributeProto[0];
            agree(opset, new long[] {1, 3, 2, 2}, List.of(node("BatchNormalization", "bn",
                    List.of("x", "s", "b", "m", "v"), "y", concat(real("epsilon", 1e-3f), real("momentum", 0.8f),
                            version))), List.of(random("s", rnd, 3), random("b", rnd, 3), random("m", rnd, 3),
                    Graphs.positive("v", rnd, 3)));
        }
    }

    @Test
    void recurrentLayers() throws Exception {
        for (int opset : new int[] {7, 14, 21}) {
            for (String op : List.of("RNN", "GRU", "LSTM")) {
                int gates = op.equals("RNN") ? 1 : op.equals("GRU") ? 3 : 4;
                AttributeProto[] attrs = concat(ints("hidden_size", 4), op.equals("GRU")
                        ? ints("linear_before_reset", 1) : new AttributeProto[0], opset >= 14 ? ints("layout", 0)
                        : new AttributeProto[0]); // ONNX Runtime refuses layout 1 (OnnxRuntimeOracleTest checks it)
                List<String> outs = op.equals("LSTM") ? List.of("", "h", "") : List.of("", "h");
                agree(opset, new long[] {3, 1, 2}, List.of(
                        node(op, "r", List.of("x", "W", "R", "B"), outs, attrs),
                        node("Reshape", "f", List.of("h", "s"), "y")),
                        List.of(random("W", rnd, 1, gates * 4, 2), random("R", rnd, 1, gates * 4, 4),
                                random("B", rnd, 1, 2 * gates * 4), Graphs.int64("s", 1, 4)));
            }
        }
    }

    @Test
    void quantizeDequantizePairs() throws Exception {
        for (int opset : new int[] {10, 13, 19, 21}) {
            AttributeProto[] axis = opset >= 13 ? ints("axis", 1) : new AttributeProto[0];
            agree(opset, new long[] {2, 4}, List.of(node("QuantizeLinear", "q", List.of("x", "s", "z"), "h", axis),
                    node("DequantizeLinear", "d", List.of("h", "s", "z"), "y", axis)),
                    List.of(scalar("s", 0.03125f), uint8("z", 128)));
        }
        agree(21, new long[] {2, 4}, List.of(node("QuantizeLinear", "q", List.of("x", "s"), "h",
                ints("output_dtype", TensorProto.DataType.INT8_VALUE)), node("DequantizeLinear", "d", List.of("h",
                "s"), "y")), List.of(scalar("s", 0.03125f)));
    }

    private static TensorProto uint8(String name, int v) {
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.UINT8_VALUE).addInt32Data(v)
                .build();
    }

    /**
     * The shape arithmetic exporters write, folded at import: Shape, Gather, Cast, Concat and Constant build the
     * new shape of x; ConstantOfShape and Expand a constant added to it.
     */
    @Test
    void shapeArithmetic() throws Exception {
        for (int opset : new int[] {9, 11, 13, 15, 19, 21}) {
            TensorProto one = Graphs.int64("one", 1);
            NodeProto constant = opset >= 12 ? node("Constant", "k", List.of(), "ones", list("value_ints", 1))
                    : NodeProto.newBuilder().setOpType("Constant").setName("k").addOutput("ones").addAttribute(
                    AttributeProto.newBuilder().setName("value").setType(AttributeProto.AttributeType.TENSOR)
                            .setT(Graphs.int64("", 1))).build();
            agree(opset, new long[] {1, 6}, List.of(constant,
                    node("Shape", "sh", List.of("x"), "s"),
                    node("Gather", "ga", List.of("s", "i"), "n", ints("axis", 0)),
                    node("Cast", "ca", List.of("n"), "m", ints("to", TensorProto.DataType.INT64_VALUE)),
                    node("Concat", "co", List.of("ones", "m"), "shape", ints("axis", 0)),
                    node("Reshape", "re", List.of("x", "shape"), "r"),
                    node("ConstantOfShape", "cs", List.of("one"), "half", new AttributeProto[] {AttributeProto
                            .newBuilder().setName("value").setType(AttributeProto.AttributeType.TENSOR).setT(
                                    Graphs.floats("", new float[] {0.5f}, 1)).build()}),
                    node("Expand", "ex", List.of("half", "to"), "halves"),
                    node("Add", "ad", List.of("r", "halves"), "y")),
                    List.of(Graphs.int64("i", 1), one, Graphs.int64("to", 1, 6)));
        }
    }

    /** Cast's to, followed on constants: to int32 drops the fraction, to bool makes 0 or 1, back to float. */
    @Test
    void castFollowsItsType() throws Exception {
        for (int opset : new int[] {7, 9, 13, 19, 21}) {
            for (int type : new int[] {TensorProto.DataType.INT32_VALUE, TensorProto.DataType.BOOL_VALUE,
                    TensorProto.DataType.INT8_VALUE, TensorProto.DataType.DOUBLE_VALUE}) {
                agree(opset, new long[] {1, 4}, List.of(node("Cast", "c", List.of("k"), "i", ints("to", type)),
                        node("Cast", "f", List.of("i"), "r", ints("to", TensorProto.DataType.FLOAT_VALUE)),
                        node("Add", "a", List.of("x", "r"), "y")),
                        List.of(Graphs.floats("k", new float[] {1.75f, -1.75f, 0, 100.5f}, 1, 4)));
            }
        }
    }

    @Test
    void heads() throws Exception {
        for (int opset : new int[] {7, 11}) { // the dims from axis 1 on, flattened, are the classes
            agree(opset, new long[] {1, 2, 3}, List.of(node("Softmax", "s", List.of("x"), "y")), List.of());
        }
        for (int opset : new int[] {13, 21}) {
            agree(opset, new long[] {1, 5}, List.of(node("Softmax", "s", List.of("x"), "y")), List.of());
        }
        for (int opset : new int[] {7, 11, 12, 13, 21}) {
            AttributeProto[] axis = opset >= 11 ? ints("axis", -1) : ints("axis", 1);
            OpsetOracle.agree(dir, Graphs.model(Graphs.int64Output(Graphs.graph("x", new long[] {1, 5}, "y",
                    List.of(node("ArgMax", "a", List.of("x"), "y", concat(axis, ints("keepdims", 0)))), List.of())),
                    opset), new long[] {1, 5}, rnd);
        }
    }
}
