package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * MatMul of the (M, K) activations by a constant (K, N) matrix: {@code A * W}. Of two constant matrices (an
 * unrolled recurrence's first step, whose state is zeros) the product is computed at import.
 */
final class MatMul {
    private MatMul() {}

    static void convert(Node node, ImportContext cx) {
        if (cx.in(node, 0).isConstant()) {
            fold(node, cx, cx.in(node, 0), cx.constant(node, 1, "B"));
            return;
        }
        Sym a = Gemm.matrix(node, cx);
        Sym b = cx.constant(node, 1, "B");
        int[] bs = b.shape();
        if (bs.length != 2 || bs[0] != a.shape()[1]) {
            throw node.error("B of shape " + Sym.dims(bs) + " does not multiply A of shape " + Sym.dims(a.shape()));
        }
        cx.let(node, a.expr() + " * " + cx.param(node.inputs().get(1), bs, b.constant()), new int[] {a.shape()[0], bs[1]}, false);
    }

    private static void fold(Node node, ImportContext cx, Sym a, Sym b) {
        int[] as = a.shape(), bs = b.shape();
        if (as.length != 2 || bs.length != 2 || as[1] != bs[0]) {
            throw node.error("multiplies constants of shapes " + Sym.dims(as) + " and " + Sym.dims(bs)
                    + "; seedc computes the product of two matrices");
        }
        int m = as[0], k = as[1], n = bs[1];
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < n; j++) {
                    c[i * n + j] += a.constant()[i * k + q] * b.constant()[q * n + j];
                }
            }
        }
        cx.constantOutput(node, new int[] {m, n}, c);
    }
}
