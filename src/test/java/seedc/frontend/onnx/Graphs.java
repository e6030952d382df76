package seedc.frontend.onnx;

import java.util.List;
import java.util.Random;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;

/** Small ONNX graphs for tests, built with the classes generated from onnx.proto (opset 13). */
final class Graphs {
    private Graphs() {}

    static ModelProto model(GraphProto g) {
        return model(g, 13);
    }

    static ModelProto model(GraphProto g, int opset) {
        return ModelProto.newBuilder().setIrVersion(7).addOpsetImport(OperatorSetIdProto.newBuilder().setVersion(opset))
                .setGraph(g).build();
    }

    static GraphProto graph(String input, long[] dims, String output, List<NodeProto> nodes, List<TensorProto> init) {
        TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
        for (long d : dims) {
            s.addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(d));
        }
        return GraphProto.newBuilder().setName("g").addAllNode(nodes).addAllInitializer(init)
                .addInput(ValueInfoProto.newBuilder().setName(input).setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(1).setShape(s))))
                .addOutput(ValueInfoProto.newBuilder().setName(output).setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(1))))
                .build();
    }

    /** {@code g} with an int64 output (an ArgMax's). */
    static GraphProto int64Output(GraphProto g) {
        GraphProto.Builder b = g.toBuilder();
        b.getOutputBuilder(0).getTypeBuilder().getTensorTypeBuilder().setElemType(7);
        return b.build();
    }

    static NodeProto node(String op, String name, List<String> inputs, String output, AttributeProto... attrs) {
        return NodeProto.newBuilder().setOpType(op).setName(name).addAllInput(inputs).addOutput(output)
                .addAllAttribute(List.of(attrs)).build();
    }

    /** A node with several outputs ("" for an omitted one). */
    static NodeProto node(String op, String name, List<String> inputs, List<String> outputs, AttributeProto... attrs) {
        return NodeProto.newBuilder().setOpType(op).setName(name).addAllInput(inputs).addAllOutput(outputs)
                .addAllAttribute(List.of(attrs)).build();
    }

    /** An int8 tensor of values in [-127, 127]. */
    static TensorProto int8(String name, Random rnd, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(3);
        for (long i = withDims(t, dims); i > 0; i--) {
            t.addInt32Data(rnd.nextInt(255) - 127);
        }
        return t.build();
    }

    /** Adds the dims; returns the element count. */
    private static long withDims(TensorProto.Builder t, long... dims) {
        long n = 1;
        for (long d : dims) {
            t.addDims(d);
            n *= d;
        }
        return n;
    }

    /** A float tensor of the given values and dims. */
    static TensorProto floats(String name, float[] v, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(1);
        withDims(t, dims);
        for (float x : v) {
            t.addFloatData(x);
        }
        return t.build();
    }

    /** An int64 vector (a shape). */
    static TensorProto int64(String name, long... v) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(7).addDims(v.length);
        for (long x : v) {
            t.addInt64Data(x);
        }
        return t.build();
    }

    static AttributeProto[] ints(String name, long... v) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) {
            a.addInts(x);
        }
        if (v.length == 1) { // an int attribute (transB), not a list
            return new AttributeProto[] {AttributeProto.newBuilder().setName(name)
                    .setType(AttributeProto.AttributeType.INT).setI(v[0]).build()};
        }
        return new AttributeProto[] {a.build()};
    }

    /** An ints attribute even of one value (a signal's strides, dilations, kernel_shape). */
    static AttributeProto[] intList(String name, long... v) {
        AttributeProto.Builder a = AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INTS);
        for (long x : v) {
            a.addInts(x);
        }
        return new AttributeProto[] {a.build()};
    }

    static AttributeProto[] string(String name, String v) {
        return new AttributeProto[] {AttributeProto.newBuilder().setName(name)
                .setType(AttributeProto.AttributeType.STRING).setS(com.google.protobuf.ByteString.copyFromUtf8(v)).build()};
    }

    static AttributeProto[] concat(AttributeProto[]... lists) {
        return java.util.Arrays.stream(lists).flatMap(java.util.Arrays::stream).toArray(AttributeProto[]::new);
    }

    /** A float tensor of uniform values in [-1, 1). */
    static TensorProto random(String name, Random rnd, long... dims) {
        return tensor(name, rnd, false, dims);
    }

    /** A float tensor of values in [0.5, 1.5) (a variance). */
    static TensorProto positive(String name, Random rnd, long... dims) {
        return tensor(name, rnd, true, dims);
    }

    private static TensorProto tensor(String name, Random rnd, boolean positive, long... dims) {
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(1);
        for (long i = withDims(t, dims); i > 0; i--) {
            t.addFloatData((float) (positive ? 0.5 + rnd.nextDouble() : rnd.nextDouble() * 2 - 1));
        }
        return t.build();
    }
}
