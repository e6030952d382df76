package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * RNN, GRU and LSTM, forward, one example, default activations: a SeeDot loop over the time steps whose accumulator
 * is the state (for the LSTM h and c side by side in one (1, 2H) row, split and joined by constant 0/1
 * matrices). Only the final state outputs (Y_h, Y_c) may be read: the loop keeps no per-step outputs.
 */
final class Recurrent {
    private Recurrent() {}

    /** The parts every recurrent node shares: X (T, 1, I), the hidden size, the weights per gate. */
    private record Shape(int steps, int inputs, int hidden, String x) {}

    static void gru(Node node, ImportContext cx) {
        Shape s = check(node, cx, 3);
        int h = s.hidden();
        String[] w = gates(node, cx, 1, s.inputs(), h, 3), r = gates(node, cx, 2, h, h, 3);
        double[][] b = biases(node, cx, h, 3);
        String p = "g" + cx.uniqueTag() + "_", st = p + "h";
        String bz = row(cx, node, "bz", sum(b[0], b[3])), br = row(cx, node, "br", sum(b[1], b[4]));
        String bw = row(cx, node, "bwh", b[2]), bh = row(cx, node, "brh", b[5]);
        String x = p + "x";
        String candidate = node.integer("linear_before_reset", 0) != 0
                ? "tanh(((" + x + " * " + w[2] + ") + " + bw + ") + (" + p + "r <*> ((" + st + " * " + r[2] + ") + "
                        + bh + ")))"
                : "tanh(((" + x + " * " + w[2] + ") + ((" + p + "r <*> " + st + ") * " + r[2] + ")) + (" + bw + " + "
                        + bh + "))";
        String body = "let " + x + " = " + s.x() + "[i] in "
                + "let " + p + "z = sigmoid(((" + x + " * " + w[0] + ") + (" + st + " * " + r[0] + ")) + " + bz + ") in "
                + "let " + p + "r = sigmoid(((" + x + " * " + w[1] + ") + (" + st + " * " + r[1] + ")) + " + br + ") in "
                + "let " + p + "n = " + candidate + " in "
                + "let " + st + " = ((1.0 - " + p + "z) <*> " + p + "n) + (" + p + "z <*> " + st + ") in " + st;
        String last = loop(node, cx, st, initial(node, cx, 5, h, "h0"), s.steps(), body);
        finalState(node, cx, 1, last, h);
        unused(node, cx, 0, "Y");
    }

    /** The plain RNN: H' = tanh(X W + H R + Wb + Rb). */
    static void rnn(Node node, ImportContext cx) {
        Shape s = check(node, cx, 1);
        int h = s.hidden();
        String w = gates(node, cx, 1, s.inputs(), h, 1)[0], r = gates(node, cx, 2, h, h, 1)[0];
        double[][] b = biases(node, cx, h, 1);
        String p = "r" + cx.uniqueTag() + "_", st = p + "h", bias = row(cx, node, "b", sum(b[0], b[1]));
        String body = "let " + st + " = tanh(((" + s.x() + "[i] * " + w + ") + (" + st + " * " + r + ")) + " + bias
                + ") in " + st;
        finalState(node, cx, 1, loop(node, cx, st, initial(node, cx, 5, h, "h0"), s.steps(), body), h);
        unused(node, cx, 0, "Y");
    }

