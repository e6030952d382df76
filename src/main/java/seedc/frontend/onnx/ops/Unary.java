package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/** Element-wise functions SeeDot has: relu, tanh, sigmoid, exp and unary minus. */
final class Unary {
    private Unary() {}

    static void relu(Node node, ImportContext cx) {
        apply(node, cx, "relu(%s)");
    }

    static void tanh(Node node, ImportContext cx) {
        apply(node, cx, "tanh(%s)");
    }

    static void sigmoid(Node node, ImportContext cx) {
        apply(node, cx, "sigmoid(%s)");
    }

    static void exp(Node node, ImportContext cx) {
        apply(node, cx, "exp(%s)");
    }

    static void neg(Node node, ImportContext cx) {
        apply(node, cx, "-%s");
    }

    static void apply(Node node, ImportContext cx, String form) {
        var a = cx.computed(node, 0);
        cx.let(node, String.format(form, a.expr()), a.shape(), a.nhwc());
    }
}
