package seedc.frontend.onnx;

import static seedc.frontend.onnx.OnnxOpsetVersionsTest.list;
import static seedc.frontend.onnx.OnnxOpsetVersionsTest.real;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;

/**
 * Small graphs of the shape and reduction operators (Pad, Slice, Split, the reductions, Tile, Expand,
 * ConvTranspose, standalone BatchNormalization and InstanceNormalization, constant folding), each in the form a
 * given opset defines: attributes where that opset has them, constant inputs where it moved them there.
 */
final class ShapeOperatorGraphs {
    private ShapeOperatorGraphs() {}

    /** One graph: input x of {@code input} dims, output y. */
    record Case(String name, long[] input, List<NodeProto> nodes, List<TensorProto> init) {}

    /** Every case ONNX defines at {@code opset} (7 and later: the versions ONNX Runtime runs). */
    static List<Case> all(int opset, Random rnd) {
        List<Case> cases = new ArrayList<>();
        pads(cases, opset, rnd);
        slices(cases, opset, rnd);
        splits(cases, opset, rnd);
        for (String op : List.of("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin")) {
            reductions(cases, opset, op, rnd);
        }
        globalMaxPool(cases, rnd);
        tilesAndExpands(cases, opset, rnd);
        transposedConvolutions(cases, rnd);
        normalizations(cases, opset, rnd);
        folds(cases, opset, rnd);
        return cases;
    }

    /** A 1x1 Conv of x (1, 2, H, W) into 3 channels: its output h is an image (stored NHWC by seedc). */
    static NodeProto conv(List<TensorProto> init, Random rnd, String out) {
        init.add(Graphs.random("Wc", rnd, 3, 2, 1, 1));
        return Graphs.node("Conv", "c", List.of("x", "Wc"), out);
    }

    /** A Pad node of {@code in} in the opset's form: attributes before 11, inputs pads and constant_value after. */
    private static NodeProto pad(int opset, List<TensorProto> init, String name, String in, String out, String mode,
                                 float value, long... pads) {
        if (opset < 11) {
            return Graphs.node("Pad", name, List.of(in), out, Graphs.concat(list("pads", pads),
                    Graphs.string("mode", mode), real("value", value)));
        }
        init.add(Graphs.int64(name + "_pads", pads));
        init.add(Graphs.floats(name + "_value", new float[] {value}));
        return Graphs.node("Pad", name, List.of(in, name + "_pads", name + "_value"), out, Graphs.string("mode", mode));
    }

    private static void pads(List<Case> cases, int opset, Random rnd) {
        List<TensorProto> init = new ArrayList<>();
        cases.add(new Case("pad constant 0.5 of an image", new long[] {1, 2, 4, 5}, List.of(conv(init, rnd, "h"),
                pad(opset, init, "p", "h", "y", "constant", 0.5f, 0, 0, 1, 2, 0, 0, 2, 1)), init));
        init = new ArrayList<>();
        cases.add(new Case("pad reflect", new long[] {1, 2, 4, 5}, List.of(
                pad(opset, init, "p", "x", "y", "reflect", 0, 0, 0, 2, 1, 0, 0, 1, 3)), init));
        init = new ArrayList<>();
        cases.add(new Case("pad reflect of an image", new long[] {1, 2, 4, 5}, List.of(conv(init, rnd, "h"),
                pad(opset, init, "p", "h", "y", "reflect", 0, 0, 0, 3, 1, 0, 0, 1, 4)), init));
        init = new ArrayList<>();
        cases.add(new Case("pad edge of rank 3", new long[] {2, 3, 5}, List.of(
                pad(opset, init, "p", "x", "y", "edge", 0, 1, 0, 2, 0, 3, 1)), init));
        init = new ArrayList<>();
        cases.add(new Case("pad constant with crops", new long[] {2, 3, 5}, List.of(
                pad(opset, init, "p", "x", "y", "constant", -1.5f, 0, -1, 2, 1, 0, -2)), init));
        if (opset >= 18) {
            init = new ArrayList<>(List.of(Graphs.int64("pads", 1, 2, 3, 0), Graphs.int64("axes", -1, 2)));
            cases.add(new Case("pad reflect over an axes input", new long[] {1, 2, 4, 5}, List.of(
                    Graphs.node("Pad", "p", List.of("x", "pads", "", "axes"), "y", Graphs.string("mode", "reflect"))),
                    init));
        }
        if (opset >= 19) {
            init = new ArrayList<>(List.of(Graphs.int64("pads", 0, 0, 2, 1, 0, 0, 1, 3)));
            cases.add(new Case("pad wrap", new long[] {1, 2, 3, 4}, List.of(
                    Graphs.node("Pad", "p", List.of("x", "pads"), "y", Graphs.string("mode", "wrap"))), init));
        }
    }