    static void lstm(Node node, ImportContext cx) {
        Shape s = check(node, cx, 4);
        if (node.inputs().size() > 7 && !node.inputs().get(7).isEmpty()) {
            throw node.error("has peephole weights P; seedc imports LSTMs without them");
        }
        node.requireDefault("input_forget", 0);
        int h = s.hidden();
        String[] w = gates(node, cx, 1, s.inputs(), h, 4), r = gates(node, cx, 2, h, h, 4);
        double[][] b = biases(node, cx, h, 4);
        String[] bias = new String[4];
        for (int g = 0; g < 4; g++) {
            bias[g] = row(cx, node, "b" + "iofc".charAt(g), sum(b[g], b[g + 4]));
        }
        String p = "l" + cx.uniqueTag() + "_", st = p + "s", x = p + "x";
        // S = [h c]: h = S * Qh, c = S * Qc; S' = h' * Ph + c' * Pc (0/1 matrices: exact in float)
        String qh = select(cx, node, "Qh", 2 * h, h, 0, true), qc = select(cx, node, "Qc", 2 * h, h, h, true);
        String ph = select(cx, node, "Ph", h, 2 * h, 0, false), pc = select(cx, node, "Pc", h, 2 * h, h, false);
        String[] gate = new String[4];
        for (int g = 0; g < 4; g++) {
            gate[g] = "((" + x + " * " + w[g] + ") + (" + p + "h * " + r[g] + ")) + " + bias[g];
        }
        String body = "let " + x + " = " + s.x() + "[i] in "
                + "let " + p + "h = " + st + " * " + qh + " in let " + p + "c = " + st + " * " + qc + " in "
                + "let " + p + "i = sigmoid(" + gate[0] + ") in let " + p + "o = sigmoid(" + gate[1] + ") in "
                + "let " + p + "f = sigmoid(" + gate[2] + ") in let " + p + "g = tanh(" + gate[3] + ") in "
                + "let " + p + "c2 = (" + p + "f <*> " + p + "c) + (" + p + "i <*> " + p + "g) in "
                + "let " + p + "h2 = " + p + "o <*> tanh(" + p + "c2) in "
                + "let " + st + " = (" + p + "h2 * " + ph + ") + (" + p + "c2 * " + pc + ") in " + st;
        double[] h0 = initialValues(node, cx, 5, h), c0 = initialValues(node, cx, 6, h);
        double[] s0 = new double[2 * h];
        System.arraycopy(h0, 0, s0, 0, h);
        System.arraycopy(c0, 0, s0, h, h);
        String last = loop(node, cx, st, cx.param(node.output() + "_s0", new int[] {1, 2 * h}, s0), s.steps(), body);
        finalState(node, cx, 1, cx.temp(last + " * " + qh, "the LSTM's final h"), h);
        finalState(node, cx, 2, cx.temp(last + " * " + qc, "the LSTM's final c"), h);
        unused(node, cx, 0, "Y");
    }

    private static Shape check(Node node, ImportContext cx, int gates) {
        if (!node.string("direction", "forward").equals("forward")) {
            throw node.error("direction " + node.string("direction", "forward") + "; seedc imports forward ones");
        }
        if (node.has("activations") || node.has("clip")) {
            throw node.error("sets activations or clip; seedc imports the default activations without clipping");
        }
        if (node.inputs().size() > 4 && !node.inputs().get(4).isEmpty()) {
            throw node.error("has sequence_lens; seedc runs every example for all time steps");
        }
        node.requireDefault("layout", 0);
        Sym x = cx.computed(node, 0);
        int[] xs = x.shape();
        if (xs.length != 3 || xs[1] != 1 || x.nhwc()) {
            throw node.error("input X of shape " + Sym.dims(xs) + "; seedc imports (steps, 1, features): one example");
        }
        int hidden = (int) node.integer("hidden_size", -1);
        int[] ws = cx.constant(node, 1, "W").shape();
        if (ws.length != 3 || ws[0] != 1 || ws[1] != gates * hidden || ws[2] != xs[2]) {
            throw node.error("W of shape " + Sym.dims(ws) + " for hidden_size " + hidden + " and " + xs[2]
                    + " features");
        }
        return new Shape(xs[0], xs[2], hidden, x.expr());
    }

