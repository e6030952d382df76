package seedc.frontend.onnx.ops;

import java.util.Map;
import java.util.TreeMap;
import seedc.frontend.onnx.Node;

/**
 * The operators seedc imports, one converter each (the same converter serves every opset from 1 to 21; where the
 * operator changed in between, the converter reads the opset from the node and follows that version's attributes
 * and inputs, or refuses them by name). {@link Opsets} refuses the attributes a node's opset does not define.
 */
public final class Converters {
    private Converters() {}

    /** The opsets seedc reads: 1 (ONNX 1.0) to 21 (ONNX 1.16). */
    public static final int FIRST_OPSET = 1, LAST_OPSET = 21;

    private static final Map<String, Converter> BY_OP = new TreeMap<>(Map.ofEntries(
            Map.entry("Gemm", Gemm::convert),
            Map.entry("MatMul", MatMul::convert),
            Map.entry("Add", Arithmetic::add),
            Map.entry("Sub", Arithmetic::sub),
            Map.entry("Mul", Arithmetic::mul),
            Map.entry("Div", Arithmetic::div),
            Map.entry("Neg", Unary::neg),
            Map.entry("Relu", Unary::relu),
            Map.entry("Tanh", Unary::tanh),
            Map.entry("Sigmoid", Unary::sigmoid),
            Map.entry("Exp", Unary::exp),
            Map.entry("Softplus", Unary::softplus),
            Map.entry("Softsign", Unary::softsign),
            Map.entry("Clip", Clip::convert),
            Map.entry("Identity", PassThrough::convert),
            Map.entry("Dropout", PassThrough::dropout),
            Map.entry("Flatten", Flatten::convert),
            Map.entry("Conv", Conv::convert),
            Map.entry("BatchNormalization", BatchNorm::convert),
            Map.entry("MaxPool", MaxPool::convert),
            Map.entry("AveragePool", AveragePool::pool),
            Map.entry("GlobalAveragePool", AveragePool::global),
            Map.entry("Reshape", Reshape::reshape),
            Map.entry("Squeeze", Reshape::squeeze),
            Map.entry("Unsqueeze", Reshape::unsqueeze),
            Map.entry("Transpose", Transpose::convert),
            Map.entry("RNN", Recurrent::rnn),
            Map.entry("GRU", Recurrent::gru),
            Map.entry("LSTM", Recurrent::lstm),
            Map.entry("QuantizeLinear", QuantizeLinear::quantize),
            Map.entry("DequantizeLinear", QuantizeLinear::dequantize),
            Map.entry("Shape", Folding::shape),
            Map.entry("Gather", Folding::gather),
            Map.entry("Concat", Concat::convert),
            Map.entry("Expand", Tile::expand),
            Map.entry("ConstantOfShape", Folding::constantOfShape),
            Map.entry("Cast", Folding::cast),
            Map.entry("Softmax", Head::softmax),
            Map.entry("LogSoftmax", Head::softmax),
            Map.entry("LeakyRelu", Activations::leakyRelu),
            Map.entry("PRelu", Activations::prelu),
            Map.entry("Elu", Activations::elu),
            Map.entry("Selu", Activations::selu),
            Map.entry("HardSigmoid", Activations::hardSigmoid),
            Map.entry("HardSwish", Activations::hardSwish),
            Map.entry("Abs", Activations::abs),
            Map.entry("Sign", Activations::sign),
            Map.entry("Sqrt", ConstantFunctions::sqrt),
            Map.entry("Reciprocal", ConstantFunctions::reciprocal),
            Map.entry("ArgMax", Head::argmax),
            Map.entry("Pad", Pad::convert),
            Map.entry("Slice", Slice::convert),
            Map.entry("Split", Split::convert),
            Map.entry("ReduceSum", Reduce::sum),
            Map.entry("ReduceMean", Reduce::mean),
            Map.entry("ReduceMax", Reduce::max),
            Map.entry("ReduceMin", Reduce::min),
            Map.entry("GlobalMaxPool", Reduce::globalMax),
            Map.entry("Tile", Tile::tile),
            Map.entry("ConvTranspose", ConvTranspose::convert),
            Map.entry("InstanceNormalization", InstanceNorm::convert)));

    /** QONNX's operators, by type, in its domains ({@link Qonnx#DOMAINS}). */
    private static final Map<String, Converter> QONNX = new TreeMap<>(Map.of(
            "Quant", Qonnx::quant,
            "BipolarQuant", Qonnx::bipolar));

    /** Whether seedc imports operators of {@code domain}: ONNX's, and QONNX's. */
    public static boolean importsDomain(String domain) {
        return domain.isEmpty() || domain.equals("ai.onnx") || Qonnx.DOMAINS.contains(domain);
    }

    /** The operator types seedc imports (Constant, folded by the front end itself, aside). */
    public static java.util.Set<String> supported() {
        return java.util.Collections.unmodifiableSet(BY_OP.keySet());
    }

    public static Converter of(Node node) {
        if (Qonnx.DOMAINS.contains(node.proto().getDomain())) {
            Converter q = QONNX.get(node.op());
            if (q == null) {
                throw node.error("operator " + node.op() + " of " + node.proto().getDomain() + " is not supported;"
                        + " seedc imports QONNX's " + String.join(" and ", QONNX.keySet()));
            }
            return q;
        }
        Converter c = BY_OP.get(node.op());
        if (c == null) {
            throw node.error("operator " + node.op() + " is not supported; seedc imports " + String.join(", ", BY_OP.keySet()));
        }
        Opsets.check(node);
        return c;
    }
}
