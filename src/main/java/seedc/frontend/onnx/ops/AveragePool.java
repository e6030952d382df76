package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * AveragePool as a depthwise conv2d whose filter is 1/(kh kw) (one group per channel): exact where every window
 * divides by kh kw, i.e. without padding or with count_include_pad. GlobalAveragePool as the (1, H W) row of
 * 1/(H W) times the image read as (H W, C).
 */
final class AveragePool {
    private AveragePool() {}

    static void pool(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] k = node.ints("kernel_shape", new int[0]), s = x.shape();
        if (k.length != 2) {
            throw node.error("kernel_shape " + java.util.Arrays.toString(k) + "; seedc pools over 2-D windows");
        }
        node.requireDefault("ceil_mode", 0);
        Window win = Window.of(node, s, k[0], k[1]);
        win.padsWithinKernel(node);
        boolean padded = win.top() + win.left() + win.bottom() + win.right() > 0;
        if (padded && node.integer("count_include_pad", 0) == 0) {
            throw node.error("averages padded windows over their inside only (" + (node.opset() < 7
                    ? "opset " + node.opset() + ", before count_include_pad" : "count_include_pad = 0")
                    + "); seedc averages them over the whole window (count_include_pad = 1, opset 7 on) or pools"
                    + " without padding");
        }
        if (win.dh() != 1 || win.dw() != 1) {
            throw node.error("dilations are not supported in AveragePool");
        }
        int c = s[1];
        double[] f = new double[c * k[0] * k[1]];
        java.util.Arrays.fill(f, 1.0 / (k[0] * k[1]));
        String filter = cx.param(node.output() + "_average", new int[] {c, k[0], k[1], 1, 1}, f);
        cx.let(node, "conv2d(" + x.expr() + ", " + filter + ", " + win.strides() + ", " + win.pads() + ", {d 1 1}, {g "
                + c + "})", new int[] {s[0], c, win.outHeight(s[2]), win.outWidth(s[3])}, true);
    }

    static void global(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] s = x.shape();
        if (s[0] != 1) {
            throw node.error("pools a batch of " + s[0] + " images; seedc pools one");
        }
        int area = s[2] * s[3], c = s[1];
        double[] row = new double[area];
        java.util.Arrays.fill(row, 1.0 / area);
        String mean = cx.param(node.output() + "_mean", new int[] {1, area}, row);
        cx.let(node, "reshape(" + mean + " * reshape(" + x.expr() + ", (" + area + ", " + c + "), (1, 2, 3, 4)), (1, 1,"
                + " 1, " + c + "), (1, 2))", new int[] {1, c, 1, 1}, true);
    }
}