    /** Input {@code at} (W or R: (1, gates H, n)) as one (n, H) parameter per gate, transposed for row * W. */
    private static String[] gates(Node node, ImportContext cx, int at, int n, int h, int count) {
        Sym m = cx.constant(node, at, at == 1 ? "W" : "R");
        if (m.size() != count * h * n) {
            throw node.error((at == 1 ? "W" : "R") + " has " + m.size() + " values, not " + count * h * n);
        }
        String[] out = new String[count];
        for (int g = 0; g < count; g++) {
            double[] t = new double[n * h];
            for (int j = 0; j < h; j++) {
                for (int k = 0; k < n; k++) {
                    t[k * h + j] = m.constant()[(g * h + j) * n + k];
                }
            }
            out[g] = cx.param(node.inputs().get(at) + "_" + g, new int[] {n, h}, t);
        }
        return out;
    }

    /** B split into its 2 * gates vectors of H (zeros when absent). */
    private static double[][] biases(Node node, ImportContext cx, int h, int count) {
        double[][] b = new double[2 * count][h];
        if (node.inputs().size() > 3 && !node.inputs().get(3).isEmpty()) {
            Sym v = cx.constant(node, 3, "B");
            if (v.size() != 2 * count * h) {
                throw node.error("B has " + v.size() + " values, not " + 2 * count * h);
            }
            for (int g = 0; g < 2 * count; g++) {
                System.arraycopy(v.constant(), g * h, b[g], 0, h);
            }
        }
        return b;
    }

    private static double[] sum(double[] a, double[] b) {
        double[] s = new double[a.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = a[i] + b[i];
        }
        return s;
    }

    private static String row(ImportContext cx, Node node, String name, double[] v) {
        return cx.param(node.output() + "_" + name, new int[] {1, v.length}, v);
    }

    /** A 0/1 matrix: rows x cols, ones on the diagonal shifted by {@code offset} along the longer side. */
    private static String select(ImportContext cx, Node node, String name, int rows, int cols, int offset,
                                 boolean offsetRows) {
        double[] m = new double[rows * cols];
        for (int k = 0; k < Math.min(rows, cols); k++) {
            m[offsetRows ? (k + offset) * cols + k : k * cols + k + offset] = 1;
        }
        return cx.param(node.output() + "_" + name, new int[] {rows, cols}, m);
    }

    private static double[] initialValues(Node node, ImportContext cx, int at, int h) {
        if (node.inputs().size() <= at || node.inputs().get(at).isEmpty()) {
            return new double[h];
        }
        Sym v = cx.constant(node, at, at == 5 ? "initial_h" : "initial_c");
        if (v.size() != h) {
            throw node.error("its initial state has " + v.size() + " values, not " + h);
        }
        return v.constant();
    }

    private static String initial(Node node, ImportContext cx, int at, int h, String name) {
        return cx.param(node.output() + "_" + name, new int[] {1, h}, initialValues(node, cx, at, h));
    }

    /** let STATE = init in let tN = loop(i = [0:T], STATE) (body) in; returns tN. */
    private static String loop(Node node, ImportContext cx, String state, String init, int steps, String body) {
        cx.temp(init, node.op() + " " + node.output() + ": the initial state", state);
        return cx.temp("loop(i = [0:" + steps + "], " + state + ") (" + body + ")", node.op() + " " + node.output());
    }

    /** Output {@code k} (Y_h, Y_c: (1, 1, H)) as the final (1, H) state, if the graph reads it. */
    private static void finalState(Node node, ImportContext cx, int k, String state, int h) {
        if (node.proto().getOutputCount() > k && !node.proto().getOutput(k).isEmpty()) {
            cx.rebind(node.proto().getOutput(k), Sym.value(new int[] {1, 1, h},
                    cx.temp("reshape(" + state + ", (1, 1, " + h + "), (1, 2))", node.op() + " final state")));
        }
    }

    private static void unused(Node node, ImportContext cx, int k, String what) {
        String name = node.proto().getOutputCount() > k ? node.proto().getOutput(k) : "";
        if (!name.isEmpty() && cx.isRead(name)) {
            throw node.error("its output " + what + " (every time step) is read; seedc imports the final state only");
        }
    }
}
