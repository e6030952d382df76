package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Flatten at an axis: (d0 ... d(a-1), da ... dn) to (d0 * ... * d(a-1), da * ... * dn), row-major in ONNX's
 * order. An image is stored NHWC but flattens in NCHW order: SeeDot's reshape reads it looping over N, C, H, W.
 */
final class Flatten {
    private Flatten() {}

    static void convert(Node node, ImportContext cx) {
        Sym a = cx.computed(node, 0);
        int[] s = a.shape();
        long axis = node.integer("axis", 1);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        if (axis < -s.length || axis > s.length) {
            throw node.error("axis " + axis + " is outside a tensor of rank " + s.length);
        }
        int at = (int) (axis < 0 ? axis + s.length : axis), outer = 1;
        for (int i = 0; i < at; i++) {
            outer *= s[i];
        }
        int[] out = {outer, a.size() / outer};
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
