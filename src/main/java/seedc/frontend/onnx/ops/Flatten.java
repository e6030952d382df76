package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Flatten to (1, rest) (axis 1 of a one-example batch). An image is stored NHWC but flattens in ONNX's NCHW
 * order: SeeDot's reshape reads it looping over N, C, H, W.
 */
final class Flatten {
    private Flatten() {}

    static void convert(Node node, ImportContext cx) {
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        long axis = node.integer("axis", 1);
        if (axis < 0) {
            axis += s.length;
        }
        if (axis != 1 || s[0] != 1) {
            throw node.error("flattens at axis " + node.integer("axis", 1) + " a tensor of shape " + Sym.dims(s)
                    + "; seedc flattens a one-example batch at axis 1");
        }
        if (s.length == 2) {
            cx.alias(node, a);
            return;
        }
        int[] out = {1, a.size()};
        String order = a.nhwc() ? "(1, 4, 2, 3)" : axes(s.length);
        cx.let(node, "reshape(" + a.expr() + ", " + Sym.dims(out) + ", " + order + ")", out, false);
    }

    /** (1, 2, ..., rank): row-major. */
    static String axes(int rank) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 1; i <= rank; i++) {
            sb.append(i == 1 ? "" : ", ").append(i);
        }
        return sb.append(')').toString();
    }
}
