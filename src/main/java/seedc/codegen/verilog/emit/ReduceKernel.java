package seedc.codegen.verilog.emit;

import java.util.function.UnaryOperator;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.BlockRams;
import seedc.codegen.verilog.plan.EngineForms;
import seedc.codegen.verilog.plan.SignedProducts;
import seedc.fixed.OpParams;

/**
 * The engine of a sum of products (dense and sparse matrix products, convolution): PF lanes, each computing one
 * output x = e + l. Each cycle every lane forms term r, wrap_W(shr(a, shrA) * shr(b, shrB)), with its own
 * multiplier; a plain sum accumulates it modulo 2^W (a sparse product first shifts it by treeShift), a halving
 * tree stores it in the lane's row of the term buffer. The tree is then summed level by level, one node per lane
 * per cycle, exactly as {@code FixedKernels.treeSum} pairs and halves; the sum, shifted by post and wrapped to
 * the output, is written. An output takes K + 1 cycles (plain) or about 2K (tree), where K is the number of terms.
 *
 * <p>The terms are a two-stage pipeline: in the cycle of term r each lane reads term r's operands that lie in a
 * ROM or the input into registers (ra, rb), and multiplies term r - 1's. A memory no engine writes and read into
 * a register is a synchronous read port, which synthesis maps to block RAM (the iCE40's 4-kbit blocks) instead of
 * a multiplexer of its words in LUTs; so is a buffer planned as block RAM ({@link BlockRams}); any other buffer is
 * read in the multiply's cycle, at r - 1.
 */
final class ReduceKernel {
    private ReduceKernel() {}

    /** Where lane x's term reads its operands: index expressions over x_N and the term's, and whether it is 0. */
    record Operands(UnaryOperator<String> a, UnaryOperator<String> b, UnaryOperator<String> zero) {}

    static String emit(NodeContext c, String what, Operands ops, OpParams.Mul p, boolean sparse) {
        int n = c.node().elements(), k = c.node().terms(), pf = c.pf(), w = p.width();
        boolean tree = EngineForms.halvingTree(c.node(), p);
        String id = c.id(), x = "x_" + id, e = "e_" + id, r = "r_" + id, l = "l_" + id;
        String acc = "acc_" + id, ph = "ph_" + id, rp = "rp_" + id;
        StringBuilder sb = new StringBuilder(c.productFunction());
        sb.append(c.title(what + ", " + n + " outputs of " + k + " terms" + (tree ? ", halving tree" : ", plain sum")));
        sb.append(c.handshake()).append(registers(c, n, k, w, tree));
        Operand a = Operand.of(c, valueA(c), ops.a(), "ra_" + id, false);
        Operand b = Operand.of(c, valueB(c), ops.b(), "rb_" + id, EngineForms.sharedSecondOperand(c.op()));
        sb.append(a.declaration(pf)).append(b.declaration(pf));
        LaneSum lanes = laneSum(c, ops, p, sparse, tree, Verilog.shr(a.value(l, rp), p.shrA()),
                Verilog.shr(b.value(l, rp), p.shrB()));
        sb.append(lanes.declarations());
        String lane = ifReading(a.laneRead(l, r) + b.laneRead(l, r), r, k)
                + "if (" + r + " != 0) begin\n" + NodeContext.indent(lanes.perTerm(), 4) + "end\n";
        String terms = ifReading(a.sharedRead(r) + b.sharedRead(r), r, k) + c.forOutputs(n, lane)
                + r + " <= " + r + " + 1;\n"
                + "if (" + r + " == " + k + ") begin\n    " + r + " <= 0;\n    " + ph + " <= " + (tree ? 1 : 2)
                + ";\n" + (tree ? "    tn_" + id + " <= " + k + ";\n    ti_" + id + " <= 0;\n    tl_" + id
                + " <= 0;\n" : "") + "end\n";
        String write = c.forOutputs(n, c.mem(c.op().out()) + "[" + x + "] <= "
                + Verilog.wrap(Verilog.shr(lanes.sum(), p.post()), c.type(c.op().out()).bits()) + ";\n"
                + (tree ? "" : acc + "[" + l + "] <= 0;\n") + lanes.reset())
                + c.nextGroup() + ph + " <= 0;\n"
                + "if (" + e + " + " + pf + " >= " + n + ") " + c.doneFlag() + " <= 1'b1;\n";
        String step = "case (" + ph + ")\n0: begin\n" + NodeContext.indent(terms, 4) + "end\n"
                + (tree ? "1: begin\n" + NodeContext.indent(treeStep(c, k, w, p.treeShift()), 4) + "end\n" : "")
                + "default: begin\n" + NodeContext.indent(write, 4) + "end\nendcase\n";
        String init = c.firstGroup() + r + " <= 0;\n" + ph + " <= 0;\n"
                + c.forLanes(acc + "[" + l + "] <= 0;\n" + lanes.reset());
        sb.append(c.process(init, step));
        return sb.toString();
    }

