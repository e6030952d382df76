package seedc.frontend.onnx;

import java.util.HashMap;
import java.util.Map;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import seedc.diag.Names;

/**
 * ONNX names every tensor once (the graph is in SSA form). A name given twice is refused before anything is
 * imported: with two initializers of one name, or a node writing an initializer's or another node's tensor, which
 * one a reader means is a guess, and "the last one wins" would silently compute another model.
 */
final class UniqueNames {
    private UniqueNames() {}

    static void check(GraphProto g, int opset) {
        Map<String, String> given = new HashMap<>(); // tensor name -> what gives it, as a message says it
        for (TensorProto t : g.getInitializerList()) {
            if (given.putIfAbsent(t.getName(), "an initializer") != null) {
                throw new ImportError("initializer '" + Names.display(t.getName()) + "' is given twice; ONNX names"
                        + " each tensor once, and seedc does not guess which one the nodes read");
            }
        }
        // A graph input that is also an initializer is ONNX's way of giving the input a default: not a clash.
        g.getInputList().forEach(v -> given.putIfAbsent(v.getName(), "the graph's input"));
        for (NodeProto n : g.getNodeList()) {
            for (String out : n.getOutputList()) {
                if (out.isEmpty()) {
                    continue;
                }
                String earlier = given.putIfAbsent(out, new Node(n, opset).where());
                if (earlier != null) {
                    throw new Node(n, opset).error("its output '" + Names.display(out) + "' is also the name of "
                            + earlier + "; ONNX names each tensor once");
                }
            }
        }
    }
}
