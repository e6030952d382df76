package seedc.frontend.onnx.ops;

import java.util.ArrayList;
import java.util.List;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * RNN, GRU and LSTM, one example, default activations: per direction a SeeDot loop over the time steps whose
 * accumulator is the state (for the LSTM h and c side by side in one (1, 2H) row, split and joined by constant
 * 0/1 matrices). A reverse direction loops over the steps reversed ({@code reverse(X, 0)}); a bidirectional node
 * runs both and stacks their final states as ONNX does, (2, 1, H) (layout 1: (1, 2, H)). When the graph reads
 * Y (a stacked recurrence reads the one below's), the loops also carry every step's h.
 */
final class Recurrent {
    private Recurrent() {}

    /**
     * The parts every recurrent node shares: X as (T, 1, I), the hidden size, the directions (1 or 2), whether the
     * first runs reversed, and the layout (0: X is (T, 1, I), 1: (1, T, I)).
     */
    private record Shape(int steps, int inputs, int hidden, String x, int directions, boolean reverse, int layout) {
        /** Whether direction d loops over the steps from the last. */
        boolean reversed(int d) {
            return d == 0 ? reverse : true;
        }
    }

    static void gru(Node node, ImportContext cx) {
        Shape s = check(node, cx, 3);
        List<String> last = new ArrayList<>(), ys = new ArrayList<>();
        for (int d = 0; d < s.directions(); d++) {
            last.add(gru(node, cx, s, d, ys));
        }
        finalState(node, cx, 1, last, s);
        everyStep(node, cx, ys, s);
    }

    /** Direction d of a GRU: its loop; returns its final state (and adds its every step's to ys if Y is read). */
    private static String gru(Node node, ImportContext cx, Shape s, int d, List<String> ys) {
        int h = s.hidden();
        String[] w = gates(node, cx, s, 1, s.inputs(), 3, d), r = gates(node, cx, s, 2, h, 3, d);
        double[][] b = biases(node, cx, h, 3, d);
        String p = "g" + cx.uniqueTag() + "_", st = p + "h";
        String bz = row(cx, node, "bz", d, sum(b[0], b[3])), br = row(cx, node, "br", d, sum(b[1], b[4]));
        String bw = row(cx, node, "bwh", d, b[2]), bh = row(cx, node, "brh", d, b[5]);
        String x = p + "x";
        String candidate = node.integer("linear_before_reset", 0) != 0
                ? "tanh(((" + x + " * " + w[2] + ") + " + bw + ") + (" + p + "r <*> ((" + st + " * " + r[2] + ") + "
                        + bh + ")))"
                : "tanh(((" + x + " * " + w[2] + ") + ((" + p + "r <*> " + st + ") * " + r[2] + ")) + (" + bw + " + "
                        + bh + "))";
        String body = "let " + x + " = " + steps(node, cx, s, d) + "[i] in "
                + "let " + p + "z = sigmoid(((" + x + " * " + w[0] + ") + (" + st + " * " + r[0] + ")) + " + bz + ") in "
                + "let " + p + "r = sigmoid(((" + x + " * " + w[1] + ") + (" + st + " * " + r[1] + ")) + " + br + ") in "
                + "let " + p + "n = " + candidate + " in "
                + "let " + st + " = ((1.0 - " + p + "z) <*> " + p + "n) + (" + p + "z <*> " + st + ") in ";
        return loop(node, cx, s, d, new Steps(st, st, initialValues(node, cx, 5, h, d), node.output() + "_h0"
                + dir(d), body), ys);
    }

    /** The plain RNN: H' = tanh(X W + H R + Wb + Rb). */
    static void rnn(Node node, ImportContext cx) {
        Shape s = check(node, cx, 1);
        int h = s.hidden();
        List<String> last = new ArrayList<>(), ys = new ArrayList<>();
        for (int d = 0; d < s.directions(); d++) {
            String w = gates(node, cx, s, 1, s.inputs(), 1, d)[0], r = gates(node, cx, s, 2, h, 1, d)[0];
            double[][] b = biases(node, cx, h, 1, d);
            String p = "r" + cx.uniqueTag() + "_", st = p + "h", bias = row(cx, node, "b", d, sum(b[0], b[1]));
            String body = "let " + st + " = tanh(((" + steps(node, cx, s, d) + "[i] * " + w + ") + (" + st + " * " + r
                    + ")) + " + bias + ") in ";
            last.add(loop(node, cx, s, d, new Steps(st, st, initialValues(node, cx, 5, h, d), node.output() + "_h0"
                    + dir(d), body), ys));
        }
        finalState(node, cx, 1, last, s);
        everyStep(node, cx, ys, s);
    }

    static void lstm(Node node, ImportContext cx) {
        Shape s = check(node, cx, 4);
        if (node.inputs().size() > 7 && !node.inputs().get(7).isEmpty()) {
            throw node.error("has peephole weights P; seedc imports LSTMs without them");
        }
        node.requireDefault("input_forget", 0);
        List<String> hs = new ArrayList<>(), cs = new ArrayList<>(), ys = new ArrayList<>();
        for (int d = 0; d < s.directions(); d++) {
            lstm(node, cx, s, d, hs, cs, ys);
        }
        finalState(node, cx, 1, hs, s);
        finalState(node, cx, 2, cs, s);
        everyStep(node, cx, ys, s);
    }

    /**
     * Direction d of an LSTM: its loop; adds its final h and c to {@code hs} and {@code cs} (and every step's h to
     * ys if Y is read).
     */
    private static void lstm(Node node, ImportContext cx, Shape s, int d, List<String> hs, List<String> cs,
                             List<String> ys) {
        int h = s.hidden();
        String[] w = gates(node, cx, s, 1, s.inputs(), 4, d), r = gates(node, cx, s, 2, h, 4, d);
        double[][] b = biases(node, cx, h, 4, d);
        String[] bias = new String[4];
        for (int g = 0; g < 4; g++) {
            bias[g] = row(cx, node, "b" + "iofc".charAt(g), d, sum(b[g], b[g + 4]));
        }
        String p = "l" + cx.uniqueTag() + "_", st = p + "s", x = p + "x";
        // S = [h c]: h = S * Qh, c = S * Qc; S' = h' * Ph + c' * Pc (0/1 matrices: exact in float)
        String qh = Placement.matrix(cx, node, "Qh" + dir(d), 2 * h, h, 0, true);
        String qc = Placement.matrix(cx, node, "Qc" + dir(d), 2 * h, h, h, true);
        String ph = Placement.matrix(cx, node, "Ph" + dir(d), h, 2 * h, 0, false);
        String pc = Placement.matrix(cx, node, "Pc" + dir(d), h, 2 * h, h, false);
        String[] gate = new String[4];
        for (int g = 0; g < 4; g++) {
            gate[g] = "((" + x + " * " + w[g] + ") + (" + p + "h * " + r[g] + ")) + " + bias[g];
        }
        String body = "let " + x + " = " + steps(node, cx, s, d) + "[i] in "
                + "let " + p + "h = " + st + " * " + qh + " in let " + p + "c = " + st + " * " + qc + " in "
                + "let " + p + "i = sigmoid(" + gate[0] + ") in let " + p + "o = sigmoid(" + gate[1] + ") in "
                + "let " + p + "f = sigmoid(" + gate[2] + ") in let " + p + "g = tanh(" + gate[3] + ") in "
                + "let " + p + "c2 = (" + p + "f <*> " + p + "c) + (" + p + "i <*> " + p + "g) in "
                + "let " + p + "h2 = " + p + "o <*> tanh(" + p + "c2) in "
                + "let " + st + " = (" + p + "h2 * " + ph + ") + (" + p + "c2 * " + pc + ") in ";
        double[] h0 = initialValues(node, cx, 5, h, d), c0 = initialValues(node, cx, 6, h, d);
        double[] s0 = new double[2 * h];
        System.arraycopy(h0, 0, s0, 0, h);
        System.arraycopy(c0, 0, s0, h, h);
        String last = loop(node, cx, s, d, new Steps(st, p + "h2", s0, node.output() + "_s0" + dir(d), body), ys);
        hs.add(cx.temp(last + " * " + qh, "the LSTM's final h"));
        cs.add(cx.temp(last + " * " + qc, "the LSTM's final c"));
    }

    /** The suffix of direction d's parameter names: none for the first (a one-direction node's names stay). */
    private static String dir(int d) {
        return d == 0 ? "" : "_back";
    }

    /** The steps direction d reads, X[i] being step i: X, or X reversed along the steps. */
    private static String steps(Node node, ImportContext cx, Shape s, int d) {
        return s.reversed(d) ? cx.temp("reverse(" + s.x() + ", 0)", node.op() + " " + node.output()
                + ": the steps from the last") : s.x();
    }

    private static Shape check(Node node, ImportContext cx, int gates) {
        String direction = node.string("direction", "forward");
        if (!List.of("forward", "reverse", "bidirectional").contains(direction)) {
            throw node.error("direction " + direction + "; ONNX defines forward, reverse and bidirectional");
        }
        if (node.has("activations") || node.has("clip") || node.has("activation_alpha")
                || node.has("activation_beta")) {
            throw node.error("sets activations, their alpha or beta, or clip; seedc imports the default activations"
                    + " without clipping");
        }
        if (node.inputs().size() > 4 && !node.inputs().get(4).isEmpty()) {
            throw node.error("has sequence_lens; seedc runs every example for all time steps");
        }
        if (node.opset() < 7 && node.integer("output_sequence", 0) == 0 && readsY(node, cx)) {
            throw node.error("output_sequence = 0 (no output Y) in opset " + node.opset() + ", but Y is read");
        }
        int layout = node.int32("layout", 0);
        if (layout != 0 && layout != 1) {
            throw node.error("layout " + layout + "; ONNX defines 0 and 1");
        }
        Sym x = cx.computed(node, 0);
        int[] xs = x.shape();
        if (xs.length != 3 || xs[1 - layout] != 1 || x.nhwc()) {
            throw node.error("input X of shape " + Sym.dims(xs) + "; seedc imports " + (layout == 0
                    ? "(steps, 1, features)" : "(1, steps, features)") + ": one example");
        }
        int steps = xs[layout], features = xs[2];
        String expr = layout == 0 ? x.expr() : cx.temp("reshape(" + x.expr() + ", (" + steps + ", 1, " + features
                + "), (1, 2, 3))", node.op() + " " + node.output() + ": X as (steps, 1, features)");
        int directions = direction.equals("bidirectional") ? 2 : 1;
        int hidden = node.int32("hidden_size", -1);
        int[] ws = cx.constant(node, 1, "W").shape();
        if (ws.length != 3 || ws[0] != directions || ws[1] != gates * hidden || ws[2] != features) {
            throw node.error("W of shape " + Sym.dims(ws) + " for hidden_size " + hidden + ", " + features
                    + " features and " + directions + " direction" + (directions == 1 ? "" : "s"));
        }
        return new Shape(steps, features, hidden, expr, directions, direction.equals("reverse"), layout);
    }

    /**
     * Input {@code at} (W or R: (directions, gates H, n)) of direction d as one (n, H) parameter per gate,
     * transposed for row * W.
     */
    private static String[] gates(Node node, ImportContext cx, Shape s, int at, int n, int count, int d) {
        Sym m = cx.constant(node, at, at == 1 ? "W" : "R");
        int h = s.hidden(), each = count * h * n, base = d * each;
        if (m.size() != s.directions() * each) {
            throw node.error((at == 1 ? "W" : "R") + " has " + m.size() + " values, not " + s.directions() + " x "
                    + each);
        }
        String[] out = new String[count];
        for (int g = 0; g < count; g++) {
            double[] t = new double[n * h];
            for (int j = 0; j < h; j++) {
                for (int k = 0; k < n; k++) {
                    t[k * h + j] = m.constant()[base + (g * h + j) * n + k];
                }
            }
            out[g] = cx.param(node.inputs().get(at) + "_" + g + dir(d), new int[] {n, h}, t);
        }
        return out;
    }

    /** Direction d's part of B split into its 2 * gates vectors of H (zeros when absent). */
    private static double[][] biases(Node node, ImportContext cx, int h, int count, int d) {
        double[][] b = new double[2 * count][h];
        if (node.inputs().size() > 3 && !node.inputs().get(3).isEmpty()) {
            Sym v = cx.constant(node, 3, "B");
            if (v.size() < (d + 1) * 2 * count * h) {
                throw node.error("B has " + v.size() + " values, not " + 2 * count * h + " per direction");
            }
            for (int g = 0; g < 2 * count; g++) {
                System.arraycopy(v.constant(), (d * 2 * count + g) * h, b[g], 0, h);
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

    private static String row(ImportContext cx, Node node, String name, int d, double[] v) {
        return cx.param(node.output() + "_" + name + dir(d), new int[] {1, v.length}, v);
    }

    /** Direction d's part of input {@code at} (initial_h or initial_c: (directions, 1, H)); zeros when absent. */
    private static double[] initialValues(Node node, ImportContext cx, int at, int h, int d) {
        if (node.inputs().size() <= at || node.inputs().get(at).isEmpty()) {
            return new double[h];
        }
        Sym v = cx.constant(node, at, at == 5 ? "initial_h" : "initial_c");
        if (v.size() < (d + 1) * h) {
            throw node.error("its initial state has " + v.size() + " values, not " + h + " per direction");
        }
        return java.util.Arrays.copyOfRange(v.constant(), d * h, (d + 1) * h);
    }


    /**
     * One direction's recurrence: the state's name, the new h's (the state itself, or the LSTM's h2), the initial
     * state (one row), the name of the parameter that holds it, and the body's lets up to the new state's
     * ({@code let STATE = ... in }).
     */
    private record Steps(String state, String h, double[] init, String initName, String lets) {}

    /**
     * let STATE = init in let tN = loop(i = [0:T], STATE) (lets STATE) in; returns tN, the final state. When the
     * graph reads Y, the loop carries every step's h too, in one row: h of step t at [t H, (t + 1) H), written
     * there by SeeDot's splice-write at its time (T - 1 - i when reversed), and the state after them; the (T, H)
     * steps are added to {@code ys}.
     */
    private static String loop(Node node, ImportContext cx, Shape s, int d, Steps st, List<String> ys) {
        String what = node.op() + " " + node.output();
        int steps = s.steps(), width = st.init().length, h = s.hidden(), at = steps * h;
        if (!readsY(node, cx)) {
            cx.temp(cx.param(st.initName(), new int[] {1, width}, st.init()), what + ": the initial state", st.state());
            return cx.temp("loop(i = [0:" + steps + "], " + st.state() + ") (" + st.lets() + st.state() + ")", what);
        }
        double[] all = new double[at + width];
        System.arraycopy(st.init(), 0, all, at, width);
        String acc = st.state() + "_all", current = "[0:+1][" + at + ":+" + width + "]";
        cx.temp(cx.param(st.initName() + "_all", new int[] {1, at + width}, all), what + ": the initial state", acc);
        String step = s.reversed(d) ? "(" + (steps - 1) + " - i) * " + h : "i * " + h;
        String body = "let " + st.state() + " = " + acc + current + " in " + st.lets() + "let " + acc + "[0:+1]["
                + step + ":+" + h + "] = " + st.h() + " in let " + acc + current + " = " + st.state() + " in " + acc;
        String loop = cx.temp("loop(i = [0:" + steps + "], " + acc + ") (" + body + ")", what);
        ys.add(cx.temp("reshape(" + loop + "[0:+1][0:+" + at + "], (" + steps + ", " + h + "), (1, 2))",
                what + ": h at every step"));
        return cx.temp(loop + current, what + ": the final state");
    }

    private static boolean readsY(Node node, ImportContext cx) {
        String name = node.proto().getOutputCount() > 0 ? node.proto().getOutput(0) : "";
        return !name.isEmpty() && cx.isRead(name);
    }

    /**
     * Output {@code k} (Y_h, Y_c: (directions, 1, H), layout 1: (1, directions, H)), if the graph reads it: the
     * final (1, H) state of each direction, side by side, reshaped.
     */
    private static void finalState(Node node, ImportContext cx, int k, List<String> states, Shape s) {
        if (node.proto().getOutputCount() <= k || node.proto().getOutput(k).isEmpty()) {
            return;
        }
        int n = states.size();
        int[] shape = s.layout() == 0 ? new int[] {n, 1, s.hidden()} : new int[] {1, n, s.hidden()};
        cx.rebind(node.proto().getOutput(k), Sym.value(shape, cx.temp("reshape(" + sideBySide(node, cx, states,
                s.hidden(), "Y" + k) + ", " + Sym.dims(shape) + ", (1, 2))", node.op() + " final state")));
    }

    /**
     * Output Y (every step's h: (T, directions, 1, H), layout 1: (1, T, directions, H)), if the graph reads it:
     * each direction's (T, H) states side by side, reshaped.
     */
    private static void everyStep(Node node, ImportContext cx, List<String> ys, Shape s) {
        if (ys.isEmpty()) {
            return;
        }
        int n = ys.size(), h = s.hidden();
        int[] shape = s.layout() == 0 ? new int[] {s.steps(), n, 1, h} : new int[] {1, s.steps(), n, h};
        cx.rebind(node.proto().getOutput(0), Sym.value(shape, cx.temp("reshape(" + sideBySide(node, cx, ys, h, "Y")
                + ", " + Sym.dims(shape) + ", (1, 2))", node.op() + " every step")));
    }

    /** The directions' (rows, H) parts side by side, (rows, directions H): each times a 0/1 placement matrix. */
    private static String sideBySide(Node node, ImportContext cx, List<String> parts, int h, String name) {
        int n = parts.size();
        if (n == 1) {
            return parts.getFirst();
        }
        StringBuilder sum = new StringBuilder();
        for (int d = 0; d < n; d++) {
            String place = Placement.matrix(cx, node, name + "_" + d, h, n * h, d * h, false);
            sum.append(d == 0 ? "" : " + ").append("(").append(parts.get(d)).append(" * ").append(place).append(")");
        }
        return cx.temp(sum.toString(), node.op() + " " + node.output() + ": the directions side by side");
    }
}
