package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Reshape, Squeeze and Unsqueeze: the elements in ONNX's row-major order, in a new shape. SeeDot's reshape reads
 * the input looping over its axes in ONNX's order (N, C, H, W for an image stored NHWC) and fills the new shape
 * row-major. A constant is reshaped at import.
 */
final class Reshape {
    private Reshape() {}

    /**
     * Reshape with a constant shape (0 copies a dimension unless allowzero, -1 takes the rest): the attribute
     * 'shape' before opset 5, the second input from 5 on.
     */
    static void reshape(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        double[] spec;
        if (node.opset() < 5) {
            onlyInputs(node, 1, "shape");
            if (!node.has("shape")) {
                throw node.error("has no attribute 'shape'; before opset 5 Reshape takes its shape from it");
            }
            spec = java.util.Arrays.stream(node.ints("shape", new int[0])).asDoubleStream().toArray();
        } else {
            spec = cx.constant(node, 1, "the shape").constant();
        }
        boolean allowZero = node.integer("allowzero", 0) != 0;
        int[] out = new int[spec.length];
        int infer = -1;
        long known = 1;
        for (int i = 0; i < spec.length; i++) {
            long d = (long) spec[i];
            if (d == 0 && !allowZero) {
                if (i >= x.shape().length) {
                    throw node.error("shape copies dimension " + i + " of a tensor of rank " + x.shape().length);
                }
                d = x.shape()[i];
            }
            if (d == -1) {
                if (infer >= 0) {
                    throw node.error("shape has two -1 dimensions");
                }
                infer = i;
                continue;
            }
            if (d <= 0 || d > Integer.MAX_VALUE) {
                throw node.error("shape has dimension " + d);
            }
            out[i] = (int) d;
            known *= d;
        }
        if (infer >= 0) {
            if (known == 0 || x.size() % known != 0) {
                throw node.error("cannot infer the -1 dimension of " + x.size() + " elements");
            }
            out[infer] = (int) (x.size() / known);
        }
        to(node, cx, x, out);
    }

    /** Squeeze: drops the listed axes of size 1 (all of them when none are listed). */
    static void squeeze(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int[] s = x.shape();
        boolean[] drop = new boolean[s.length];
        int[] axes = axes(node, cx, s.length);
        for (int i = 0; i < s.length; i++) {
            drop[i] = axes == null && s[i] == 1;
        }
        if (axes != null) {
            for (int a : axes) {
                if (s[a] != 1) {
                    throw node.error("squeezes axis " + a + " of size " + s[a]);
                }
                drop[a] = true;
            }
        }
        to(node, cx, x, java.util.stream.IntStream.range(0, s.length).filter(i -> !drop[i]).map(i -> s[i]).toArray());
    }

    /** Unsqueeze: inserts axes of size 1 at the listed positions of the output. */
    static void unsqueeze(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int rank = x.shape().length + axesCount(node, cx);
        int[] axes = axes(node, cx, rank);
        if (axes == null) {
            throw node.error("has no axes");
        }
        boolean[] inserted = new boolean[rank];
        for (int a : axes) {
            inserted[a] = true;
        }
        int[] out = new int[rank];
        for (int i = 0, j = 0; i < rank; i++) {
            out[i] = inserted[i] ? 1 : x.shape()[j++];
        }
        to(node, cx, x, out);
    }

    private static int axesCount(Node node, ImportContext cx) {
        if (node.opset() < 13) {
            onlyInputs(node, 1, "axes");
            return node.ints("axes", new int[0]).length;
        }
        return node.inputs().size() > 1 ? cx.constant(node, 1, "axes").size() : 0;
    }

    /** The axes (attribute before opset 13, constant input from 13 on), made non-negative; null when absent. */
    private static int[] axes(Node node, ImportContext cx, int rank) {
        int[] a;
        if (node.opset() < 13) {
            onlyInputs(node, 1, "axes");
            a = node.has("axes") ? node.ints("axes", new int[0]) : null;
            if (a != null) {
                Opsets.nonNegativeBefore11(node, "axes", a);
            }
        } else if (node.inputs().size() > 1) {
            a = java.util.Arrays.stream(cx.constant(node, 1, "axes").constant()).mapToInt(v -> (int) v).toArray();
        } else {
            a = null;
        }
        if (a != null) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] < -rank || a[i] >= rank) {
                    throw node.error("axis " + a[i] + " is outside rank " + rank);
                }
                a[i] = a[i] < 0 ? a[i] + rank : a[i];
            }
        }
        return a;
    }

    /** Before the version that made {@code what} an input, the node has {@code count} inputs only. */
    static void onlyInputs(Node node, int count, String what) {
        if (node.inputs().size() > count) {
            throw node.error("has " + node.inputs().size() + " inputs; in opset " + node.opset() + " " + node.op()
                    + " has " + count + " and takes '" + what + "' as an attribute");
        }
    }

    /** Binds the node's output to x's elements in shape {@code out}. */
    static void to(Node node, ImportContext cx, Sym x, int[] out) {
        if (out.length == 0 || out.length > 5) {
            throw node.error("gives a tensor of rank " + out.length + "; seedc's tensors have 1 to 5 dimensions");
        }
        if (Sym.elements(out) != x.size()) {
            throw node.error("reshapes " + x.size() + " elements to " + Sym.dims(out));
        }
        if (x.isConstant()) {
            cx.constantOutput(node, out, x.constant());
            return;
        }
        String order = x.nhwc() ? "(1, 4, 2, 3)" : Flatten.axes(x.shape().length);
        cx.let(node, "reshape(" + x.expr() + ", " + Sym.dims(out) + ", " + order + ")", out, false);
    }
}
