package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;

/**
 * 0/1 matrices that move a block of columns or rows (exact in float): what places a Concat's parts side by side,
 * splits an LSTM's [h c] state and joins it again, and puts a bidirectional node's directions side by side.
 */
final class Placement {
    private Placement() {}

    /**
     * The parameter {@code node.output() + "_" + name}: a rows x cols matrix with ones on the diagonal shifted by
     * {@code offset} along the rows ({@code offsetRows}: picks rows offset.. of a row vector times it) or the
     * columns (puts a row vector at columns offset.. of the result).
     */
    static String matrix(ImportContext cx, Node node, String name, int rows, int cols, int offset, boolean offsetRows) {
        double[] m = new double[rows * cols];
        for (int k = 0; k < Math.min(rows, cols); k++) {
            m[offsetRows ? (k + offset) * cols + k : k * cols + k + offset] = 1;
        }
        return cx.param(node.output() + "_" + name, new int[] {rows, cols}, m);
    }
}
