package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Activations SeeDot has no function for, written as compositions of the ones it has whose value is the
 * operator's exactly (in real arithmetic): with {@code t} the input, relu(t) is its positive part and
 * -relu(-t) = min(t, 0) its negative part, so
 * <ul>
 * <li>LeakyRelu(alpha) = relu(t) - alpha * relu(-t), PRelu the same with the slope broadcast to t;
 * <li>Elu(alpha) = relu(t) + alpha * exp(-relu(-t)) - alpha (exp(min(t, 0)) - 1 is 0 where t &gt; 0), Selu gamma
 *     times that;
 * <li>HardSigmoid(alpha, beta) = relu6(6 alpha t + 6 beta) / 6 (max(0, min(1, u)) = min(max(6u, 0), 6) / 6),
 *     HardSwish = t &lt;*&gt; relu6(t + 3) / 6;
 * <li>Abs = relu(t) + relu(-t); Sign = (sign(t) - sign(-t)) / 2 (SeeDot's sign is +1 at 0, so both are +1
 *     there and the difference is ONNX's 0).
 * </ul>
 * Each of a constant is computed at import. The attributes' defaults are every opset's (1 to 21): they did not
 * change, except Selu's, which opset 6 gave their full float32 digits (1.6732 and 1.0507 before); opset 1's
 * {@code consumed_inputs} is an in-place hint that does not change the value.
 */
final class Activations {
    private Activations() {}

    static void leakyRelu(Node node, ImportContext cx) {
        double alpha = node.real("alpha", 0.01f);
        Unary.apply(node, cx, "relu(%1$s) - (" + ImportContext.real(alpha) + ") * relu(-%1$s)",
                x -> x >= 0 ? x : alpha * x);
    }

    static void elu(Node node, ImportContext cx) {
        double alpha = node.real("alpha", 1.0f);
        exponential(node, cx, 1, alpha);
    }

    static void selu(Node node, ImportContext cx) {
        boolean first = node.opset() < 6;
        double alpha = node.real("alpha", first ? 1.6732f : 1.67326319217681884765625f);
        double gamma = node.real("gamma", first ? 1.0507f : 1.05070102214813232421875f);
        exponential(node, cx, gamma, alpha);
    }

    /** gamma * (t where t &gt; 0, else alpha * (e^t - 1)): Elu (gamma 1) and Selu. */
    private static void exponential(Node node, ImportContext cx, double gamma, double alpha) {
        String positive = gamma == 1 ? "relu(%1$s)" : "(" + ImportContext.real(gamma) + ") * relu(%1$s)";
        double ga = gamma * alpha;
        Unary.apply(node, cx, positive + " + (" + ImportContext.real(ga) + ") * exp(-relu(-%1$s)) + ("
                + ImportContext.real(-ga) + ")", x -> gamma * (x > 0 ? x : alpha * (Math.exp(x) - 1)));
    }

    static void hardSigmoid(Node node, ImportContext cx) {
        double alpha = node.real("alpha", 0.2f), beta = node.real("beta", 0.5f);
        Unary.apply(node, cx, "(" + ImportContext.real(1.0 / 6) + ") * relu6((" + ImportContext.real(6 * alpha)
                + ") * %1$s + (" + ImportContext.real(6 * beta) + "))", x -> Math.max(0, Math.min(1, alpha * x + beta)));
    }

    static void hardSwish(Node node, ImportContext cx) {
        Unary.apply(node, cx, "%1$s <*> ((" + ImportContext.real(1.0 / 6) + ") * relu6(%1$s + (3.0)))",
                x -> x * Math.max(0, Math.min(1, x / 6 + 0.5)));
    }

    static void abs(Node node, ImportContext cx) {
        Unary.apply(node, cx, "relu(%1$s) + relu(-%1$s)", Math::abs);
    }

    static void sign(Node node, ImportContext cx) {
        Unary.apply(node, cx, "(0.5) * (sign(%1$s) - sign(-%1$s))", Math::signum);
    }

    /**
     * PRelu: LeakyRelu with the slope a constant broadcast to the input (one slope, one per channel, or any shape
     * numpy broadcasting takes to the input's, which every opset's PRelu accepts).
     */
    static void prelu(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0), slope = cx.constant(node, 1, "the slope");
        if (x.isConstant()) {
            double[] v = x.constant().clone(), s = Broadcast.expand(node, slope, Sym.value(x.shape(), null));
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] >= 0 ? v[i] : s[i] * v[i];
            }
            cx.constantOutput(node, x.shape(), v);
            return;
        }
        String t = x.expr();
        String negative;
        if (slope.size() == 1) {
            negative = "(" + ImportContext.real(slope.constant()[0]) + ") * relu(-" + t + ")";
        } else {
            double[] full = Broadcast.expand(node, slope, x);
            negative = "relu(-" + t + ") <*> " + cx.param(node.inputs().get(1), Broadcast.seedotShape(x), full);
        }
        cx.let(node, "relu(" + t + ") - (" + negative + ")", x.shape(), x.nhwc());
    }
}