    /** The engine's registers: the output and term counters, the phase, each lane's sum and the halving tree's. */
    private static String registers(NodeContext c, int n, int k, int w, boolean tree) {
        String id = c.id();
        int xb = c.xBits(), rb = Sizes.counterBits(k + 1), pf = c.pf();
        StringBuilder sb = new StringBuilder(c.groups(n));
        sb.append("reg [").append(xb - 1).append(":0] x_").append(id).append(";\n");
        sb.append("reg [").append(rb - 1).append(":0] r_").append(id).append(" = 0;\n");
        sb.append("wire [").append(rb - 1).append(":0] rp_").append(id).append(" = r_").append(id).append(" - 1;\n");
        sb.append("reg [1:0] ph_").append(id).append(" = 0;\ninteger l_").append(id).append(";\n");
        sb.append("reg signed [63:0] ta_").append(id).append(", tt_").append(id).append(";\n");
        sb.append("reg signed [63:0] acc_").append(id).append(" [0:").append(pf - 1).append("];\n");
        if (tree) {
            sb.append("reg signed [").append(w - 1).append(":0] tb_").append(id).append(" [0:")
              .append(pf * EngineForms.treeStride(k) - 1).append("];\n");
            sb.append("reg [").append(rb - 1).append(":0] tn_").append(id).append(", ti_").append(id).append(";\n");
            sb.append("reg [7:0] tl_").append(id).append(";\n");
        }
        return sb.toString();
    }

    /**
     * What each lane does with its terms: registers of its own, the statements of one term (the product, then into
     * the sum, the tree's buffer or the counters), the sum it ends with, and what clears it for the next output.
     */
    private record LaneSum(String declarations, String perTerm, String sum, String reset) {}

    /** The lanes' sums as the node's form needs ({@link SignedProducts}); opA and opB: the shifted operands. */
    private static LaneSum laneSum(NodeContext c, Operands ops, OpParams.Mul p, boolean sparse, boolean tree,
                                   String opA, String opB) {
        String id = c.id(), l = "l_" + id, rp = "rp_" + id, acc = "acc_" + id, tb = "tb_" + id;
        int k = c.node().terms(), w = p.width();
        SignedProducts.Form form = c.choices().signed().of(c.node());
        if (form instanceof SignedProducts.Counts counts) {
            boolean actIsA = counts.product().activationOperand() == 0;
            return new LaneSum(CountingProducts.declarations(counts, id, c.pf()) + CountingProducts.numberRegisters(id),
                    CountingProducts.update(counts, id, l, actIsA ? opA : opB, actIsA ? opB : opA),
                    CountingProducts.sum(counts, id, l, w), CountingProducts.reset(counts, id, l));
        }
        String product = switch (form) {
            case null -> c.product(opA, opB);
            case SignedProducts.Signed s -> signedTerm(s, opA, opB);
            case SignedProducts.Shifts s -> shiftedTerm(s, opA, opB);
            case SignedProducts.Counts s -> throw new AssertionError("counted above");
        };
        String term = "tt_" + id + " = " + ops.zero().apply(rp) + " ? 64'sd0 : " + Verilog.wrap(product, w) + ";\n";
        String keep = tree ? tb + "[" + row(l, k) + rp + "] <= tt_" + id + ";\n"
                : acc + "[" + l + "] <= " + Verilog.wrap(acc + "[" + l + "] + "
                        + (sparse ? Verilog.shr("tt_" + id, p.treeShift()) : "tt_" + id), w) + ";\n";
        String sum = tree ? tb + "[" + row(l, k) + "0]" : acc + "[" + l + "]";
        if (form instanceof SignedProducts.Signed signed) {
            sum = Verilog.wrap(timesConstant(sum, signed.magnitude()), w);
        }
        return new LaneSum("", term + keep, sum, "");
    }

    /**
     * A signed sum's term: the other operand, its negation, or (ternary) nothing, chosen by the ROM operand's value;
     * the sum is multiplied by the magnitude A once ({@link SignedProducts}).
     */
    private static String signedTerm(SignedProducts.Signed s, String xa, String xb) {
        String w = s.operand() == 0 ? xa : xb, x = s.operand() == 0 ? xb : xa;
        String a = Verilog.lit(s.magnitude());
        return "(" + w + " == " + a + " ? " + x + " : " + (s.ternary() ? w + " == " + Verilog.lit(-s.magnitude()) + " ? -("
                + x + ") : 64'sd0)" : "-(" + x + "))");
    }

    /**
     * A shifts form's term: the other operand shifted left by the ROM value's exponent, negated for a negative value,
     * 0 for 0, chosen by comparing the value with each of its few possible values ({@link SignedProducts.Shifts}).
     */
    private static String shiftedTerm(SignedProducts.Shifts s, String xa, String xb) {
        String w = s.operand() == 0 ? xa : xb, x = s.operand() == 0 ? xb : xa;
        StringBuilder sb = new StringBuilder("(");
        for (long v : s.values()) {
            if (v != 0) {
                int e = Long.numberOfTrailingZeros(Math.abs(v));
                String shifted = e == 0 ? "(" + x + ")" : "((" + x + ") <<< " + e + ")";
                sb.append(w).append(" == ").append(Verilog.lit(v)).append(" ? ").append(v < 0 ? "-" : "").append(shifted)
                        .append(" : ");
            }
        }
        return sb.append("64'sd0)").toString();
    }

