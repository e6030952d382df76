package seedc.codegen.verilog;

import seedc.fixed.OpParams;

/**
 * The engine of a sum of products (dense and sparse matrix products, convolution): PF lanes, each computing one
 * output x = e + l. Each cycle every lane forms term r, wrap_W(shr(a, shrA) * shr(b, shrB)), with its own
 * multiplier; a plain sum accumulates it modulo 2^W (a sparse product first shifts it by treeShift), a halving
 * tree stores it in the lane's row of the term buffer. The tree is then summed level by level, one node per lane
 * per cycle, exactly as {@code FixedKernels.treeSum} pairs and halves; the sum, shifted by post and wrapped to
 * the output, is written. An output takes K cycles (plain) or about 2K (tree), where K is the number of terms.
 */
final class ReduceKernel {
    private ReduceKernel() {}

    /** Where lane x's term r reads its operands: index expressions over x_N and r_N, and whether a term is 0. */
    record Operands(String a, String b, String zero) {}

    static String emit(NodeContext c, String what, Operands ops, OpParams.Mul p, boolean sparse) {
        int n = c.node().elements(), k = c.node().terms(), pf = c.pf(), w = p.width();
        boolean tree = !sparse && p.treeShift() > 0 && k > 1;
        String id = c.id(), x = "x_" + id, e = "e_" + id, r = "r_" + id, l = "l_" + id;
        String acc = "acc_" + id, tb = "tb_" + id, ph = "ph_" + id;
        String out = c.mem(c.op().out());
        int outBits = c.t(c.op().out()).bits();
        StringBuilder sb = new StringBuilder(c.title(what + ", " + n + " outputs of " + k + " terms"
                + (tree ? ", halving tree" : ", plain sum")));
        sb.append(c.handshake());
        int xb = Vx.counterBits(n + pf), rb = Vx.counterBits(k + 1);
        sb.append(c.groups(n)).append("reg [").append(xb - 1).append(":0] ").append(x).append(";\n");
        sb.append("reg [").append(rb - 1).append(":0] ").append(r).append(" = 0;\n");
        sb.append("reg [1:0] ").append(ph).append(" = 0;\ninteger ").append(l).append(";\n");
        sb.append("reg signed [63:0] ta_").append(id).append(", tt_").append(id).append(";\n");
        sb.append("reg signed [63:0] ").append(acc).append(" [0:").append(pf - 1).append("];\n");
        if (tree) {
            sb.append("reg signed [").append(w - 1).append(":0] ").append(tb).append(" [0:").append(pf * stride(k) - 1)
              .append("];\n");
            sb.append("reg [").append(rb - 1).append(":0] tn_").append(id).append(", ti_").append(id).append(";\n");
            sb.append("reg [7:0] tl_").append(id).append(";\n");
        }
        String term = "tt_" + id + " = " + ops.zero() + " ? 64'sd0 : "
                + Vx.wrap(Vx.shr(c.mem(valueA(c)) + "[" + ops.a() + "]", p.shrA()) + " * "
                + Vx.shr(c.mem(valueB(c)) + "[" + ops.b() + "]", p.shrB()), w) + ";\n";
        String keep = tree ? tb + "[" + row(l, k) + r + "] <= tt_" + id + ";\n"
                : acc + "[" + l + "] <= " + Vx.wrap(acc + "[" + l + "] + "
                        + (sparse ? Vx.shr("tt_" + id, p.treeShift()) : "tt_" + id), w) + ";\n";
        String terms = c.forOutputs(n, term + keep)
                + r + " <= " + r + " + 1;\n"
                + "if (" + r + " + 1 == " + k + ") begin\n    " + r + " <= 0;\n    " + ph + " <= " + (tree ? 1 : 2)
                + ";\n" + (tree ? "    tn_" + id + " <= " + k + ";\n    ti_" + id + " <= 0;\n    tl_" + id
                + " <= 0;\n" : "") + "end\n";
        String sum = tree ? tb + "[" + row(l, k) + "0]" : acc + "[" + l + "]";
        String write = c.forOutputs(n, out + "[" + x + "] <= " + Vx.wrap(Vx.shr(sum, p.post()), outBits) + ";\n"
                + (tree ? "" : acc + "[" + l + "] <= 0;\n"))
                + c.nextGroup() + ph + " <= 0;\n"
                + "if (" + e + " + " + pf + " >= " + n + ") " + c.dn() + " <= 1'b1;\n";
        String step = "case (" + ph + ")\n0: begin\n" + NodeContext.indent(terms, 4) + "end\n"
                + (tree ? "1: begin\n" + NodeContext.indent(treeStep(c, k, w, p.treeShift()), 4) + "end\n" : "")
                + "default: begin\n" + NodeContext.indent(write, 4) + "end\nendcase\n";
        String init = c.firstGroup() + r + " <= 0;\n" + ph + " <= 0;\n"
                + c.forLanes(acc + "[" + l + "] <= 0;\n");
        sb.append(c.process(init, step));
        return sb.toString();
    }

    /** One node of each lane's halving tree per cycle: pair ti of the level, or its odd last element. */
    private static String treeStep(NodeContext c, int k, int w, int shift) {
        String id = c.id(), l = "l_" + id, tb = "tb_" + id, tn = "tn_" + id, ti = "ti_" + id, tl = "tl_" + id;
        String row = row(l, k);
        String a0 = tb + "[" + row + "2 * " + ti + "]", a1 = tb + "[" + row + "2 * " + ti + " + 1]";
        String last = tb + "[" + row + tn + " - 1]";
        String halve = tl + " < " + shift;
        String pair = c.forLanes(tb + "[" + row + ti + "] <= " + halve + " ? " + Vx.wrap(Vx.shr(a0, 1) + " + "
                + Vx.shr(a1, 1), w) + " : " + Vx.wrap(a0 + " + " + a1, w) + ";\n");
        String odd = c.forLanes(tb + "[" + row + ti + "] <= " + halve + " ? " + Vx.shr(last, 1) + " : " + last + ";\n");
        String next = tn + " <= (" + tn + " + 1) >> 1;\n" + ti + " <= 0;\n" + tl + " <= " + tl + " + 1;\n"
                + "if (((" + tn + " + 1) >> 1) == 1) ph_" + id + " <= 2;\n";
        return "if (" + ti + " < (" + tn + " >> 1)) begin\n" + NodeContext.indent(pair, 4)
                + "    if (" + ti + " + 1 == ((" + tn + " + 1) >> 1)) begin\n" + NodeContext.indent(next, 8)
                + "    end else " + ti + " <= " + ti + " + 1;\nend else begin\n" + NodeContext.indent(odd + next, 4)
                + "end\n";
    }

    /**
     * Lane l's row of the term buffer starts at l * stride, the terms rounded up to a power of two, so that the
     * row's address is the lane's constant high bits or'ed with the term's: each lane reads and writes its own row
     * only (no multiplexer across the lanes' rows).
     */
    static int stride(int k) {
        return Vx.powerOfTwoAtLeast(k);
    }

    /** The start of lane {@code l}'s row, as a prefix to which the term's index (below the stride) is appended. */
    private static String row(String l, int k) {
        return "(" + l + " * " + stride(k) + ") | ";
    }

    private static seedc.ir.Value valueA(NodeContext c) {
        return c.op().inputs().get(0);
    }

    private static seedc.ir.Value valueB(NodeContext c) {
        return c.op().inputs().get(1);
    }
}