    /** A Slice node: attributes starts, ends, axes before opset 10; inputs (with steps) after. */
    private static NodeProto slice(int opset, List<TensorProto> init, String in, String out, long[] starts, long[] ends,
                                   long[] axes, long[] steps) {
        if (opset < 10) {
            return Graphs.node("Slice", "s", List.of(in), out, Graphs.concat(list("starts", starts),
                    list("ends", ends), list("axes", axes)));
        }
        init.addAll(List.of(Graphs.int64("starts", starts), Graphs.int64("ends", ends), Graphs.int64("axes", axes)));
        if (steps == null) {
            return Graphs.node("Slice", "s", List.of(in, "starts", "ends", "axes"), out);
        }
        init.add(Graphs.int64("steps", steps));
        return Graphs.node("Slice", "s", List.of(in, "starts", "ends", "axes", "steps"), out);
    }

    private static void slices(List<Case> cases, int opset, Random rnd) {
        List<TensorProto> init = new ArrayList<>();
        cases.add(new Case("slice of an image", new long[] {1, 2, 5, 6}, List.of(conv(init, rnd, "h"), slice(opset, init,
                "h", "y", new long[] {1, -4}, new long[] {4, Long.MAX_VALUE}, new long[] {2, 3}, null)), init));
        init = new ArrayList<>();
        cases.add(new Case("slice with a negative start", new long[] {1, 3, 4, 6}, List.of(slice(opset, init, "x", "y",
                new long[] {-3, 1}, new long[] {100, 3}, new long[] {1, 3}, null)), init));
        if (opset >= 10) {
            init = new ArrayList<>();
            cases.add(new Case("slice with steps 2 and -1", new long[] {1, 3, 4, 6}, List.of(slice(opset, init, "x",
                    "y", new long[] {0, -1}, new long[] {100, Long.MIN_VALUE}, new long[] {3, 1}, new long[] {2, -1})),
                    init));
            init = new ArrayList<>();
            cases.add(new Case("slice with step -2 of an image", new long[] {1, 2, 5, 6}, List.of(conv(init, rnd, "h"),
                    slice(opset, init, "h", "y", new long[] {4}, new long[] {-100}, new long[] {2}, new long[] {-2})),
                    init));
        }
    }

    private static void splits(List<Case> cases, int opset, Random rnd) {
        List<TensorProto> init = new ArrayList<>();
        NodeProto split;
        if (opset < 13) {
            split = Graphs.node("Split", "sp", List.of("x"), List.of("a", "b"), Graphs.concat(Graphs.ints("axis", 1),
                    list("split", 2, 4)));
        } else {
            init.add(Graphs.int64("split", 2, 4));
            split = Graphs.node("Split", "sp", List.of("x", "split"), List.of("a", "b"), Graphs.ints("axis", 1));
        }
        cases.add(new Case("split 2 and 4, concatenated the other way round", new long[] {1, 6, 4}, List.of(split,
                Graphs.node("Concat", "cat", List.of("b", "a"), "y", Graphs.ints("axis", 1))), init));
        init = new ArrayList<>();
        AttributeProto[] equal = opset >= 18 ? Graphs.concat(Graphs.ints("axis", -2), Graphs.ints("num_outputs", 2))
                : Graphs.ints("axis", opset >= 11 ? -2 : 2);
        cases.add(new Case("split of an image in equal parts", new long[] {1, 2, 4, 3}, List.of(conv(init, rnd, "h"),
                Graphs.node("Split", "sp", List.of("h"), List.of("a", "b"), equal),
                Graphs.node("Sub", "d", List.of("a", "b"), "y")), init));
        if (opset >= 18) {
            cases.add(new Case("split by num_outputs, the last part smaller", new long[] {1, 5, 3}, List.of(
                    Graphs.node("Split", "sp", List.of("x"), List.of("a", "b"), Graphs.concat(Graphs.ints("axis", 1),
                            Graphs.ints("num_outputs", 2))),
                    Graphs.node("Concat", "cat", List.of("b", "a"), "y", Graphs.ints("axis", 1))), List.of()));
        }
    }

