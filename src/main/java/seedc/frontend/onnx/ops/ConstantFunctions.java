package seedc.frontend.onnx.ops;

import java.util.function.DoubleUnaryOperator;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Sqrt and Reciprocal (every opset, 1 to 21) of constants, computed at import: exporters write them over weights
 * (a variance's square root, a scale's inverse). SeeDot has neither function, so of a computed tensor they are
 * refused; a value with no finite result (the root of a negative number, the inverse of 0) is refused naming
 * the first such element, since no fixed-point type holds it.
 */
final class ConstantFunctions {
    private ConstantFunctions() {}

    static void sqrt(Node node, ImportContext cx) {
        fold(node, cx, Math::sqrt);
    }

    static void reciprocal(Node node, ImportContext cx) {
        fold(node, cx, x -> 1 / x);
    }

    private static void fold(Node node, ImportContext cx, DoubleUnaryOperator f) {
        Sym a = cx.in(node, 0);
        if (!a.isConstant()) {
            throw node.error("reads a computed tensor; seedc computes " + node.op() + " only of constants"
                    + " (initializers), at import");
        }
        double[] v = a.constant().clone();
        for (int i = 0; i < v.length; i++) {
            double y = f.applyAsDouble(v[i]);
            if (!Double.isFinite(y)) {
                throw node.error(node.op() + " of " + v[i] + " (element " + i + " of its input) is " + y
                        + "; seedc needs finite constants");
            }
            v[i] = y;
        }
        cx.constantOutput(node, a.shape(), v);
    }
}
