package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Tile and Expand of a computed tensor, each an index map per axis ({@link AxisMaps}): Tile repeats an axis of n
 * (index i reads i mod n), with opset 1's scalar tiles and axis inputs or opset 6's repeats per axis; Expand
 * broadcasts as numpy does (an axis of 1 read at index 0 throughout, new leading axes of 1 added first). Expand
 * of a constant is computed at import ({@link Folding#expand}).
 */
final class Tile {
    private Tile() {}

    static void tile(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int rank = x.shape().length;
        long[] repeats;
        if (node.opset() < 6) {
            double[] tiles = cx.constant(node, 1, "tiles").constant(), axis = cx.constant(node, 2, "axis").constant();
            if (tiles.length != 1 || axis.length != 1) {
                throw node.error("tiles and axis must be one number each (opset " + node.opset() + ")");
            }
            repeats = new long[rank];
            java.util.Arrays.fill(repeats, 1);
            repeats[Operands.axes(node, new long[] {(long) axis[0]}, rank)[0]] = (long) tiles[0];
        } else {
            repeats = Operands.list(node, cx, "repeats", 1, 6);
        }
        if (repeats == null || repeats.length != rank) {
            throw node.error("repeats holds " + (repeats == null ? 0 : repeats.length) + " values for a tensor of rank "
                    + rank);
        }
        int[][] maps = new int[rank][];
        for (int a = 0; a < rank; a++) {
            if (repeats[a] < 1 || repeats[a] > Integer.MAX_VALUE) {
                throw node.error("repeats " + java.util.Arrays.toString(repeats) + " holds " + repeats[a] + "; seedc"
                        + " repeats each axis at least once");
            }
            maps[a] = new int[AxisMaps.length(node, repeats[a] * x.shape()[a], "repeats " + repeats[a])];
            for (int i = 0; i < maps[a].length; i++) {
                maps[a][i] = i % x.shape()[a];
            }
        }
        cx.alias(node, AxisMaps.apply(node, cx, x, maps, 0));
    }

    static void expand(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        if (x.isConstant()) {
            Folding.expand(node, cx);
            return;
        }
        double[] spec = cx.constant(node, 1, "the shape").constant();
        int rank = Math.max(spec.length, x.shape().length), lead = rank - x.shape().length;
        int[] out = new int[rank], ones = new int[rank];
        for (int i = 0; i < rank; i++) {
            int a = i - lead, b = i - (rank - spec.length);
            int da = a >= 0 ? x.shape()[a] : 1;
            long db = b >= 0 ? (long) spec[b] : 1;
            if (da != db && da != 1 && db != 1 || db < 0 || db > Integer.MAX_VALUE) {
                throw node.error("cannot expand " + Sym.dims(x.shape()) + " to " + java.util.Arrays.toString(spec));
            }
            out[i] = AxisMaps.length(node, Math.max(da, db), "shape " + java.util.Arrays.toString(spec));
            ones[i] = da;
        }
        if (lead > 0) { // the same elements with leading axes of 1: a reshape in ONNX's order
            String order = x.nhwc() ? "(1, 4, 2, 3)" : Flatten.axes(x.shape().length);
            x = Sym.value(ones, cx.temp("reshape(" + x.expr() + ", " + Sym.dims(ones) + ", " + order + ")",
                    "Expand " + node.output() + ": leading axes"));
        }
        int[][] maps = new int[rank][];
        for (int a = 0; a < rank; a++) {
            maps[a] = ones[a] == out[a] ? AxisMaps.identity(out[a]) : new int[out[a]]; // all 0: the one element
        }
        cx.alias(node, AxisMaps.apply(node, cx, x, maps, 0));
    }
}
