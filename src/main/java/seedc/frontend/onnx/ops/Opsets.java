package seedc.frontend.onnx.ops;

import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import seedc.frontend.onnx.Node;

/**
 * What each ONNX opset (1 to {@link Converters#LAST_OPSET}) defines of the operators seedc imports: the opset that
 * introduced each, and the opsets in which each of its attributes exists (ONNX's Changelog.md). A node's attribute
 * its opset does not define (Gemm's {@code broadcast} after opset 6, BatchNormalization's {@code is_test} after 6)
 * is refused naming it, never ignored: an exporter that wrote it meant something seedc would not do. The
 * converters follow or refuse the attributes that do exist in the node's version. Operators added by converters not
 * listed here check their own attributes.
 */
public final class Opsets {
    private Opsets() {}

    /** An attribute that exists from opset {@code from} to {@code to}, both included. */
    private record Attr(String name, int from, int to) {}

    /** An operator introduced in opset {@code since}, with its attributes over the versions. */
    private record Op(int since, List<Attr> attributes) {}

    private static final int LAST = Converters.LAST_OPSET;

    private static Attr a(String name) {
        return new Attr(name, 1, LAST);
    }

    private static Attr a(String name, int from, int to) {
        return new Attr(name, from, to);
    }

    /** consumed_inputs (opsets 1 to 5): an in-place hint to the runtime, with no effect on any value. */
    private static final Attr CONSUMED = a("consumed_inputs", 1, 5);

    private static final List<Attr> ARITHMETIC = List.of(a("axis", 1, 6), a("broadcast", 1, 6), CONSUMED);
    private static final List<Attr> POOL = List.of(a("auto_pad"), a("kernel_shape"), a("pads"), a("strides"));
    private static final List<Attr> RECURRENT = List.of(a("activation_alpha"), a("activation_beta"),
            a("activations"), a("clip"), a("direction"), a("hidden_size"), a("output_sequence", 1, 6),
            a("layout", 14, LAST));

    private static final Map<String, Op> OPS = Map.ofEntries(
            Map.entry("Gemm", op(1, a("alpha"), a("beta"), a("transA"), a("transB"), a("broadcast", 1, 6))),
            Map.entry("MatMul", op(1)),
            Map.entry("Add", new Op(1, ARITHMETIC)),
            Map.entry("Sub", new Op(1, ARITHMETIC)),
            Map.entry("Mul", new Op(1, ARITHMETIC)),
            Map.entry("Div", new Op(1, ARITHMETIC)),
            Map.entry("Neg", op(1, CONSUMED)),
            Map.entry("Relu", op(1, CONSUMED)),
            Map.entry("Tanh", op(1, CONSUMED)),
            Map.entry("Sigmoid", op(1, CONSUMED)),
            Map.entry("Exp", op(1, CONSUMED)),
            Map.entry("Softplus", op(1)),
            Map.entry("Softsign", op(1)),
            Map.entry("Clip", op(1, CONSUMED, a("min", 1, 10), a("max", 1, 10))),
            Map.entry("Identity", op(1)),
            Map.entry("Dropout", op(1, CONSUMED, a("is_test", 1, 6), a("ratio", 1, 11), a("seed", 12, LAST))),
            Map.entry("Flatten", op(1, a("axis"))),
            Map.entry("Conv", op(1, a("auto_pad"), a("dilations"), a("group"), a("kernel_shape"), a("pads"),
                    a("strides"))),
            Map.entry("BatchNormalization", op(1, CONSUMED, a("epsilon"), a("is_test", 1, 6), a("momentum"),
                    a("spatial", 1, 8), a("training_mode", 14, LAST))),
            Map.entry("MaxPool", new Op(1, with(POOL, a("storage_order", 8, LAST), a("ceil_mode", 10, LAST),
                    a("dilations", 10, LAST)))),
            Map.entry("AveragePool", new Op(1, with(POOL, a("count_include_pad", 7, LAST), a("ceil_mode", 10, LAST),
                    a("dilations", 19, LAST)))),
            Map.entry("GlobalAveragePool", op(1)),
            Map.entry("Reshape", op(1, a("consumed_inputs", 1, 4), a("shape", 1, 4), a("allowzero", 14, LAST))),
            Map.entry("Squeeze", op(1, a("axes", 1, 12))),
            Map.entry("Unsqueeze", op(1, a("axes", 1, 12))),
            Map.entry("Transpose", op(1, a("perm"))),
            Map.entry("RNN", new Op(1, RECURRENT)),
            Map.entry("GRU", new Op(1, with(RECURRENT, a("linear_before_reset", 3, LAST)))),
            Map.entry("LSTM", new Op(1, with(RECURRENT, a("input_forget")))),
            Map.entry("QuantizeLinear", op(10, a("axis", 13, LAST), a("saturate", 19, LAST),
                    a("block_size", 21, LAST), a("output_dtype", 21, LAST))),
            Map.entry("DequantizeLinear", op(10, a("axis", 13, LAST), a("block_size", 21, LAST))),
            Map.entry("Shape", op(1, a("start", 15, LAST), a("end", 15, LAST))),
            Map.entry("Gather", op(1, a("axis"))),
            Map.entry("Concat", op(1, a("axis"))),
            Map.entry("Expand", op(8)),
            Map.entry("ConstantOfShape", op(9, a("value"))),
            Map.entry("Cast", op(1, a("to"), a("saturate", 19, LAST))),
            Map.entry("Softmax", op(1, a("axis"))),
            Map.entry("LogSoftmax", op(1, a("axis"))),
            Map.entry("LeakyRelu", op(1, CONSUMED, a("alpha"))),
            Map.entry("PRelu", op(1, CONSUMED)),
            Map.entry("Elu", op(1, CONSUMED, a("alpha"))),
            Map.entry("Selu", op(1, CONSUMED, a("alpha"), a("gamma"))),
            Map.entry("HardSigmoid", op(1, CONSUMED, a("alpha"), a("beta"))),
            Map.entry("HardSwish", op(14)),
            Map.entry("Abs", op(1, CONSUMED)),
            Map.entry("Sign", op(9)),
            Map.entry("Sqrt", op(1, CONSUMED)),
            Map.entry("Reciprocal", op(1, CONSUMED)),
            Map.entry("ArgMax", op(1, a("axis"), a("keepdims"), a("select_last_index", 12, LAST))),
            Map.entry("Pad", op(1, a("mode"), a("paddings", 1, 1), a("pads", 2, 10), a("value", 1, 10))),
            Map.entry("Slice", op(1, a("starts", 1, 9), a("ends", 1, 9), a("axes", 1, 9))),
            Map.entry("Split", op(1, a("axis"), a("split", 1, 12), a("num_outputs", 18, LAST))),
            Map.entry("ReduceSum", new Op(1, reduce(12))),
            Map.entry("ReduceMean", new Op(1, reduce(17))),
            Map.entry("ReduceMax", new Op(1, reduce(17))),
            Map.entry("ReduceMin", new Op(1, reduce(17))),
            Map.entry("GlobalMaxPool", op(1)),
            Map.entry("Tile", op(1)),
            Map.entry("ConvTranspose", op(1, a("auto_pad"), a("dilations"), a("group"), a("kernel_shape"),
                    a("output_padding"), a("output_shape"), a("pads"), a("strides"))),
            Map.entry("InstanceNormalization", op(1, CONSUMED, a("epsilon"))),
            Map.entry("Constant", op(1, a("value"), a("sparse_value", 11, LAST), a("value_float", 12, LAST),
                    a("value_floats", 12, LAST), a("value_int", 12, LAST), a("value_ints", 12, LAST),
                    a("value_string", 12, LAST), a("value_strings", 12, LAST))));

