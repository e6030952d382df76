package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Split along one axis into consecutive parts, as every opset writes the parts' lengths: the attribute split (or,
 * in opset 1, a second input) before opset 13, the optional constant input split from 13 on; without it, equal
 * parts, one per output (which must divide the axis before opset 18; from 18 the attribute num_outputs gives
 * parts of ceil(n / num_outputs), the last one smaller). Each part is a Slice ({@link AxisMaps}).
 */
final class Split {
    private Split() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int rank = x.shape().length;
        int axis = Operands.axes(node, new long[] {node.integer("axis", 0)}, rank)[0];
        int n = x.shape()[axis], outputs = node.proto().getOutputCount();
        long[] split = node.opset() < 13 && !node.has("split") && Operands.given(node, 1)
                ? Operands.list(node, cx, "split", 1, 1) : Operands.list(node, cx, "split", 1, 13);
        if (split == null) {
            split = equalParts(node, n, outputs);
        }
        if (split.length != outputs) {
            throw node.error("split has " + split.length + " lengths for " + outputs + " outputs");
        }
        long total = 0;
        for (long s : split) {
            if (s < 1) {
                throw node.error("split " + java.util.Arrays.toString(split) + " has a part of " + s + " elements;"
                        + " seedc's tensors have at least one");
            }
            total += s;
        }
        if (total != n) {
            throw node.error("split " + java.util.Arrays.toString(split) + " adds up to " + total + ", not the " + n
                    + " elements of axis " + axis);
        }
        int at = 0;
        for (int k = 0; k < outputs; k++) {
            int[][] maps = AxisMaps.identities(x.shape());
            maps[axis] = new int[(int) split[k]];
            for (int i = 0; i < maps[axis].length; i++) {
                maps[axis][i] = at + i;
            }
            at += maps[axis].length;
            if (!node.proto().getOutput(k).isEmpty() && cx.isRead(node.proto().getOutput(k))) {
                cx.bindOutput(node, k, AxisMaps.apply(node, cx, x, maps, 0));
            }
        }
    }

    private static long[] equalParts(Node node, int n, int outputs) {
        int parts = node.opset() >= 18 && node.has("num_outputs") ? node.int32("num_outputs", outputs) : outputs;
        if (parts < 1 || parts != outputs) {
            throw node.error("num_outputs = " + parts + " for " + outputs + " outputs");
        }
        int each = node.opset() >= 18 ? (n + parts - 1) / parts : n / parts;
        if (node.opset() < 18 && n % parts != 0) {
            throw node.error("splits an axis of " + n + " into " + parts + " equal parts; give split");
        }
        long[] split = new long[parts];
        for (int k = 0; k < parts; k++) {
            split[k] = Math.min(each, n - (long) each * k);
        }
        return split;
    }
}
