package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/**
 * The integer lists operators take as an attribute in early opsets and as a constant input in later ones (Pad's
 * pads, Slice's starts, Split's split, the reductions' axes), and axes made non-negative.
 */
final class Operands {
    private Operands() {}

    /** Whether optional input i is given (present and not the empty name). */
    static boolean given(Node node, int i) {
        return i < node.inputs().size() && !node.inputs().get(i).isEmpty();
    }

    /**
     * The list: from {@code inputSince} on the constant input i (null when omitted), before it the attribute
     * {@code attribute} (null when absent).
     */
    static long[] list(Node node, ImportContext cx, String attribute, int i, int inputSince) {
        if (node.opset() < inputSince) {
            return node.longs(attribute, null);
        }
        if (!given(node, i)) {
            return null;
        }
        double[] v = cx.constant(node, i, attribute).constant();
        long[] out = new long[v.length];
        for (int k = 0; k < v.length; k++) {
            out[k] = (long) v[k]; // int64 values; INT64_MAX ("to the end") saturates to Long.MAX_VALUE
        }
        return out;
    }

    /** Axes in [-rank, rank) made non-negative, each at most once. */
    static int[] axes(Node node, long[] axes, int rank) {
        int[] out = new int[axes.length];
        boolean[] seen = new boolean[rank];
        for (int k = 0; k < axes.length; k++) {
            if (axes[k] < -rank || axes[k] >= rank) {
                throw node.error("axis " + axes[k] + " is outside rank " + rank);
            }
            out[k] = (int) (axes[k] < 0 ? axes[k] + rank : axes[k]);
            if (seen[out[k]]) {
                throw node.error("axes " + java.util.Arrays.toString(axes) + " name axis " + out[k] + " twice");
            }
            seen[out[k]] = true;
        }
        return out;
    }

    /** Every axis of a tensor of rank {@code rank}, in order. */
    static long[] all(int rank) {
        long[] a = new long[rank];
        for (int k = 0; k < rank; k++) {
            a[k] = k;
        }
        return a;
    }
}