    /** A reduction's attributes: axes until {@code lastAxesAttribute} (then an input), noop_with_empty_axes after. */
    private static List<Attr> reduce(int lastAxesAttribute) {
        return List.of(a("axes", 1, lastAxesAttribute), a("keepdims"),
                a("noop_with_empty_axes", lastAxesAttribute + 1, LAST));
    }

    private static Op op(int since, Attr... attributes) {
        return new Op(since, List.of(attributes));
    }

    private static List<Attr> with(List<Attr> base, Attr... more) {
        return java.util.stream.Stream.concat(base.stream(), java.util.Arrays.stream(more)).toList();
    }

    /**
     * Refuses a node whose operator its opset does not define yet, or with an attribute its opset does not define
     * (naming the opsets that do). Nodes of operators not listed here pass: their converters check them.
     */
    public static void check(Node node) {
        Op op = OPS.get(node.op());
        if (op == null) {
            return;
        }
        if (node.opset() < op.since()) {
            throw node.error(node.op() + " is not an operator of opset " + node.opset() + "; ONNX defines it from"
                    + " opset " + op.since());
        }
        for (AttributeProto given : node.proto().getAttributeList()) {
            Attr known = op.attributes().stream().filter(x -> x.name().equals(given.getName())).findFirst()
                    .orElse(null);
            if (known == null) {
                throw node.error("attribute '" + seedc.diag.Names.display(given.getName()) + "' is not one of "
                        + node.op() + "'s in any opset; seedc refuses it rather than ignore it");
            }
            if (node.opset() < known.from() || node.opset() > known.to()) {
                throw node.error("attribute '" + known.name() + "' is not one of " + node.op() + "'s in opset "
                        + node.opset() + " (ONNX defines it " + (known.to() == LAST ? "from opset "
                        + Math.max(known.from(), op.since()) : "in opsets " + known.from() + " to " + known.to())
                        + "); seedc refuses it rather than ignore it");
            }
        }
    }

    /** The operators this table describes. */
    public static java.util.Set<String> operators() {
        return java.util.Collections.unmodifiableSet(OPS.keySet());
    }

    /** The attributes operator {@code op} has in some opset. */
    public static List<String> attributes(String op) {
        return OPS.get(op).attributes().stream().map(Attr::name).toList();
    }

    /** Whether opset {@code opset} defines operator {@code op} with attribute {@code attribute}. */
    public static boolean defines(String op, String attribute, int opset) {
        Op o = OPS.get(op);
        return o != null && opset >= o.since() && o.attributes().stream().anyMatch(a -> a.name().equals(attribute)
                && opset >= a.from() && opset <= a.to());
    }

    /**
     * A negative axis (counted from the end) is ONNX's from opset 11 on; before, the operators that take an axis
     * count from 0 and a negative one is not defined.
     */
    static void nonNegativeBefore11(Node node, String name, long value) {
        if (value < 0 && node.opset() < 11) {
            throw node.error(name + " = " + value + " is negative; " + node.op() + " in opset " + node.opset()
                    + " counts axes from 0 (negative ones count from the end from opset 11 on)");
        }
    }

    static void nonNegativeBefore11(Node node, String name, int[] values) {
        for (int v : values) {
            nonNegativeBefore11(node, name, v);
        }
    }
}