    /** A reduction: axes as an attribute before the opset that made them an input (13 for ReduceSum, else 18). */
    private static NodeProto reduce(int opset, String op, List<TensorProto> init, String in, long keep, long[] axes,
                                    AttributeProto... more) {
        int since = op.equals("ReduceSum") ? 13 : 18;
        AttributeProto[] attrs = Graphs.concat(Graphs.ints("keepdims", keep), more);
        if (axes == null) {
            return Graphs.node(op, "r", List.of(in), "y", attrs);
        }
        if (opset < since) {
            return Graphs.node(op, "r", List.of(in), "y", Graphs.concat(attrs, list("axes", axes)));
        }
        init.add(Graphs.int64("axes", axes));
        return Graphs.node(op, "r", List.of(in, "axes"), "y", attrs);
    }

    private static void reductions(List<Case> cases, int opset, String op, Random rnd) {
        List<TensorProto> init = new ArrayList<>();
        cases.add(new Case(op + " over axes 1 and 3, kept", new long[] {1, 3, 4, 5}, List.of(reduce(opset, op, init, "x",
                1, new long[] {1, opset >= 11 ? -1 : 3})), init));
        init = new ArrayList<>();
        cases.add(new Case(op + " over axis 2, dropped", new long[] {2, 3, 4}, List.of(reduce(opset, op, init, "x", 0,
                new long[] {2})), init));
        init = new ArrayList<>();
        cases.add(new Case(op + " over an image's H and W (a global pool)", new long[] {1, 2, 4, 5}, List.of(
                conv(init, rnd, "h"), reduce(opset, op, init, "h", 1, new long[] {2, 3})), init));
        init = new ArrayList<>();
        cases.add(new Case(op + " over every axis, kept", new long[] {1, 3, 4}, List.of(reduce(opset, op, init, "x", 1,
                null)), init));
        if (opset >= (op.equals("ReduceSum") ? 13 : 18)) {
            init = new ArrayList<>();
            cases.add(new Case(op + " over empty axes, noop_with_empty_axes", new long[] {1, 3, 4}, List.of(
                    Graphs.node("Relu", "relu", List.of("x"), "h"), reduce(opset, op, init, "h", 1, new long[0],
                            Graphs.ints("noop_with_empty_axes", 1))), init));
        }
    }

    private static void globalMaxPool(List<Case> cases, Random rnd) {
        List<TensorProto> init = new ArrayList<>();
        cases.add(new Case("globalmaxpool of an image", new long[] {1, 2, 3, 4}, List.of(conv(init, rnd, "h"),
                Graphs.node("GlobalMaxPool", "g", List.of("h"), "y")), init));
        cases.add(new Case("globalmaxpool of rank 3", new long[] {1, 3, 5}, List.of(
                Graphs.node("GlobalMaxPool", "g", List.of("x"), "y")), List.of()));
    }

