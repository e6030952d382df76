package seedc.frontend.onnx.ops;

import java.util.function.DoubleUnaryOperator;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Element-wise functions SeeDot has: relu, tanh, sigmoid, exp, softplus, softsign and unary minus. Of a constant (FastGRNN's
 * sigmoid(zeta), written out in PyTorch) the values are computed at import.
 */
final class Unary {
    private Unary() {}

    static void relu(Node node, ImportContext cx) {
        apply(node, cx, "relu(%s)", x -> Math.max(x, 0));
    }

    static void tanh(Node node, ImportContext cx) {
        apply(node, cx, "tanh(%s)", Math::tanh);
    }

    static void sigmoid(Node node, ImportContext cx) {
        apply(node, cx, "sigmoid(%s)", x -> 1 / (1 + Math.exp(-x)));
    }

    static void exp(Node node, ImportContext cx) {
        apply(node, cx, "exp(%s)", Math::exp);
    }

    static void softplus(Node node, ImportContext cx) {
        apply(node, cx, "softplus(%s)", seedc.ir.Op.Softplus::real);
    }

    static void softsign(Node node, ImportContext cx) {
        apply(node, cx, "softsign(%s)", seedc.ir.Op.Softsign::real);
    }

    static void neg(Node node, ImportContext cx) {
        apply(node, cx, "-%s", x -> -x);
    }

    /** The SeeDot expression {@code form} of the input, or {@code f} of each value of a constant input. */
    static void apply(Node node, ImportContext cx, String form, DoubleUnaryOperator f) {
        Sym a = cx.in(node, 0);
        if (a.isConstant()) {
            double[] v = a.constant().clone();
            for (int i = 0; i < v.length; i++) {
                v[i] = f.applyAsDouble(v[i]);
            }
            cx.constantOutput(node, a.shape(), v);
            return;
        }
        cx.let(node, String.format(form, a.expr()), a.shape(), a.nhwc());
    }
}