    /** {@code e * n} for a constant n > 0 as a sum of e shifted left, a term per set bit: adders, no multiplier. */
    static String timesConstant(String e, long n) {
        StringBuilder sb = new StringBuilder("(");
        for (int k = 0; k < 63; k++) {
            if ((n >> k & 1) != 0) {
                sb.append(sb.length() == 1 ? "" : " + ").append("(").append(e).append(" <<< ").append(k).append(")");
            }
        }
        return sb.append(")").toString();
    }

    /** One node of each lane's halving tree per cycle: pair ti of the level, or its odd last element. */
    private static String treeStep(NodeContext c, int k, int w, int shift) {
        String id = c.id(), l = "l_" + id, tb = "tb_" + id, tn = "tn_" + id, ti = "ti_" + id, tl = "tl_" + id;
        String row = row(l, k);
        String a0 = tb + "[" + row + "2 * " + ti + "]", a1 = tb + "[" + row + "2 * " + ti + " + 1]";
        String last = tb + "[" + row + tn + " - 1]";
        String halve = tl + " < " + shift;
        String pair = c.forLanes(tb + "[" + row + ti + "] <= " + halve + " ? " + Verilog.wrap(Verilog.shr(a0, 1) + " + "
                + Verilog.shr(a1, 1), w) + " : " + Verilog.wrap(a0 + " + " + a1, w) + ";\n");
        String odd = c.forLanes(tb + "[" + row + ti + "] <= " + halve + " ? " + Verilog.shr(last, 1) + " : " + last + ";\n");
        String next = tn + " <= (" + tn + " + 1) >> 1;\n" + ti + " <= 0;\n" + tl + " <= " + tl + " + 1;\n"
                + "if (((" + tn + " + 1) >> 1) == 1) ph_" + id + " <= 2;\n";
        return "if (" + ti + " < (" + tn + " >> 1)) begin\n" + NodeContext.indent(pair, 4)
                + "    if (" + ti + " + 1 == ((" + tn + " + 1) >> 1)) begin\n" + NodeContext.indent(next, 8)
                + "    end else " + ti + " <= " + ti + " + 1;\nend else begin\n" + NodeContext.indent(odd + next, 4)
                + "end\n";
    }

    /** The start of lane {@code l}'s row, as a prefix to which the term's index (below the stride) is appended. */
    private static String row(String l, int k) {
        return "(" + l + " * " + EngineForms.treeStride(k) + ") | ";
    }

    /** The reads of term r, while there is one. */
    private static String ifReading(String reads, String r, int k) {
        return reads.isEmpty() ? "" : "if (" + r + " < " + k + ") begin\n" + NodeContext.indent(reads, 4) + "end\n";
    }

    /**
     * One operand of the terms: a memory no engine writes (a ROM, the input) or one in block RAM is read into a
     * register in term r's cycle and used in the next: one register per lane, or one for all when every lane reads
     * the same index (a read port feeding one register is what synthesis maps to block RAM). A buffer in logic is
     * read where it is used, at r - 1.
     */
    private record Operand(String memory, int bits, UnaryOperator<String> index, String reg, boolean shared) {
        static Operand of(NodeContext c, seedc.ir.Value v, UnaryOperator<String> index, String reg, boolean shared) {
            return new Operand(c.mem(v), c.type(v).bits(), index, c.registered(v) ? reg : null, shared);
        }

        String declaration(int pf) {
            return reg == null ? "" : "reg signed [" + (bits - 1) + ":0] " + reg + (shared ? "" : " [0:" + (pf - 1) + "]")
                    + ";\n";
        }

        /** The read of term {@code r} into the lane's register (a per-lane operand's). */
        String laneRead(String lane, String r) {
            return reg == null || shared ? "" : reg + "[" + lane + "] <= " + memory + "[" + index.apply(r) + "];\n";
        }

        /** The read of term {@code r} into the lanes' register (a shared operand's). */
        String sharedRead(String r) {
            return reg == null || !shared ? "" : reg + " <= " + memory + "[" + index.apply(r) + "];\n";
        }

        /** Term {@code rp}'s operand in the cycle after its read. */
        String value(String lane, String rp) {
            if (reg == null) {
                return memory + "[" + index.apply(rp) + "]";
            }
            return shared ? reg : reg + "[" + lane + "]";
        }
    }

    private static seedc.ir.Value valueA(NodeContext c) {
        return c.op().inputs().get(0);
    }

    private static seedc.ir.Value valueB(NodeContext c) {
        return c.op().inputs().get(1);
    }
}
