package seedc.frontend.onnx.ops;

import java.util.ArrayList;
import java.util.List;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * The shape arithmetic exporters leave in a graph (PyTorch's recurrent layers build their zero state from
 * Shape, Gather, Unsqueeze, Concat and Expand), computed at import: Shape of any tensor (its shape is static),
 * and Gather, Concat (see {@link Concat}), Expand, ConstantOfShape and Cast of constants. Gather of a computed tensor at one constant
 * index of axis 0 is SeeDot's indexing.
 */
final class Folding {
    private Folding() {}

    /** Shape, with opset 15's start and end (clamped to the rank, negative from the end). */
    static void shape(Node node, ImportContext cx) {
        int[] s = cx.in(node, 0).shape();
        int start = clampAxis(node.integer("start", 0), s.length), end = clampAxis(node.integer("end", s.length), s.length);
        double[] v = new double[Math.max(0, end - start)];
        for (int i = 0; i < v.length; i++) {
            v[i] = s[start + i];
        }
        cx.constantOutput(node, new int[] {v.length}, v);
    }

    private static int clampAxis(long a, int rank) {
        return (int) Math.clamp(a < 0 ? a + rank : a, 0, rank);
    }

    static void cast(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        if (!x.isConstant()) {
            throw node.error("casts a computed tensor; seedc computes in one real type (a Cast of constants folds)");
        }
        cx.constantOutput(node, x.shape(), CastTo.values(node, x.constant()));
    }

    static void constantOfShape(Node node, ImportContext cx) {
        double[] spec = cx.constant(node, 0, "the shape").constant();
        int[] s = new int[spec.length];
        for (int i = 0; i < s.length; i++) {
            if (!(spec[i] >= 0 && spec[i] <= Integer.MAX_VALUE)) {
                throw node.error("shape " + java.util.Arrays.toString(spec) + " has dimension " + spec[i]);
            }
            s[i] = (int) spec[i];
        }
        double fill = 0;
        for (var a : node.proto().getAttributeList()) {
            if (a.getName().equals("value")) {
                double[] v = seedc.frontend.onnx.ImportContext.tensorValues(a.getT());
                if (v.length != 1) {
                    throw node.error("value holds " + v.length + " numbers; ONNX's ConstantOfShape fills with one");
                }
                fill = v[0];
            }
        }
        double[] v = new double[Sym.elements(s)];
        java.util.Arrays.fill(v, fill);
        cx.constantOutput(node, s, v);
    }

    static void gather(Node node, ImportContext cx) {
        Sym data = cx.in(node, 0);
        Sym idx = cx.constant(node, 1, "the indices");
        int rank = data.shape().length;
        int axis = node.int32("axis", 0);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        axis = axis < 0 ? axis + rank : axis;
        if (axis < 0 || axis >= rank) {
            throw node.error("axis " + node.integer("axis", 0) + " is outside rank " + rank);
        }
        int[] at = gatherIndices(node, idx, data.shape()[axis]);
        if (data.isConstant()) {
            gatherConstant(node, cx, data, idx, axis, at);
        } else {
            gatherComputed(node, cx, data, idx, axis, at.length == 1 ? at[0] : -1); // -1: refused there
        }
    }

    /** The indices of a Gather along an axis of n, negative ones counted from its end. */
    private static int[] gatherIndices(Node node, Sym idx, int n) {
        int[] at = new int[idx.size()];
        for (int k = 0; k < at.length; k++) {
            int i = (int) idx.constant()[k];
            Opsets.nonNegativeBefore11(node, "index", i);
            at[k] = i < 0 ? i + n : i;
            if (at[k] < 0 || at[k] >= n) {
                throw node.error("index " + i + " is outside an axis of " + n);
            }
        }
        return at;
    }

