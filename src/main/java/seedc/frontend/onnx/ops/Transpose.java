package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Transpose by a permutation (default: reversed axes). Output axis j is input axis perm[j], so filling the output
 * row-major reads the input looping over perm[0], perm[1], ...: SeeDot's reshape with that loop order (an image's
 * or a signal's ONNX axes being its stored axes, {@link Sym#storedAxes}). Of a constant the values are permuted at
 * import.
 */
final class Transpose {
    private Transpose() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
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
            int[] stored = x.spans(a);
            for (int k = 0; k < stored.length; k++) {
                order.append(j + k == 0 ? "" : ", ").append(stored[k]);
            }
        }
        if (x.isConstant()) {
            cx.constantOutput(node, out, permuted(x, perm, out));
            return;
        }
        cx.let(node, "reshape(" + x.expr() + ", " + Sym.dims(out) + ", " + order + "))", out, false);
    }

    /** A constant's values with its axes permuted (PyTorch's transposed weight of a Linear without bias). */
    private static double[] permuted(Sym x, int[] perm, int[] out) {
        int rank = out.length;
        int[] strides = new int[rank];
        for (int a = rank - 1, step = 1; a >= 0; a--) {
            strides[a] = step;
            step *= x.shape()[a];
        }
        double[] v = new double[x.size()];
        int[] idx = new int[rank];
        for (int flat = 0; flat < v.length; flat++) {
            int rest = flat, from = 0;
            for (int j = rank - 1; j >= 0; j--) {
                idx[j] = rest % out[j];
                rest /= out[j];
            }
            for (int j = 0; j < rank; j++) {
                from += idx[j] * strides[perm[j]];
            }
            v[flat] = x.constant()[from];
        }
        return v;
    }
}
