package seedc.frontend.onnx.ops;

import onnx.Onnx.AttributeProto;
import onnx.Onnx.TensorProto.DataType;
import seedc.frontend.onnx.Node;

/**
 * Cast's {@code to}, followed on constants: a type's name as a string in opsets 1 to 5 ("FLOAT", "INT64"), a
 * TensorProto.DataType number from 6 on. To float the values round to single precision, to an integer type they
 * lose their fraction (towards zero, as C's conversion) and must fit the type, to bool they become 0 or 1.
 * saturate (opset 19 on) concerns the float8 types only, which seedc refuses.
 */
final class CastTo {
    private CastTo() {}

    static double[] values(Node node, double[] in) {
        DataType to = target(node);
        double[] v = in.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] = switch (to) {
                case FLOAT -> (float) v[i];
                case DOUBLE -> v[i];
                case BOOL -> v[i] != 0 ? 1 : 0;
                case INT8 -> integer(node, v[i], -128, 127, to);
                case UINT8 -> integer(node, v[i], 0, 255, to);
                case INT16 -> integer(node, v[i], -32768, 32767, to);
                case UINT16 -> integer(node, v[i], 0, 65535, to);
                case INT32 -> integer(node, v[i], Integer.MIN_VALUE, Integer.MAX_VALUE, to);
                case UINT32 -> integer(node, v[i], 0, 4294967295.0, to);
                case INT64 -> integer(node, v[i], -0x1p63, 0x1p63, to);
                case UINT64 -> integer(node, v[i], 0, 0x1p64, to);
                default -> throw node.error("casts to " + to + "; seedc casts constants to float, double, bool and"
                        + " the integer types");
            };
        }
        return v;
    }

    /** The value's integer part, which must lie in [lo, hi]. */
    private static double integer(Node node, double x, double lo, double hi, DataType to) {
        double t = x < 0 ? Math.ceil(x) : Math.floor(x);
        if (!(t >= lo && t <= hi)) {
            throw node.error("casts " + x + " to " + to + ", outside its range");
        }
        return t;
    }

    /** The type {@code to} names, read as the node's opset writes it. */
    private static DataType target(Node node) {
        AttributeProto to = node.proto().getAttributeList().stream().filter(a -> a.getName().equals("to"))
                .findFirst().orElseThrow(() -> node.error("has no attribute 'to'"));
        DataType type;
        if (node.opset() < 6) {
            if (to.getType() != AttributeProto.AttributeType.STRING) {
                throw node.error("to is not a string; before opset 6 Cast names its type as one (\"FLOAT\")");
            }
            String name = to.getS().toStringUtf8();
            type = java.util.Arrays.stream(DataType.values()).filter(d -> d.name().equals(name)).findFirst()
                    .orElse(null);
            if (type == null) {
                throw node.error("to = \"" + seedc.diag.Names.display(name) + "\" is not an ONNX type's name");
            }
        } else {
            if (to.getType() == AttributeProto.AttributeType.STRING) {
                throw node.error("to is a string; from opset 6 on Cast names its type by number");
            }
            type = DataType.forNumber((int) to.getI());
            if (type == null || to.getI() != (int) to.getI()) {
                throw node.error("to = " + to.getI() + " is not an ONNX type");
            }
        }
        return type;
    }
}
