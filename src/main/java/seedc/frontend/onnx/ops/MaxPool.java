package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/** 2-D MaxPool without padding, dilation or ceil mode (SeeDot's maxpool), and without the Indices output. */
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
        node.requireDefault("ceil_mode", 0);
        node.requireDefault("storage_order", 0);
        Window win = Window.of(node, x.shape(), k[0], k[1]);
        if (win.dh() != 1 || win.dw() != 1) {
            throw node.error("dilations are not supported in MaxPool");
        }
        if (win.top() + win.left() + win.bottom() + win.right() != 0) {
            throw node.error("padded MaxPool is not supported yet (pads " + win.pads() + ")");
        }
        int[] s = x.shape();
        cx.let(node, "maxpool(" + x.expr() + ", {k " + k[0] + " " + k[1] + "}, " + win.pads() + ", " + win.strides()
                + ")", new int[] {1, s[1], win.outHeight(s[2]), win.outWidth(s[3])}, true);
    }
}
