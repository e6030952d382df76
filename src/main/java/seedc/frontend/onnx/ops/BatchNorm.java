package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * BatchNormalization at inference: y = s (x - mean) + B per channel, s = scale / sqrt(var + epsilon). Folded into
 * the Conv or Gemm before it when that is its only reader (its weight times s, its bias (b - mean) s + B);
 * otherwise, on an (N, C, H, W) image or a (N, C) matrix, the same map as {@code (x <*> S) <+> t} (the channel is
 * SeeDot's last axis in both), and on a tensor of any other rank as {@code (x <*> S) + T}.
 */
final class BatchNorm {
    private BatchNorm() {}

    static void convert(Node node, ImportContext cx) {
        if (node.proto().getOutputCount() > 1) {
            throw node.error("has training outputs (running mean and variance); seedc imports inference graphs");
        }
        Sym x = cx.computed(node, 0);
        int channels = x.shape().length > 1 ? x.shape()[1] : -1;
        double[] scale = vector(node, cx, 1, "scale", channels), b = vector(node, cx, 2, "B", channels);
        double[] mean = vector(node, cx, 3, "mean", channels), var = vector(node, cx, 4, "var", channels);
        double eps = node.real("epsilon", 1e-5);
        double[] s = new double[channels], t = new double[channels];
        for (int c = 0; c < channels; c++) {
            if (!(var[c] + eps > 0)) { // also NaN: the scale would be infinite or NaN
                throw node.error("var + epsilon = " + var[c] + " + " + eps + " at channel " + c + " is not positive;"
                        + " the normalization divides by its square root");
            }
            s[c] = scale[c] / Math.sqrt(var[c] + eps);
            t[c] = b[c] - mean[c] * s[c];
        }
        ImportContext.Foldable f = cx.foldableInto(node.inputs().getFirst());
        if (f != null) {
            double[] w = cx.paramValues(f.weight()), bias = cx.paramValues(f.bias());
            for (int i = 0; i < w.length; i++) {
                w[i] *= s[f.channelOf().applyAsInt(i)];
            }
            for (int c = 0; c < channels; c++) {
                bias[c] = bias[c] * s[c] + t[c];
            }
            cx.note(node.where() + " is folded into the weights and bias before it");
            cx.alias(node, x);
            return;
        }
        if (x.shape().length == 4) {
            x = Conv.image(node, cx);
        }
        if (!x.nhwc() && x.shape().length != 2) {
            anyRank(node, cx, x, s, t);
            return;
        }
        double[] full = new double[x.size()];
        for (int i = 0; i < full.length; i++) {
            full[i] = s[i % channels]; // the channel is SeeDot's last axis in both layouts
        }
        String scaleName = cx.param(node.inputs().get(1), Broadcast.seedotShape(x), full);
        String shift = cx.param(node.output() + "_shift", new int[] {channels}, t);
        cx.let(node, "(" + x.expr() + " <*> " + scaleName + ") <+> " + shift, x.shape(), x.nhwc());
    }

    /**
     * On a tensor (N, C, ...) of another rank, whose channel is not SeeDot's last axis: the scale and the shift
     * expanded to its shape, {@code (x <*> S) + T}.
     */
    private static void anyRank(Node node, ImportContext cx, Sym x, double[] s, double[] t) {
        int[] shape = x.shape();
        double[] scale = new double[x.size()], shift = new double[x.size()];
        int inner = x.size() / shape[0] / shape[1];
        for (int i = 0; i < scale.length; i++) {
            scale[i] = s[i / inner % shape[1]];
            shift[i] = t[i / inner % shape[1]];
        }
        cx.let(node, "(" + x.expr() + " <*> " + cx.param(node.inputs().get(1), shape, scale) + ") + "
                + cx.param(node.output() + "_shift", shape, shift), shape, false);
    }

    private static double[] vector(Node node, ImportContext cx, int i, String what, int channels) {
        Sym v = cx.constant(node, i, what);
        if (v.size() != channels) {
            throw node.error(what + " has " + v.size() + " values for " + channels + " channels");
        }
        return v.constant();
    }
}
