package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TypeProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import seedc.frontend.onnx.ops.Opsets;

/**
 * seedc's table of which opset defines which attribute of each operator ({@link Opsets}) against ONNX Runtime's
 * copy of ONNX's schemas: for every operator, attribute and opset from 7 to 21, a one-node model with that
 * attribute loads past the schema check in ONNX Runtime exactly when the table says the opset defines it (ONNX
 * Runtime says "Unrecognized attribute", or that no such operator is registered, otherwise). The node's other
 * attributes and types may be wrong: the schema rejects an unknown attribute first. (Constant aside: ONNX Runtime
 * reads its value before checking it; its table is ONNX 1.12's schemas, which know opsets to 17.)
 */
class OpsetTableTest {
    /** The inputs each operator requires (the most a version requires, which the schema's count check accepts). */
    private static final Map<String, Integer> INPUTS = Map.ofEntries(Map.entry("Gemm", 3), Map.entry("Add", 2),
            Map.entry("Sub", 2), Map.entry("Mul", 2), Map.entry("Div", 2), Map.entry("Conv", 2),
            Map.entry("BatchNormalization", 5), Map.entry("RNN", 3), Map.entry("GRU", 3), Map.entry("LSTM", 3),
            Map.entry("QuantizeLinear", 2), Map.entry("DequantizeLinear", 2), Map.entry("Gather", 2),
            Map.entry("Expand", 2), Map.entry("MatMul", 2), Map.entry("PRelu", 2), Map.entry("ConvTranspose", 2),
            Map.entry("InstanceNormalization", 3), Map.entry("Tile", 2));

    /** Every operator seedc imports is in the table, so no converter's node passes unchecked attributes. */
    @Test
    void everyImportedOperatorIsInTheTable() {
        List<String> missing = seedc.frontend.onnx.ops.Converters.supported().stream()
                .filter(op -> !Opsets.operators().contains(op)).toList();
        assertEquals(List.of(), missing);
    }

    @Test
    void everyAttributeExistsInTheOpsetsOnnxRuntimeSays() throws Exception {
        List<String> wrong = new ArrayList<>();
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        for (String op : Opsets.operators()) {
            if (op.equals("Constant")) {
                continue; // ONNX Runtime reads a Constant node's value itself, before any schema check
            }
            for (String attribute : Opsets.attributes(op)) {
                for (int opset = 7; opset <= 21; opset++) {
                    boolean known = !unknownToOnnxRuntime(env, op, attribute, opset);
                    if (known != Opsets.defines(op, attribute, opset)) {
                        wrong.add(op + "." + attribute + " in opset " + opset + ": ONNX Runtime "
                                + (known ? "knows" : "does not know") + " it");
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    private static boolean unknownToOnnxRuntime(OrtEnvironment env, String op, String attribute, int opset)
            throws OrtException {
        int inputs = INPUTS.getOrDefault(op, 1);
        if (op.equals("Reshape") || op.equals("Unsqueeze") || op.equals("Squeeze")) {
            inputs = opset >= (op.equals("Reshape") ? 5 : 13) ? 2 : 1;
        }
        if (op.equals("Pad") || op.equals("Slice")) { // the pads, or the starts and ends, became inputs
            inputs = op.equals("Pad") ? (opset >= 11 ? 2 : 1) : (opset >= 10 ? 3 : 1);
        }
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName("n").addOutput("y")
                .addAttribute(AttributeProto.newBuilder().setName(attribute).setType(AttributeProto.AttributeType.INT)
                        .setI(1));
        GraphProto.Builder g = GraphProto.newBuilder().setName("g");
        for (int i = 0; i < inputs; i++) {
            n.addInput("x" + i);
            g.addInput(ValueInfoProto.newBuilder().setName("x" + i).setType(TypeProto.newBuilder().setTensorType(
                    TypeProto.Tensor.newBuilder().setElemType(1))));
        }
        g.addNode(n).addOutput(ValueInfoProto.newBuilder().setName("y").setType(TypeProto.newBuilder()
                .setTensorType(TypeProto.Tensor.newBuilder().setElemType(1))));
        byte[] model = Graphs.model(g.build(), opset).toByteArray();
        try (OrtSession s = env.createSession(model, new OrtSession.SessionOptions())) {
            return false;
        } catch (OrtException e) {
            String m = e.getMessage();
            return m.contains("Unrecognized attribute") || m.contains("No Op registered")
                    || m.contains("No opset import for domain") || m.contains("is not a registered function/op");
        }
    }
}
