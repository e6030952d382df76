package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Clip (min and max are attributes before opset 11, optional constant inputs from 11 on): [0, 6] is relu6,
 * [0, inf) relu, and other bounds relu(x - lo) - relu(x - hi) + lo, which is x clamped to [lo, hi] exactly.
 */
final class Clip {
    private Clip() {}

    static void convert(Node node, ImportContext cx) {
        double lo, hi;
        if (node.opset() < 11) {
            Reshape.onlyInputs(node, 1, "min and max");
            lo = node.real("min", Double.NEGATIVE_INFINITY);
            hi = node.real("max", Double.POSITIVE_INFINITY);
        } else {
            int n = node.inputs().size();
            lo = n > 1 && !node.inputs().get(1).isEmpty() ? scalar(node, cx, 1) : Double.NEGATIVE_INFINITY;
            hi = n > 2 && !node.inputs().get(2).isEmpty() ? scalar(node, cx, 2) : Double.POSITIVE_INFINITY;
        }
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            throw node.error("clips to [" + lo + ", " + hi + "]; min and max must be numbers");
        }
        if (lo == 0 && hi == 6) {
            Unary.apply(node, cx, "relu6(%s)", x -> Math.min(Math.max(x, 0), 6));
        } else if (lo == 0 && hi == Double.POSITIVE_INFINITY) {
            Unary.relu(node, cx);
        } else if (lo > hi) {
            throw node.error("clips to [" + lo + ", " + hi + "], an empty range");
        } else {
            clamp(node, cx, lo, hi);
        }
    }

    /** max(x, lo) = relu(x - lo) + lo; min(x, hi) = hi - relu(hi - x); both: their sum less x's middle. */
    private static void clamp(Node node, ImportContext cx, double lo, double hi) {
        Sym a = cx.computed(node, 0);
        String x = a.expr(), above = "relu(" + x + " + (" + ImportContext.real(-lo) + "))";
        String expr;
        if (Double.isInfinite(lo) && Double.isInfinite(hi)) {
            cx.alias(node, a);
            return;
        } else if (Double.isInfinite(lo)) {
            expr = "-relu(-" + x + " + (" + ImportContext.real(hi) + ")) + (" + ImportContext.real(hi) + ")";
        } else if (Double.isInfinite(hi)) {
            expr = above + " + (" + ImportContext.real(lo) + ")";
        } else {
            expr = above + " - relu(" + x + " + (" + ImportContext.real(-hi) + ")) + (" + ImportContext.real(lo) + ")";
        }
        cx.let(node, expr, a.shape(), a.nhwc());
    }

    private static double scalar(Node node, ImportContext cx, int i) {
        var s = cx.constant(node, i, i == 1 ? "min" : "max");
        if (s.size() != 1) {
            throw node.error((i == 1 ? "min" : "max") + " must be one number");
        }
        return s.constant()[0];
    }
}