    private static void tilesAndExpands(List<Case> cases, int opset, Random rnd) {
        cases.add(new Case("tile", new long[] {1, 2, 3}, List.of(Graphs.node("Tile", "t", List.of("x", "reps"), "y")),
                List.of(Graphs.int64("reps", 2, 2, 3))));
        List<TensorProto> init = new ArrayList<>(List.of(Graphs.int64("reps", 1, 2, 1, 3)));
        cases.add(new Case("tile of an image", new long[] {1, 2, 3, 2}, List.of(conv(init, rnd, "h"),
                Graphs.node("Tile", "t", List.of("h", "reps"), "y")), init));
        if (opset < 8) { // Expand is opset 8's
            return;
        }
        cases.add(new Case("expand with a new leading axis", new long[] {1, 3, 1}, List.of(Graphs.node("Expand", "e",
                List.of("x", "shape"), "y")), List.of(Graphs.int64("shape", 2, 1, 3, 4))));
        init = new ArrayList<>(List.of(Graphs.int64("shape", 2, 1, 3, 1)));
        cases.add(new Case("expand of an image", new long[] {1, 2, 1, 4}, List.of(conv(init, rnd, "h"),
                Graphs.node("Expand", "e", List.of("h", "shape"), "y")), init));
    }

    private static void transposedConvolutions(List<Case> cases, Random rnd) {
        cases.add(new Case("convtranspose stride 2, pads, output_padding", new long[] {1, 2, 4, 5}, List.of(
                Graphs.node("ConvTranspose", "ct", List.of("x", "W", "B"), "y", Graphs.concat(list("strides", 2, 2),
                        list("pads", 1, 0, 1, 2), list("output_padding", 1, 0)))),
                List.of(Graphs.random("W", rnd, 2, 3, 3, 3), Graphs.random("B", rnd, 3))));
        cases.add(new Case("convtranspose stride 1, 2 groups, dilations 2", new long[] {1, 4, 3, 4}, List.of(
                Graphs.node("ConvTranspose", "ct", List.of("x", "W"), "y", Graphs.concat(Graphs.ints("group", 2),
                        list("pads", 0, 1, 2, 0), list("dilations", 2, 2)))),
                List.of(Graphs.random("W", rnd, 4, 3, 2, 3))));
        for (String auto : List.of("SAME_UPPER", "SAME_LOWER")) {
            cases.add(new Case("convtranspose stride 2, auto_pad " + auto, new long[] {1, 2, 3, 4}, List.of(
                    Graphs.node("ConvTranspose", "ct", List.of("x", "W"), "y", Graphs.concat(list("strides", 2, 2),
                            Graphs.string("auto_pad", auto)))), List.of(Graphs.random("W", rnd, 2, 2, 3, 2))));
        }
        cases.add(new Case("convtranspose to an output_shape", new long[] {1, 2, 3, 4}, List.of(
                Graphs.node("ConvTranspose", "ct", List.of("x", "W"), "y", Graphs.concat(list("strides", 3, 2),
                        list("output_shape", 10, 8)))), List.of(Graphs.random("W", rnd, 2, 2, 3, 3))));
        cases.add(new Case("convtranspose stride (1, 2) after a conv", new long[] {1, 2, 3, 3}, List.of(
                Graphs.node("Conv", "c", List.of("x", "Wc"), "h"),
                Graphs.node("ConvTranspose", "ct", List.of("h", "W", "B"), "y", list("strides", 1, 2))),
                List.of(Graphs.random("Wc", rnd, 3, 2, 1, 1), Graphs.random("W", rnd, 3, 2, 2, 2),
                        Graphs.random("B", rnd, 2))));
    }

    private static void normalizations(List<Case> cases, int opset, Random rnd) {
        for (long[] shape : List.of(new long[] {1, 3, 5}, new long[] {2, 2, 2, 3, 2})) {
            int c = (int) shape[1];
            cases.add(new Case("batchnormalization of rank " + shape.length, shape, List.of(Graphs.node(
                    "BatchNormalization", "bn", List.of("x", "s", "b", "m", "v"), "y")), List.of(Graphs.random("s", rnd, c),
                    Graphs.random("b", rnd, c), Graphs.random("m", rnd, c), Graphs.positive("v", rnd, c))));
        }
        for (long[] shape : List.of(new long[] {1, 3, 4, 5}, new long[] {1, 2, 6}, new long[] {2, 3, 2, 2})) {
            int c = (int) shape[1];
            cases.add(new Case("instancenormalization of shape " + java.util.Arrays.toString(shape), shape, List.of(Graphs.node(
                    "InstanceNormalization", "in", List.of("x", "s", "b"), "y", real("epsilon", 0.01f))),
                    List.of(Graphs.random("s", rnd, c), Graphs.random("b", rnd, c))));
        }
        List<TensorProto> init = new ArrayList<>(List.of(Graphs.random("s", rnd, 3), Graphs.random("b", rnd, 3)));
        cases.add(new Case("instancenormalization of an image", new long[] {1, 2, 3, 4}, List.of(conv(init, rnd, "h"),
                Graphs.node("InstanceNormalization", "in", List.of("h", "s", "b"), "y")), init));
    }

