package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Transpose by a permutation (default: reversed axes). Output axis j is input axis perm[j], so filling the output
 * row-major reads the input looping over perm[0], perm[1], ...: SeeDot's reshape with that loop order (an image's
 * ONNX axes N, C, H, W being its stored axes 1, 4, 2, 3).
 */
final class Transpose {
    private Transpose() {}

    private static final int[] NHWC_AXIS = {1, 4, 2, 3};

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.computed(node, 0);
        int rank = x.shape().length;
        int[] perm = node.ints("perm", null);
        if (perm == null) {
            perm = new int[rank];
            for (int i = 0; i < rank; i++) {
                perm[i] = rank - 1 - i;
            }
        }
        boolean[] seen = new boolean[rank];
        if (perm.length != rank) {
            throw node.error("perm of " + perm.length + " axes for a tensor of rank " + rank);
        }
        int[] out = new int[rank];
        StringBuilder order = new StringBuilder("(");
        for (int j = 0; j < rank; j++) {
            int a = perm[j];
            if (a < 0 || a >= rank || seen[a]) {
                throw node.error("perm " + java.util.Arrays.toString(perm) + " is not a permutation");
            }
            seen[a] = true;
            out[j] = x.shape()[a];
            order.append(j == 0 ? "" : ", ").append(x.nhwc() ? NHWC_AXIS[a] : a + 1);
        }
        cx.let(node, "reshape(" + x.expr() + ", " + Sym.dims(out) + ", " + order + "))", out, false);
    }
}
