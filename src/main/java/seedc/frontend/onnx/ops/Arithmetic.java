package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Add, Sub, Mul and Div, with numpy broadcasting. Two computed tensors of one shape: {@code +}, {@code -},
 * {@code <*>}. A computed tensor and a constant: a scalar is a literal, a constant that varies along the last axis
 * only is a vector ({@code <+>}, {@code <->}), anything else is expanded to the tensor's shape. Two constants
 * (an unrolled recurrence's first step, whose state is zeros) are computed at import. Before opset 7 the
 * operands' shapes must match unless {@code broadcast = 1} ({@link Broadcast#legacy}).
 */
final class Arithmetic {
    private Arithmetic() {}

    private enum Kind { ADD, SUB, MUL, DIV }

    static void add(Node node, ImportContext cx) {
        convert(node, cx, Kind.ADD);
    }

    static void sub(Node node, ImportContext cx) {
        convert(node, cx, Kind.SUB);
    }

    static void mul(Node node, ImportContext cx) {
        convert(node, cx, Kind.MUL);
    }

    static void div(Node node, ImportContext cx) {
        convert(node, cx, Kind.DIV);
    }

    private static void convert(Node node, ImportContext cx, Kind kind) {
        Sym a = cx.in(node, 0), b = cx.in(node, 1);
        if (node.opset() < 7) { // B broadcasts to A by the old rule, only with broadcast = 1
            b = Broadcast.legacy(node, b, a.shape(), "B");
        }
        if (a.isConstant() && b.isConstant()) {
            fold(node, cx, kind, a, b);
            return;
        }
        if (!a.isConstant() && !b.isConstant()) {
            bothComputed(node, cx, kind, a, b);
        } else if (!a.isConstant()) {
            withConstant(node, cx, kind, a, b, false);
        } else if (kind == Kind.DIV) {
            throw node.error("divides a constant by a computed tensor; seedc divides only by constants");
        } else {
            withConstant(node, cx, kind, b, a, true);
        }
    }

    private static void bothComputed(Node node, ImportContext cx, Kind kind, Sym a, Sym b) {
        if (!java.util.Arrays.equals(a.shape(), b.shape()) || a.nhwc() != b.nhwc()) {
            throw node.error("inputs of shapes " + Sym.dims(a.shape()) + " and " + Sym.dims(b.shape()) + "; seedc"
                    + " combines two computed tensors of the same shape");
        }
        String op = switch (kind) {
            case ADD -> " + ";
            case SUB -> " - ";
            case MUL -> " <*> ";
            case DIV -> throw node.error("divides by a computed tensor; seedc divides only by constants");
        };
        cx.let(node, a.expr() + op + b.expr(), a.shape(), a.nhwc());
    }

    /** {@code x} computed, {@code c} constant; {@code constantFirst}: c was the first operand (c - x). */
    private static void withConstant(Node node, ImportContext cx, Kind kind, Sym x, Sym c, boolean constantFirst) {
        double[] full = Broadcast.expand(node, c, x);
        if (kind == Kind.DIV) {
            for (int i = 0; i < full.length; i++) {
                nonZeroDivisor(node, full, i);
                full[i] = 1 / full[i];
            }
        }
        if (kind == Kind.SUB && !constantFirst) {
            for (int i = 0; i < full.length; i++) {
                full[i] = -full[i];
            }
        }
        String name = node.inputs().get(constantFirst ? 0 : 1);
        int[] shape = Broadcast.seedotShape(x);
        String expr;
        String left = kind == Kind.SUB && constantFirst ? "-" + x.expr() : x.expr();
        if (c.size() == 1) {
            String lit = "(" + ImportContext.real(full[0]) + ")";
            expr = kind == Kind.MUL || kind == Kind.DIV ? lit + " * " + x.expr() : left + " + " + lit;
        } else if (kind == Kind.ADD || kind == Kind.SUB) {
            double[] v = Broadcast.lastAxis(full, shape[shape.length - 1]);
            expr = v != null ? left + " <+> " + cx.param(name, new int[] {v.length}, v)
                    : left + " + " + cx.param(name, shape, full);
        } else {
            expr = x.expr() + " <*> " + cx.param(name, shape, full);
        }
        cx.let(node, expr, x.shape(), x.nhwc());
    }

    /** Both constants: the result's values, broadcast as numpy does. */
    private static void fold(Node node, ImportContext cx, Kind kind, Sym a, Sym b) {
        int[] as = a.shape(), bs = b.shape();
        int[] out = new int[Math.max(as.length, bs.length)];
        for (int k = 0; k < out.length; k++) {
            int x = dim(as, k, out.length), y = dim(bs, k, out.length);
            if (x != y && x != 1 && y != 1) {
                throw node.error("cannot broadcast shapes " + Sym.dims(as) + " and " + Sym.dims(bs));
            }
            out[k] = Math.max(x, y);
        }
        Sym to = Sym.value(out, null);
        double[] x = Broadcast.expand(node, a, to), y = Broadcast.expand(node, b, to);
        for (int i = 0; i < x.length; i++) {
            if (kind == Kind.DIV && y[i] == 0) { // else a quotient too large is caught below, as a product is
                nonZeroDivisor(node, y, i);
            }
            x[i] = switch (kind) {
                case ADD -> x[i] + y[i];
                case SUB -> x[i] - y[i];
                case MUL -> x[i] * y[i];
                case DIV -> x[i] / y[i];
            };
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) { // 1e300 * 1e300: no fixed-point type holds it
                throw node.error("computes the constant " + x[i] + " at element " + i + "; seedc needs finite weights");
            }
        }
        cx.constantOutput(node, out, x);
    }

    /**
     * A divisor of 0 would make weights of Infinity (or NaN) that no fixed-point type holds: refused at the node,
     * naming the first zero, rather than by seedc's own check of the imported program.
     */
    private static void nonZeroDivisor(Node node, double[] divisor, int i) {
        if (divisor[i] == 0 || !Double.isFinite(1 / divisor[i])) { // 1 / 1e-320 is infinite too
            throw node.error("divides by a constant holding " + (divisor[i] == 0 ? "0" : divisor[i]) + " (at element "
                    + i + " of the divisor as broadcast); the quotient would be infinite");
        }
    }

    /** Dim k of {@code shape} aligned right in a shape of {@code rank} dims (1 where it has none). */
    static int dim(int[] shape, int k, int rank) {
        int at = k - (rank - shape.length);
        return at < 0 ? 1 : shape[at];
    }
}
