package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Conv of an image (2-D) or a signal (1-D, the image of height 1) by a constant filter, with strides, pads,
 * dilations and groups. ONNX's filter (Cout, Cin/G, kh, kw), or (Cout, Cin/G, k) for a signal, is stored as
 * SeeDot's (G, kh, kw, Cin/G, Cout/G); the bias is added per channel.
 */
final class Conv {
    private Conv() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = image(node, cx);
        Sym w = cx.constant(node, 1, "the filter W");
        int[] ws = w.shape(), xs = x.shape();
        int groups = node.int32("group", 1);
        if (ws.length != xs.length || groups < 1 || xs[1] % groups != 0 || ws[0] % groups != 0
                || ws[1] * groups != xs[1]) {
            throw node.error("filter of shape " + Sym.dims(ws) + " in " + groups + " groups does not fit an input of"
                    + " shape " + Sym.dims(xs));
        }
        boolean signal = xs.length == 3;
        int cout = ws[0], cin = ws[1], kh = signal ? 1 : ws[2], kw = ws[ws.length - 1], per = cout / groups;
        if (cout < 1) {
            throw node.error("filter of shape " + Sym.dims(ws) + " has no output channels");
        }
        int[] kernel = signal ? new int[] {kw} : new int[] {kh, kw};
        int[] declared = node.ints("kernel_shape", kernel);
        if (!java.util.Arrays.equals(declared, kernel)) {
            throw node.error("kernel_shape = " + java.util.Arrays.toString(declared) + " but the filter's kernel is "
                    + (signal ? kw : kh + "x" + kw));
        }
        Window win = Window.of(node, xs, kh, kw, cx.takeZeroPad(node.inputs().getFirst()));
        double[] f = seedotFilter(groups, kh, kw, cin, per,
                (g, i, j, c, o) -> w.constant()[(((g * per + o) * cin + c) * kh + i) * kw + j]);
        String filter = cx.param(node.inputs().get(1), new int[] {groups, kh, kw, cin, per}, f);
        String expr = "conv2d(" + x.expr() + ", " + filter + ", " + win.strides() + ", " + win.pads() + ", "
                + win.dilations() + ", {g " + groups + "})";
        double[] bias = null;
        if (node.inputs().size() > 2) {
            Sym b = cx.constant(node, 2, "the bias B");
            if (b.size() != cout) {
                throw node.error("bias of " + b.size() + " values for " + cout + " output channels");
            }
            bias = b.constant();
        } else if (cx.onlyReader(node.output(), "BatchNormalization")) {
            bias = new double[cout]; // the normalization's shift folds into it
        }
        String biasName = null;
        if (bias != null) {
            biasName = cx.param(node.inputs().size() > 2 ? node.inputs().get(2) : node.output() + "_bias",
                    new int[] {cout}, bias);
            expr = "(" + expr + ") <+> " + biasName;
            int block = kh * kw * cin * per;
            cx.foldable(node, new ImportContext.Foldable(filter, biasName, i -> i / block * per + i % per));
        }
        cx.let(node, expr, win.outShape(xs, cout), true);
    }

    /** The weight for group g, kernel row i and column j, input channel c and output channel o of the group. */
    @FunctionalInterface
    interface FilterSource {
        double at(int g, int i, int j, int c, int o);
    }

    /** SeeDot's (G, kh, kw, Cin/G, Cout/G) filter, row-major, each element read from {@code source}. */
    static double[] seedotFilter(int groups, int kh, int kw, int cin, int per, FilterSource source) {
        double[] f = new double[groups * kh * kw * cin * per];
        int at = 0;
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < kh; i++) {
                for (int j = 0; j < kw; j++) {
                    for (int c = 0; c < cin; c++) {
                        for (int o = 0; o < per; o++) {
                            f[at++] = source.at(g, i, j, c, o);
                        }
                    }
                }
            }
        }
        return f;
    }

    /**
     * Input 0: a computed (N, C, H, W) image or (N, C, L) signal, stored NHWC (the signal as (N, 1, L, C); converted
     * here if it is not yet).
     */
    static Sym image(Node node, ImportContext cx) {
        Sym x = cx.computed(node, 0);
        int[] s = x.shape();
        if (s.length != 4 && s.length != 3) {
            throw node.error("input of shape " + Sym.dims(s) + "; seedc convolves and pools (N, C, H, W) images and"
                    + " (N, C, L) signals");
        }
        if (x.nhwc()) {
            return x;
        }
        // an image is read over N, H, W, C; a signal over N, L, C (its height of 1 has no axis to read)
        String order = s.length == 4 ? "(1, 3, 4, 2)" : "(1, 3, 2)";
        Sym image = Sym.image(s, null);
        String nhwc = cx.temp("reshape(" + x.expr() + ", " + Sym.dims(image.stored()) + ", " + order + ")",
                s.length == 4 ? "NCHW to NHWC" : "NCL to NLC");
        image = Sym.image(s, nhwc);
        cx.rebind(node.inputs().getFirst(), image);
        return image;
    }
}
