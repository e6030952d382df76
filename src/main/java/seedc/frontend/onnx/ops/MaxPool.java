package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * 2-D MaxPool (SeeDot's maxpool, which like ONNX's leaves padding out of every window), without dilation or the
 * Indices output. ceil_mode rounds the output size up: the windows that adds are padding at the bottom and right.
 */
final class MaxPool {
    private MaxPool() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] k = node.ints("kernel_shape", new int[0]);
        if (k.length != 2) {
            throw node.error("kernel_shape " + java.util.Arrays.toString(k) + "; seedc pools over 2-D windows");
        }
        if (node.proto().getOutputCount() > 1 && !node.proto().getOutput(1).isEmpty()) {
            throw node.error("its Indices output is not supported");
        }
        long order = node.integer("storage_order", 0); // opset 8 on: the Indices' order only, and they are unread
        if (order != 0 && order != 1) {
            throw node.error("storage_order = " + order + "; ONNX defines 0 (row major) and 1 (column major)");
        }
        int[] s = x.shape();
        Window win = Window.of(node, s, k[0], k[1]);
        win.padsWithinKernel(node);
        if (win.dh() != 1 || win.dw() != 1) {
            throw node.error("dilations are not supported in MaxPool");
        }
        if (node.integer("ceil_mode", 0) != 0) {
            win = win.roundedUp(s[2], s[3]);
        }
        cx.let(node, "maxpool(" + x.expr() + ", {k " + k[0] + " " + k[1] + "}, " + win.pads() + ", " + win.strides()
                + ")", new int[] {s[0], s[1], win.outHeight(s[2]), win.outWidth(s[3])}, true);
    }
}
