package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * BatchNormalization at inference: y = s (x - mean) + B per channel, s = scale / sqrt(var + epsilon). Folded into
 * the Conv or Gemm before it when that is its only reader (its weight times s, its bias (b - mean) s + B);
 * otherwise, on an (N, C, H, W) image, an (N, C, L) signal or a (N, C) matrix, the same map as
 * {@code (x <*> S) <+> t} (the channel is SeeDot's last axis in all three), and on a tensor of any other rank as
 * {@code (x <*> S) + T}.
 */
final class BatchNorm {
    private BatchNorm() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.computed(node, 0);
        inferenceOnly(node, x);
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
        if (x.shape().length == 4 || x.shape().length == 3) { // an image, or a signal (N, C, L)
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

    /**
     * The version's attributes that change what is computed: is_test (opsets 1 to 6: 0, the default, is training,
     * which normalizes by the batch's own statistics), spatial (1 to 8: 0 normalizes each activation, not each
     * channel, with scale, B, mean and var of shape (C, D1, ...)) and training_mode (14 on); and the training
     * outputs (the running or saved statistics), which no inference graph names. momentum, epsilon and
     * consumed_inputs are followed: momentum updates statistics in training only.
     */
    private static void inferenceOnly(Node node, Sym x) {
        if (node.opset() < 7 && node.integer("is_test", 0) == 0) {
            throw node.error("is_test = 0 (training: it normalizes by the batch's own mean and variance) in opset "
                    + node.opset() + "; seedc imports inference graphs (is_test = 1)");
        }
        if (node.opset() < 9 && node.integer("spatial", 1) == 0 && x.shape().length > 2) {
            throw node.error("spatial = 0 (statistics per activation, not per channel) in opset " + node.opset()
                    + " on a tensor of shape " + Sym.dims(x.shape()) + "; seedc normalizes per channel");
        }
        if (node.integer("training_mode", 0) != 0) {
            throw node.error("training_mode = 1 (it normalizes by the batch's own statistics); seedc imports"
                    + " inference graphs");
        }
        for (int k = 1; k < node.proto().getOutputCount(); k++) {
            if (!node.proto().getOutput(k).isEmpty()) {
                throw node.error("has training output " + (k + 1) + " ('" + seedc.diag.Names.display(
                        node.proto().getOutput(k)) + "': running or saved statistics); seedc imports inference"
                        + " graphs");
            }
        }
    }

    private static double[] vector(Node node, ImportContext cx, int i, String what, int channels) {
        Sym v = cx.constant(node, i, what);
        if (v.size() != channels) {
            throw node.error(what + " has " + v.size() + " values for " + channels + " channels");
        }
        return v.constant();
    }
}
