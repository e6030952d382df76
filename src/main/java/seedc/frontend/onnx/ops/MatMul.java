package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * MatMul of the (M, K) activations by a constant (K, N) matrix: {@code A * W}. Of two constants (an unrolled
 * recurrence's first step, whose state is zeros; a transposed weight) the product is computed at import, of any
 * ranks as numpy's matmul.
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

    /**
     * numpy's matmul of two constants: a vector operand is a row (A) or a column (B) whose axis the result drops,
     * and the dims before the last two broadcast.
     */
    private static void fold(Node node, ImportContext cx, Sym a, Sym b) {
        int[] as = a.shape(), bs = b.shape();
        if (as.length == 0 || bs.length == 0) {
            throw node.error("multiplies a scalar; ONNX's MatMul takes tensors of rank 1 or more");
        }
        int[] am = as.length == 1 ? new int[] {1, as[0]} : as, bm = bs.length == 1 ? new int[] {bs[0], 1} : bs;
        int m = am[am.length - 2], k = am[am.length - 1], n = bm[bm.length - 1];
        if (bm[bm.length - 2] != k) {
            throw node.error("multiplies constants of shapes " + Sym.dims(as) + " and " + Sym.dims(bs));
        }
        int[] batchA = java.util.Arrays.copyOf(am, am.length - 2), batchB = java.util.Arrays.copyOf(bm, bm.length - 2);
        int rank = Math.max(batchA.length, batchB.length);
        int[] batch = new int[rank];
        for (int i = 0; i < rank; i++) {
            int x = Arithmetic.dim(batchA, i, rank), y = Arithmetic.dim(batchB, i, rank);
            if (x != y && x != 1 && y != 1) {
                throw node.error("cannot broadcast the batch dims of constants of shapes " + Sym.dims(as) + " and "
                        + Sym.dims(bs));
            }
            batch[i] = Math.max(x, y);
        }
        int count = Sym.elements(batch);
        double[] c = new double[Sym.elements(new int[] {count, m, n})];
        int[] idx = new int[rank];
        for (int t = 0; t < count; t++) {
            for (int r = t, i = rank - 1; i >= 0; i--) {
                idx[i] = r % batch[i];
                r /= batch[i];
            }
            int offA = offset(batchA, idx, rank) * m * k, offB = offset(batchB, idx, rank) * k * n;
            for (int i = 0; i < m; i++) {
                for (int q = 0; q < k; q++) {
                    for (int j = 0; j < n; j++) {
                        c[(t * m + i) * n + j] += a.constant()[offA + i * k + q] * b.constant()[offB + q * n + j];
                    }
                }
            }
        }
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int d : batch) {
            out.add(d);
        }
        if (as.length > 1) {
            out.add(m);
        }
        if (bs.length > 1) {
            out.add(n);
        }
        cx.constantOutput(node, out.stream().mapToInt(Integer::intValue).toArray(), c);
    }

    /** The row-major offset in {@code dims} (broadcast: an axis of 1 at index 0) of the batch index idx. */
    private static int offset(int[] dims, int[] idx, int rank) {
        int off = 0;
        for (int i = 0; i < dims.length; i++) {
            off = off * dims[i] + (dims[i] == 1 ? 0 : idx[i + rank - dims.length]);
        }
        return off;
    }
}
