package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/** MatMul of the (M, K) activations by a constant (K, N) matrix: {@code A * W}. */
final class MatMul {
    private MatMul() {}

    static void convert(Node node, ImportContext cx) {
        Sym a = Gemm.matrix(node, cx);
        Sym b = cx.constant(node, 1, "B");
        int[] bs = b.shape();
        if (bs.length != 2 || bs[0] != a.shape()[1]) {
            throw node.error("B of shape " + Sym.dims(bs) + " does not multiply A of shape " + Sym.dims(a.shape()));
        }
        cx.let(node, a.expr() + " * " + cx.param(node.inputs().get(1), bs, b.constant()), new int[] {a.shape()[0], bs[1]}, false);
    }
}
