package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Gemm: Y = alpha A' B' + beta C with A the (M, K) activations (transA: A^T) and B, C constants. alpha and transB
 * fold into the stored (K, N) weight, beta into the bias; SeeDot computes {@code (A * W) <+> b} (a bias that
 * varies along rows too: {@code +} of the (M, N) matrix). Before opset 7 C broadcasts only with
 * {@code broadcast = 1} ({@link Broadcast#legacy}); before opset 11 C is required.
 */
final class Gemm {
    private Gemm() {}

    static void convert(Node node, ImportContext cx) {
        if (node.opset() < 11 && node.inputs().size() < 3) {
            throw node.error("has no input C; before opset 11 Gemm requires it");
        }
        Sym a = matrix(node, cx);
        boolean ta = node.integer("transA", 0) != 0, tb = node.integer("transB", 0) != 0;
        String left = ta ? a.expr() + "^T" : a.expr();
        int m = ta ? a.shape()[1] : a.shape()[0], k = ta ? a.shape()[0] : a.shape()[1];
        Sym b = cx.constant(node, 1, "B");
        int[] bs = b.shape();
        if (bs.length != 2 || (tb ? bs[1] : bs[0]) != k) {
            throw node.error("B of shape " + Sym.dims(bs) + (tb ? " (transposed)" : "") + " does not multiply A of"
                    + " shape " + Sym.dims(a.shape()) + (ta ? " (transposed)" : ""));
        }
        int n = tb ? bs[0] : bs[1];
        double alpha = node.real("alpha", 1), beta = node.real("beta", 1);
        if (!Double.isFinite(alpha) || !Double.isFinite(beta)) {
            throw node.error("alpha = " + alpha + ", beta = " + beta + "; seedc needs finite factors");
        }
        double[] w = new double[k * n];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < n; j++) {
                w[i * n + j] = alpha * (tb ? b.constant()[j * k + i] : b.constant()[i * n + j]);
            }
        }
        String weight = cx.param(node.inputs().get(1), new int[] {k, n}, w);
        String expr = left + " * " + weight;
        if (node.inputs().size() < 3 && cx.onlyReader(node.output(), "BatchNormalization")) {
            String bias = cx.param(node.output() + "_bias", new int[] {n}, new double[n]); // the shift folds in
            expr = "(" + expr + ") <+> " + bias;
            cx.foldable(node, new ImportContext.Foldable(weight, bias, i -> i % n));
        } else if (node.inputs().size() > 2) {
            Sym c = cx.constant(node, 2, "C");
            if (node.opset() < 7) { // C broadcasts by the old rule, only with broadcast = 1
                c = Broadcast.legacy(node, c, new int[] {m, n}, "C");
            }
            double[] bias = Broadcast.expand(node, c, Sym.value(new int[] {m, n}, null));
            for (int j = 0; j < bias.length; j++) {
                bias[j] *= beta;
            }
            double[] row = Broadcast.lastAxis(bias, n);
            String name = node.inputs().get(2);
            if (row != null) {
                String biasName = cx.param(name, new int[] {n}, row);
                expr = "(" + expr + ") <+> " + biasName;
                cx.foldable(node, new ImportContext.Foldable(weight, biasName, i -> i % n));
            } else {
                expr = "(" + expr + ") + " + cx.param(name, new int[] {m, n}, bias);
            }
        }
        cx.let(node, expr, new int[] {m, n}, false);
    }

    /** Input 0: a computed matrix (a batch of rows). */
    static Sym matrix(Node node, ImportContext cx) {
        Sym a = cx.computed(node, 0);
        if (a.shape().length != 2) {
            throw node.error("input A has shape " + Sym.dims(a.shape()) + "; seedc multiplies matrices");
        }
        return a;
    }
}
