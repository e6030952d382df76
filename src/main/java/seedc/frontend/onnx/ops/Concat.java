package seedc.frontend.onnx.ops;

import java.util.ArrayList;
import java.util.List;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Concat of computed tensors. Along SeeDot's last axis (axis 1 of a (M, N) matrix, the channels of an image):
 * each part, read as (rows, n_i), times a 0/1 matrix that places its columns, plus the constant parts as one
 * parameter; exact in float. Along any other axis: each part written into a tensor of zeros at its offset
 * (SeeDot's splice-write, {@code let T[o:+n]... = part in}), which copies. Concat of constants only is computed
 * at import ({@link Folding#concat}).
 */
final class Concat {
    private Concat() {}

    static void convert(Node node, ImportContext cx) {
        List<Sym> parts = new ArrayList<>();
        for (int i = 0; i < node.inputs().size(); i++) {
            parts.add(cx.in(node, i));
        }
        if (parts.stream().allMatch(Sym::isConstant)) {
            Folding.concat(node, cx);
            return;
        }
        Sym first = parts.stream().filter(p -> !p.isConstant()).findFirst().orElseThrow();
        int rank = first.shape().length;
        int axis = axis(node, rank);
        boolean image = first.nhwc();
        int[] out = outputShape(node, parts, first, axis);
        if (!(image ? axis == 1 : rank == 2 && axis == 1)) {
            spliced(node, cx, parts, out, axis, image);
        } else {
            placed(node, cx, parts, out, axis, image);
        }
    }

    /**
     * The axis, made non-negative: an attribute with default 1 in opsets 1 to 3, required from 4 on; negative
     * (from the end) from opset 11 on.
     */
    static int axis(Node node, int rank) {
        if (node.opset() >= 4 && !node.has("axis")) {
            throw node.error("has no attribute 'axis'; from opset 4 on Concat requires it");
        }
        int axis = node.int32("axis", 1);
        Opsets.nonNegativeBefore11(node, "axis", axis);
        if (axis < -rank || axis >= rank) {
            throw node.error("axis " + axis + " of tensors of rank " + rank);
        }
        return axis < 0 ? axis + rank : axis;
    }

    /** The concatenation's dims: the first computed part's, the axis summed over every part's. */
    private static int[] outputShape(Node node, List<Sym> parts, Sym first, int axis) {
        int rank = first.shape().length;
        int[] out = first.shape().clone();
        out[axis] = 0;
        for (Sym p : parts) {
            if (p.shape().length != rank || (!p.isConstant() && p.nhwc() != first.nhwc())) {
                throw node.error("concatenates tensors of different ranks or layouts");
            }
            for (int k = 0; k < rank; k++) {
                if (k != axis && p.shape()[k] != first.shape()[k]) {
                    throw node.error("concatenates tensors of shapes " + Sym.dims(first.shape()) + " and "
                            + Sym.dims(p.shape()) + " along axis " + axis + ": the other dims differ");
                }
            }
            out[axis] += p.shape()[axis];
        }
        return out;
    }

    /** Along the last axis: the sum of each computed part times the 0/1 matrix placing its columns, plus constants. */
    private static void placed(Node node, ImportContext cx, List<Sym> parts, int[] out, int axis, boolean image) {
        Sym result = image ? Sym.image(out, null) : Sym.value(out, null);
        int total = out[axis], rows = result.size() / total;
        List<String> terms = new ArrayList<>();
        double[] constants = new double[result.size()];
        boolean anyConstant = false;
        int at = 0;
        for (int i = 0; i < parts.size(); i++) {
            Sym p = parts.get(i);
            int n = p.shape()[axis];
            if (p.isConstant()) {
                double[] v = Broadcast.expand(node, p, image ? Sym.image(p.shape(), null) : Sym.value(p.shape(), null));
                for (int r = 0; r < rows; r++) {
                    System.arraycopy(v, r * n, constants, r * total + at, n);
                }
                anyConstant = true;
            } else {
                String m = Placement.matrix(cx, node, "place" + i, n, total, at, false);
                String asRows = image ? "reshape(" + p.expr() + ", (" + rows + ", " + n + "), (1, 2, 3, 4))" : p.expr();
                terms.add("(" + asRows + " * " + m + ")");
            }
            at += n;
        }
        String expr = String.join(" + ", terms);
        if (anyConstant) {
            expr += " + " + cx.param(node.output() + "_constants", new int[] {rows, total}, constants);
        }
        if (image) {
            expr = "reshape(" + expr + ", " + Sym.dims(result.stored()) + ", (1, 2))";
        }
        cx.let(node, expr, out, image);
    }

    /** let T = zeros in let T[offsets] = part in ... T: every part at its offset along the axis, copied. */
    private static void spliced(Node node, ImportContext cx, List<Sym> parts, int[] out, int axis, boolean image) {
        Sym result = image ? Sym.image(out, null) : Sym.value(out, null);
        int[] stored = Broadcast.seedotShape(result);
        int storedAxis = result.storedAxis(axis); // a signal's length: the stored width, after the height of 1
        String t = "cat" + cx.uniqueTag();
        StringBuilder expr = new StringBuilder("(let " + t + " = init(" + list(stored, '[', ']') + ", 0.0) in ");
        int at = 0;
        for (int i = 0; i < parts.size(); i++) {
            Sym p = parts.get(i);
            Sym layout = image ? Sym.image(p.shape(), null) : Sym.value(p.shape(), null);
            int[] dims = Broadcast.seedotShape(layout);
            String value = p.isConstant()
                    ? cx.param(node.output() + "_part" + i, dims, Broadcast.expand(node, p, layout)) : p.expr();
            expr.append("let ").append(t);
            for (int k = 0; k < dims.length; k++) {
                expr.append('[').append(k == storedAxis ? at : 0).append(":+").append(dims[k]).append(']');
            }
            expr.append(" = ").append(value).append(" in ");
            at += p.shape()[axis];
        }
        cx.let(node, expr.append(t).append(')').toString(), out, image);
    }

    private static String list(int[] v, char open, char close) {
        StringBuilder sb = new StringBuilder().append(open);
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(close).toString();
    }
}
