package seedc.frontend.onnx.ops;

import java.util.Map;

/**
 * Why seedc does not import an operator a user may expect it to, where the list of the ones it does import is
 * not answer enough: an activation with no exact form in SeeDot's functions and no fixed-point kernel of its own.
 */
final class Unsupported {
    private Unsupported() {}

    private static final Map<String, String> WHY = Map.of(
            "Softplus", "Softplus, log(1 + e^x), has no exact form in SeeDot's functions (relu, relu6, exp, sigmoid,"
                    + " tanh, sign) and seedc has no fixed-point kernel for it",
            "Softsign", "Softsign, x / (1 + |x|), divides by a computed value, which no SeeDot function does, and"
                    + " seedc has no fixed-point kernel for it");

    /** "; the reason" for {@code op}, or "" when there is none to give beyond the list. */
    static String why(String op) {
        String w = WHY.get(op);
        return w == null ? "" : "; " + w;
    }
}