    private static void folds(List<Case> cases, int opset, Random rnd) {
        cases.add(new Case("linear without bias: Transpose(W), MatMul", new long[] {1, 6}, List.of(
                Graphs.node("Transpose", "t", List.of("W"), "Wt", list("perm", 1, 0)),
                Graphs.node("MatMul", "m", List.of("x", "Wt"), "y")), List.of(Graphs.random("W", rnd, 4, 6))));
        cases.add(new Case("batched matmul of constants, a vector, broadcast", new long[] {1, 6}, List.of(
                Graphs.node("MatMul", "mc", List.of("P", "Q"), "PQ"),
                Graphs.node("MatMul", "mv", List.of("PQ", "v"), "PQv"),
                Graphs.node("Reshape", "r", List.of("PQv", "shape"), "W"),
                Graphs.node("MatMul", "m", List.of("x", "W"), "y")), List.of(Graphs.random("P", rnd, 2, 1, 3, 4),
                Graphs.random("Q", rnd, 3, 4, 5), Graphs.random("v", rnd, 5), Graphs.int64("shape", 6, 3))));
        List<TensorProto> init = new ArrayList<>(List.of(Graphs.random("W", rnd, 9, 4)));
        cases.add(new Case("matmul by a slice of a constant", new long[] {1, 6}, List.of(slice(opset, init, "W", "Ws",
                new long[] {1}, new long[] {7}, new long[] {0}, null), Graphs.node("MatMul", "m", List.of("x", "Ws"),
                "y")), init));
        if (opset >= 11) {
            cases.add(new Case("pytorch's pads: a Slice, Transpose and Concat of constants", new long[] {1, 2, 4, 5},
                    pytorchPads(), List.of(Graphs.int64("torch", 1, 2, 0, 3), Graphs.int64("four", 4),
                            Graphs.int64("rows", -1, 2), Graphs.int64("last", -1), Graphs.int64("first", Long.MIN_VALUE + 1),
                            Graphs.int64("zero", 0), Graphs.int64("back", -1), Graphs.int64("flat", -1))));
        }
    }

    /**
     * F.pad(x, (1, 2, 0, 3)) as PyTorch 1.13 writes it at opset 11 and later: the pads (last axis first, begin and
     * end side by side) padded with zeros to every axis, reshaped to pairs, the pairs reversed by a Slice of step
     * -1, transposed and flattened into ONNX's order (every begin, then every end).
     */
    private static List<NodeProto> pytorchPads() {
        return List.of(Graphs.node("ConstantOfShape", "zeros", List.of("four"), "z", new AttributeProto[] {
                        AttributeProto.newBuilder().setName("value").setType(AttributeProto.AttributeType.TENSOR)
                                .setT(TensorProto.newBuilder().setDataType(7).addDims(1).addInt64Data(0)).build()}),
                Graphs.node("Concat", "cat", List.of("torch", "z"), "all", Graphs.ints("axis", 0)),
                Graphs.node("Reshape", "pairs", List.of("all", "rows"), "pr"),
                Graphs.node("Slice", "rev", List.of("pr", "last", "first", "zero", "back"), "rv"),
                Graphs.node("Transpose", "tr", List.of("rv"), "tp", list("perm", 1, 0)),
                Graphs.node("Reshape", "flatten", List.of("tp", "flat"), "pads"),
                Graphs.node("Pad", "p", List.of("x", "pads"), "y"));
    }
}
