package seedc.frontend.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;

/**
 * PyTorch exports Softsign as x / (1 + |x|): Abs, a Constant 1, Add, then Div of x by the sum. seedc divides only
 * by constants, so the chain is read as the Softsign it computes: a Div(x, Add(Abs(x), 1)) (the 1 on either side,
 * a one-element constant) whose Abs and Add outputs nothing else reads becomes one Softsign node with the Div's name
 * and output. The Constant stays (read by nothing, it is only folded).
 */
final class SoftsignChain {
    private SoftsignChain() {}

    static List<NodeProto> fused(GraphProto g, List<NodeProto> live, String output) {
        Map<String, NodeProto> producer = new HashMap<>();
        Map<String, Integer> reads = new HashMap<>();
        Map<String, double[]> constants = new HashMap<>();
        g.getInitializerList().forEach(t -> constants.put(t.getName(), TensorData.values(t)));
        for (NodeProto n : live) {
            n.getOutputList().forEach(o -> producer.put(o, n));
            n.getInputList().forEach(i -> reads.merge(i, 1, Integer::sum));
            if (n.getOpType().equals("Constant") && n.getAttributeCount() == 1
                    && n.getAttribute(0).getType() == AttributeProto.AttributeType.TENSOR) {
                constants.put(n.getOutput(0), TensorData.values(n.getAttribute(0).getT()));
            }
        }
        List<NodeProto> removed = new ArrayList<>(), out = new ArrayList<>();
        Map<NodeProto, NodeProto> replaced = new HashMap<>();
        for (NodeProto div : live) {
            if (!div.getOpType().equals("Div") || div.getInputCount() != 2) {
                continue;
            }
            String x = div.getInput(0), sum = div.getInput(1);
            NodeProto add = producer.get(sum);
            if (add == null || !add.getOpType().equals("Add") || add.getInputCount() != 2 || !once(sum, reads, output)) {
                continue;
            }
            int one = isOne(constants.get(add.getInput(0))) ? 0 : isOne(constants.get(add.getInput(1))) ? 1 : -1;
            NodeProto abs = one < 0 ? null : producer.get(add.getInput(1 - one));
            if (abs == null || !abs.getOpType().equals("Abs") || !abs.getInput(0).equals(x)
                    || !once(abs.getOutput(0), reads, output)) {
                continue;
            }
            removed.add(abs);
            removed.add(add);
            replaced.put(div, NodeProto.newBuilder().setOpType("Softsign").setName(div.getName())
                    .setDomain(div.getDomain()).addInput(x).addOutput(div.getOutput(0)).build());
        }
        for (NodeProto n : live) {
            if (!removed.contains(n)) {
                out.add(replaced.getOrDefault(n, n));
            }
        }
        return out;
    }

    private static boolean once(String tensor, Map<String, Integer> reads, String output) {
        return reads.getOrDefault(tensor, 0) == 1 && !tensor.equals(output);
    }

    private static boolean isOne(double[] v) {
        return v != null && v.length == 1 && v[0] == 1.0;
    }
}
