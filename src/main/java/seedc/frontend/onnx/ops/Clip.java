package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/**
 * Clip to [0, 6] is relu6 and to [0, +inf) relu (min and max are attributes before opset 11, optional constant
 * inputs from 11 on); other bounds are not in SeeDot yet.
 */
final class Clip {
    private Clip() {}

    static void convert(Node node, ImportContext cx) {
        double lo, hi;
        if (node.opset() < 11) {
            lo = node.real("min", Double.NEGATIVE_INFINITY);
            hi = node.real("max", Double.POSITIVE_INFINITY);
        } else {
            int n = node.inputs().size();
            lo = n > 1 && !node.inputs().get(1).isEmpty() ? scalar(node, cx, 1) : Double.NEGATIVE_INFINITY;
            hi = n > 2 && !node.inputs().get(2).isEmpty() ? scalar(node, cx, 2) : Double.POSITIVE_INFINITY;
        }
        if (lo == 0 && hi == 6) {
            Unary.apply(node, cx, "relu6(%s)");
        } else if (lo == 0 && hi == Double.POSITIVE_INFINITY) {
            Unary.apply(node, cx, "relu(%s)");
        } else {
            throw node.error("clips to [" + lo + ", " + hi + "]; seedc imports Clip to [0, 6] (relu6) and [0, inf)"
                    + " (relu)");
        }
    }

    private static double scalar(Node node, ImportContext cx, int i) {
        var s = cx.constant(node, i, i == 1 ? "min" : "max");
        if (s.size() != 1) {
            throw node.error((i == 1 ? "min" : "max") + " must be one number");
        }
        return s.constant()[0];
    }
}
