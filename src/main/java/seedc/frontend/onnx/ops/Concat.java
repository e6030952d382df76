package seedc.frontend.onnx.ops;

import java.util.ArrayList;
import java.util.List;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Concat of computed tensors along SeeDot's last axis (axis 1 of a (M, N) matrix, the channels of an image):
 * each part, read as (rows, n_i), times a 0/1 matrix that places its columns, plus the constant parts as one
 * parameter; exact in float. Concat of constants only is computed at import ({@link Folding#concat}).
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
        int axis = (int) node.integer("axis", 1);
        axis = axis < 0 ? axis + rank : axis;
        boolean image = first.nhwc();
        if (!(image ? axis == 1 : rank == 2 && axis == 1)) {
            throw node.error("concatenates computed tensors along axis " + node.integer("axis", 1) + " of shape "
                    + Sym.dims(first.shape()) + "; seedc concatenates (M, N) matrices along axis 1 and images along"
                    + " their channels");
        }
        int[] out = first.shape().clone();
        out[axis] = 0;
        for (Sym p : parts) {
            if (p.shape().length != rank || (!p.isConstant() && p.nhwc() != image)) {
                throw node.error("concatenates tensors of different ranks or layouts");
            }
            out[axis] += p.shape()[axis];
        }
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
                double[] place = new double[n * total];
                for (int c = 0; c < n; c++) {
                    place[c * total + at + c] = 1;
                }
                String m = cx.param(node.output() + "_place" + i, new int[] {n, total}, place);
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
            expr = "reshape(" + expr + ", (" + out[0] + ", " + out[2] + ", " + out[3] + ", " + total + "), (1, 2))";
        }
        cx.let(node, expr, out, image);
    }
}
