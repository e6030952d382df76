package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * AveragePool as a depthwise conv2d whose filter is 1/(kh kw) (one group per channel): exact where every window
 * divides by kh kw, i.e. without padding or with count_include_pad, dilated or not (opset 19). GlobalAveragePool as the (1, H W) row of
 * 1/(H W) times the image read as (H W, C). A signal (N, C, L) pools as the image (N, C, 1, L).
 */
final class AveragePool {
    private AveragePool() {}

    static void pool(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] s = x.shape(), k = MaxPool.kernel(node, s);
        int kh = k.length == 2 ? k[0] : 1, kw = k[k.length - 1];
        node.requireDefault("ceil_mode", 0);
        Window win = Window.of(node, s, kh, kw);
        win.padsWithinKernel(node);
        boolean padded = win.top() + win.left() + win.bottom() + win.right() > 0;
        if (padded && node.integer("count_include_pad", 0) == 0) {
            throw node.error("averages padded windows over their inside only (" + (node.opset() < 7
                    ? "opset " + node.opset() + ", before count_include_pad" : "count_include_pad = 0")
                    + "); seedc averages them over the whole window (count_include_pad = 1, opset 7 on) or pools"
                    + " without padding");
        }
        int c = s[1];
        double[] f = new double[c * kh * kw];
        java.util.Arrays.fill(f, 1.0 / (kh * kw));
        String filter = cx.param(node.output() + "_average", new int[] {c, kh, kw, 1, 1}, f);
        // opset 19's dilations: the depthwise filter's taps spread as the window's (every window still counts
        // kh kw elements, padding included, so the divisor is unchanged)
        cx.let(node, "conv2d(" + x.expr() + ", " + filter + ", " + win.strides() + ", " + win.pads() + ", "
                + win.dilations() + ", {g " + c + "})", win.outShape(s, c), true);
    }

    static void global(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] s = x.nchw();
        if (s[0] != 1) {
            throw node.error("pools a batch of " + s[0] + " images; seedc pools one");
        }
        int area = s[2] * s[3], c = s[1];
        double[] row = new double[area];
        java.util.Arrays.fill(row, 1.0 / area);
        String mean = cx.param(node.output() + "_mean", new int[] {1, area}, row);
        int[] out = x.shape().length == 3 ? new int[] {1, c, 1} : new int[] {1, c, 1, 1};
        cx.let(node, "reshape(" + mean + " * reshape(" + x.expr() + ", (" + area + ", " + c + "), (1, 2, 3, 4)), (1, 1,"
                + " 1, " + c + "), (1, 2))", out, true);
    }
}
