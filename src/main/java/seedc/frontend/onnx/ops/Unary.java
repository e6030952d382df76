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

    /** SeeDot's exp takes one number (ProtoNN's); a tensor's is refused. */
    static void exp(Node node, ImportContext cx) {
        var a = cx.computed(node, 0);
        if (a.size() != 1) {
            throw node.error("exp of a tensor of shape " + seedc.frontend.onnx.Sym.dims(a.shape())
                    + "; SeeDot's exp takes one number");
        }
        cx.let(node, "exp(" + a.expr() + (a.shape().length == 0 ? "" : "[0]".repeat(a.shape().length)) + ")",
                new int[0], false);
    }

    static void neg(Node node, ImportContext cx) {
        apply(node, cx, "-%s");
    }

    static void apply(Node node, ImportContext cx, String form) {
        var a = cx.computed(node, 0);
        cx.let(node, String.format(form, a.expr()), a.shape(), a.nhwc());
    }
}
