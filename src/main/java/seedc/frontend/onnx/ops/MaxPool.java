package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * MaxPool over an image (2-D) or a signal (1-D, the image of height 1): SeeDot's maxpool, which like ONNX's leaves
 * padding out of every window, with dilations, without the Indices output. ceil_mode rounds the output size up:
 * the windows that adds are padding at the bottom and right.
 */
final class MaxPool {
    private MaxPool() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        int[] s = x.shape();
        int[] k = kernel(node, s);
        if (node.proto().getOutputCount() > 1 && !node.proto().getOutput(1).isEmpty()) {
            throw node.error("its Indices output is not supported");
        }
        long order = node.integer("storage_order", 0); // opset 8 on: the Indices' order only, and they are unread
        if (order != 0 && order != 1) {
            throw node.error("storage_order = " + order + "; ONNX defines 0 (row major) and 1 (column major)");
        }
        int kh = k.length == 2 ? k[0] : 1, kw = k[k.length - 1];
        Window win = Window.of(node, s, kh, kw);
        win.padsWithinKernel(node);
        if (node.integer("ceil_mode", 0) != 0) {
            int[] nchw = x.nchw();
            win = win.roundedUp(nchw[2], nchw[3]);
        }
        // the dilation is written only where it is not 1: undilated pools read as before
        String dilated = win.dh() == 1 && win.dw() == 1 ? "" : ", " + win.dilations();
        cx.let(node, "maxpool(" + x.expr() + ", {k " + kh + " " + kw + "}, " + win.pads() + ", " + win.strides()
                + dilated + ")", win.outShape(s, s[1]), true);
    }

    /** The pool's kernel_shape: one side per spatial axis of an input of ONNX shape {@code s}. */
    static int[] kernel(Node node, int[] s) {
        int[] k = node.ints("kernel_shape", new int[0]);
        if (k.length != s.length - 2) {
            throw node.error("kernel_shape " + java.util.Arrays.toString(k) + " for an input of shape " + Sym.dims(s)
                    + "; seedc pools over 2-D windows of images and 1-D windows of signals");
        }
        return k;
    }
}
