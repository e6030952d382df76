package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * InstanceNormalization of any rank: per example and channel c, over its L spatial elements,
 * y = scale_c (x - mean) / sqrt(var + epsilon) + B_c, the mean and (biased) variance computed at run time.
 * With SeeDot's operations, exactly: the centred (N C, L) matrix is x minus (x times a column of 1/L) times a row of
 * ones; one more column holding sqrt(L epsilon) makes each row's L2 norm sqrt(sum (x - mean)^2 + L epsilon) =
 * sqrt(L (var + epsilon)), so normaliseL2 of the (1, 1, N C, L + 1) tensor (which normalises along its last axis)
 * gives (x - mean) / sqrt(L (var + epsilon)) in its first L columns; times sqrt(L) scale_c, plus B_c.
 */
final class InstanceNorm {
    private InstanceNorm() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.computed(node, 0);
        int[] xs = x.shape();
        if (xs.length < 3) {
            throw node.error("normalizes a tensor of shape " + Sym.dims(xs) + "; ONNX's has a batch, channels and at"
                    + " least one spatial axis");
        }
        int channels = xs[1], c = xs[0] * channels, l = x.size() / c; // c: one row per example and channel
        double[] scale = vector(node, cx, 1, "scale", channels), bias = vector(node, cx, 2, "B", channels);
        double eps = node.real("epsilon", 1e-5);
        if (!(eps >= 0)) {
            throw node.error("epsilon = " + eps + " is negative");
        }
        String order = x.nhwc() ? "(1, 4, 2, 3)" : Flatten.axes(xs.length); // ONNX's order: (N C, L) row-major
        String rows = cx.temp("reshape(" + x.expr() + ", (" + c + ", " + l + "), " + order + ")",
                node.op() + " " + node.output() + ": (C, L)");
        double[] column = new double[l], ones = new double[l];
        java.util.Arrays.fill(column, 1.0 / l);
        java.util.Arrays.fill(ones, 1);
        String mean = cx.param(node.output() + "_mean", new int[] {l, 1}, column);
        String spread = cx.param(node.output() + "_ones", new int[] {1, l}, ones);
        String centred = cx.temp(rows + " - (" + rows + " * " + mean + ") * " + spread, "centred");
        String t = "inorm" + cx.uniqueTag();
        String widened = cx.temp("(let " + t + " = init([" + c + ", " + (l + 1) + "], "
                + ImportContext.real(Math.sqrt(l * eps)) + ") in let " + t + "[0:+" + c + "][0:+" + l + "] = "
                + centred + " in " + t + ")", "a column of sqrt(L epsilon)");
        String unit = cx.temp("reshape(normaliseL2(reshape(" + widened + ", (1, 1, " + c + ", " + (l + 1) + "), (1,"
                + " 2))), (" + c + ", " + (l + 1) + "), (1, 2, 3, 4))", "each row over its L2 norm");
        double[] s = new double[c * l], b = new double[c * l];
        for (int i = 0; i < s.length; i++) {
            s[i] = Math.sqrt(l) * scale[i / l % channels];
            b[i] = bias[i / l % channels];
        }
        String y = "(" + unit + "[0:+" + c + "][0:+" + l + "] <*> " + cx.param(node.inputs().get(1), new int[] {c, l}, s)
                + ") + " + cx.param(node.inputs().get(2), new int[] {c, l}, b);
        cx.let(node, "reshape(" + y + ", " + Sym.dims(xs) + ", (1, 2))", xs, false);
    }

    private static double[] vector(Node node, ImportContext cx, int i, String what, int channels) {
        Sym v = cx.constant(node, i, what);
        if (v.size() != channels) {
            throw node.error(what + " has " + v.size() + " values for " + channels + " channels");
        }
        return v.constant();
    }
}