    /** One index of one axis of a computed tensor: SeeDot's x[i], or a splice of width 1 reshaped without it. */
    private static void gatherComputed(Node node, ImportContext cx, Sym data, Sym idx, int axis, int at) {
        int rank = data.shape().length;
        if (idx.shape().length != 0 || data.nhwc() || rank < 2) {
            throw node.error("gathers from a computed tensor other than one index of one axis of a matrix or"
                    + " higher (SeeDot's x[i], or a splice)");
        }
        int[] out = new int[rank - 1];
        StringBuilder splice = new StringBuilder(data.expr());
        for (int k = 0, o = 0; k < rank; k++) {
            splice.append('[').append(k == axis ? at : 0).append(":+").append(k == axis ? 1 : data.shape()[k])
                    .append(']');
            if (k != axis) {
                out[o++] = data.shape()[k];
            }
        }
        // x[i] along the first axis; along another, the slice of width 1 there, reshaped without that axis
        String expr = axis == 0 ? data.expr() + "[" + at + "]" : "reshape(" + splice + ", " + Sym.dims(out)
                + ", " + Flatten.axes(rank) + ")";
        cx.let(node, expr, out, false);
    }

    /** A Gather of a constant folds: the output's dims are data's with the axis replaced by the indices' dims. */
    private static void gatherConstant(Node node, ImportContext cx, Sym data, Sym idx, int axis, int[] at) {
        int rank = data.shape().length, n = data.shape()[axis];
        int outer = 1, inner = 1;
        for (int i = 0; i < axis; i++) {
            outer *= data.shape()[i];
        }
        for (int i = axis + 1; i < rank; i++) {
            inner *= data.shape()[i];
        }
        List<Integer> dims = new ArrayList<>();
        for (int i = 0; i < axis; i++) {
            dims.add(data.shape()[i]);
        }
        for (int d : idx.shape()) {
            dims.add(d);
        }
        for (int i = axis + 1; i < rank; i++) {
            dims.add(data.shape()[i]);
        }
        double[] v = new double[outer * at.length * inner];
        int p = 0;
        for (int o = 0; o < outer; o++) {
            for (int k : at) {
                for (int in = 0; in < inner; in++) {
                    v[p++] = data.constant()[(o * n + k) * inner + in];
                }
            }
        }
        cx.constantOutput(node, dims.stream().mapToInt(Integer::intValue).toArray(), v);
    }

    static void concat(Node node, ImportContext cx) {
        List<Sym> parts = new ArrayList<>();
        for (int i = 0; i < node.inputs().size(); i++) {
            parts.add(cx.constant(node, i, "every input of Concat"));
        }
        int rank = parts.getFirst().shape().length;
        int axis = Concat.axis(node, rank);
        int[] out = parts.getFirst().shape().clone();
        out[axis] = 0;
        for (Sym s : parts) {
            if (s.shape().length != rank) {
                throw node.error("concatenates tensors of different ranks");
            }
            out[axis] += s.shape()[axis];
        }
        int outer = 1;
        for (int i = 0; i < axis; i++) {
            outer *= out[i];
        }
        double[] v = new double[Sym.elements(out)];
        int p = 0;
        for (int o = 0; o < outer; o++) {
            for (Sym s : parts) {
                int block = s.size() / outer;
                System.arraycopy(s.constant(), o * block, v, p, block);
                p += block;
            }
        }
        cx.constantOutput(node, out, v);
    }

    static void expand(Node node, ImportContext cx) {
        Sym x = cx.constant(node, 0, "the expanded tensor");
        double[] spec = cx.constant(node, 1, "the shape").constant();
        int rank = Math.max(spec.length, x.shape().length);
        int[] out = new int[rank];
        for (int i = 0; i < rank; i++) {
            int a = i - (rank - x.shape().length), b = i - (rank - spec.length);
            int da = a >= 0 ? x.shape()[a] : 1, db = b >= 0 ? (int) spec[b] : 1;
            if (da != db && da != 1 && db != 1) {
                throw node.error("cannot expand " + Sym.dims(x.shape()) + " to " + java.util.Arrays.toString(spec));
            }
            out[i] = Math.max(da, db);
        }
        cx.constantOutput(node, out, Broadcast.expand(node, x, Sym.value(out, null)));
    }
}
