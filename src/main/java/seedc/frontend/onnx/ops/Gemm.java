package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Gemm: Y = alpha A B' + beta C with A the (1, K) activation row and B, C constants. alpha and transB fold into
 * the stored (K, N) weight, beta into the bias; SeeDot computes {@code (A * W) <+> b}.
 */
final class Gemm {
    private Gemm() {}

    static void convert(Node node, ImportContext cx) {
        node.requireDefault("transA", 0);
        Sym a = row(node, cx);
        Sym b = cx.constant(node, 1, "B");
        boolean tb = node.integer("transB", 0) != 0;
        int k = a.shape()[1];
        int[] bs = b.shape();
        if (bs.length != 2 || (tb ? bs[1] : bs[0]) != k) {
            throw node.error("B of shape " + Sym.dims(bs) + (tb ? " (transposed)" : "") + " does not multiply A of"
                    + " shape " + Sym.dims(a.shape()));
        }
        int n = tb ? bs[0] : bs[1];
        double alpha = node.real("alpha", 1), beta = node.real("beta", 1);
        double[] w = new double[k * n];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < n; j++) {
                w[i * n + j] = alpha * (tb ? b.constant()[j * k + i] : b.constant()[i * n + j]);
            }
        }
        String expr = a.expr() + " * " + cx.param(node.inputs().get(1), new int[] {k, n}, w);
        if (node.inputs().size() > 2) {
            Sym c = cx.constant(node, 2, "C");
            double[] bias = Broadcast.lastAxis(Broadcast.expand(node, c, Sym.value(new int[] {1, n}, null)), n);
            for (int j = 0; j < n; j++) {
                bias[j] *= beta;
            }
            expr = "(" + expr + ") <+> " + cx.param(node.inputs().get(2), new int[] {n}, bias);
        }
        cx.let(node, expr, new int[] {1, n}, false);
    }

    /** Input 0: a computed (1, K) row, as a one-example batch is. */
    static Sym row(Node node, ImportContext cx) {
        Sym a = cx.computed(node, 0);
        if (a.shape().length != 2 || a.shape()[0] != 1) {
            throw node.error("input A has shape " + Sym.dims(a.shape()) + "; seedc multiplies a (1, K) row");
        }
        return a;
    }
}
