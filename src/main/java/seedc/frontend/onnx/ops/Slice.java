package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Slice, with starts, ends and axes as attributes before opset 10 and as constant inputs (with steps) from 10 on.
 * Starts and ends are clamped as ONNX says (negative ones counted from the axis's end; to [0, n] for a positive step,
 * [-1, n - 1] for a negative one); each sliced axis is an index map ({@link AxisMaps}). Of a constant (PyTorch's
 * pads reversed by a Slice of step -1) the values are computed at import.
 */
final class Slice {
    private Slice() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int rank = x.shape().length;
        long[] starts = required(node, Operands.list(node, cx, "starts", 1, 10), "starts");
        long[] ends = required(node, Operands.list(node, cx, "ends", 2, 10), "ends");
        long[] axesGiven = Operands.list(node, cx, "axes", 3, 10);
        long[] steps = node.opset() >= 10 ? Operands.list(node, cx, "steps", 4, 10) : null;
        int[] axes = Operands.axes(node, axesGiven == null ? Operands.all(starts.length) : axesGiven, rank);
        if (ends.length != starts.length || axes.length != starts.length
                || (steps != null && steps.length != starts.length)) {
            throw node.error("starts, ends, axes and steps have " + starts.length + ", " + ends.length + ", "
                    + axes.length + " and " + (steps == null ? starts.length : steps.length) + " values; ONNX gives"
                    + " one each per sliced axis");
        }
        int[][] maps = AxisMaps.identities(x.shape());
        for (int k = 0; k < axes.length; k++) {
            maps[axes[k]] = map(node, x.shape()[axes[k]], starts[k], ends[k], steps == null ? 1 : steps[k]);
        }
        cx.alias(node, AxisMaps.apply(node, cx, x, maps, 0));
    }

    private static long[] required(Node node, long[] v, String what) {
        if (v == null) {
            throw node.error("has no " + what);
        }
        return v;
    }

    /** The indices an axis of n keeps from start towards end by step, clamped as ONNX clamps them. */
    static int[] map(Node node, int n, long start, long end, long step) {
        if (step == 0) {
            throw node.error("has a step of 0");
        }
        long s = start < 0 ? start + n : start, e = end < 0 ? end + n : end;
        if (step > 0) {
            s = Math.clamp(s, 0, n);
            e = Math.clamp(e, 0, n);
        } else {
            s = Math.clamp(s, -1, n - 1);
            e = Math.clamp(e, -1, n - 1);
        }
        java.util.List<Integer> kept = new java.util.ArrayList<>();
        long by = Math.clamp(step, -(n + 1L), n + 1L); // as far in one step as any larger one: no overflow
        for (long i = s; by > 0 ? i < e : i > e; i += by) {
            kept.add((int) i);
        }
        if (kept.isEmpty()) {
            throw node.error("keeps no element of an axis of " + n + " (start " + start + ", end " + end + ", step "
                    + step + "); seedc's tensors have at least one");
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }
}
