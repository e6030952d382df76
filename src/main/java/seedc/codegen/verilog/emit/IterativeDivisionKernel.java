package seedc.codegen.verilog.emit;

import java.util.List;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.Divider;

/**
 * The engine of sigmoid and tanh with an iterative divider: per group of PF outputs, a cycle in which each lane
 * loads its operands (the exp tables' lookups, as {@link ElementwiseKernel} does) and latches the magnitudes of
 * the numerator and denominator at the divider's widths, then one cycle per numerator bit, each a step of the
 * restoring long division {@link DividerVerilog#function} writes out as a combinational array (the
 * remainder shifted left with the numerator's next bit; one subtraction whose borrow is the quotient bit and
 * which replaces the remainder when there is none), then a cycle that signs the quotient and writes it. The lane
 * is a subtractor, a multiplexer and a few registers instead of numBits of each, and computes the same integers:
 * the operands are truncated to the same widths and the steps are the function's, one per cycle. Operands in
 * block RAM are fetched as {@link ElementwiseKernel} fetches them, the next group's every cycle: the load of a
 * group follows the previous group's write cycle, which fetched it.
 */
final class IterativeDivisionKernel {
    private IterativeDivisionKernel() {}

    /**
     * The engine: {@code loads} as the combinational one's, then num / den at the divider's widths, the quotient
     * negated where {@code negative} (an expression over the loads; null: never) holds, wrapped to the output.
     */
    static String emit(NodeContext c, String what, List<Load> loads, String num, String den, String negative,
                       Divider d) {
        int n = c.node().elements(), pf = c.pf(), nb = d.numBits(), db = d.denBits();
        String id = c.id(), x = "x_" + id, e = "e_" + id, l = "l_" + id, s = "s_" + id;
        StringBuilder sb = new StringBuilder(c.title(what + ", iterative divider, " + d.iterativeCyclesPerGroup()
                + " cycles per group"));
        sb.append(c.handshake());
        sb.append(c.groups(n)).append("reg [").append(c.xBits() - 1).append(":0] ").append(x).append(";\n");
        sb.append("integer ").append(l).append(";\n");
        sb.append("reg [").append(Sizes.counterBits(nb + 1) - 1).append(":0] ").append(s).append(" = 0;\n");
        sb.append(ElementwiseKernel.temps(c, loads)).append(ElementwiseKernel.fetches(c))
          .append(declarations(id, pf, nb, db));
        StringBuilder load = new StringBuilder(ElementwiseKernel.loading(c, loads));
        load.append("nn_").append(id).append(" = ").append(num).append(";\n")
            .append("nd_").append(id).append(" = ").append(den).append(";\n")
            .append(lane("da", id, l)).append(" <= ").append(new DividerVerilog(d).magnitude("nn_" + id)).append(";\n")
            .append(lane("db", id, l)).append(" <= ").append(new DividerVerilog(d).magnitude("nd_" + id)).append(";\n")
            .append(lane("dr", id, l)).append(" <= 0;\n")
            .append(lane("dsq", id, l)).append(" <= ").append(new DividerVerilog(d).negativeQuotient("nn_" + id, "nd_" + id)).append(";\n")
            .append(lane("dsr", id, l)).append(" <= ").append(negative == null ? "1'b0" : negative).append(";\n");
        String rr = "rr_" + id, tt = "tt_" + id;
        String step = rr + " = {" + lane("dr", id, l) + "[" + (db - 1) + ":0], " + lane("da", id, l) + "[" + (nb - 1)
                + "]};\n"
                + tt + " = {1'b0, " + rr + "} - {2'b0, " + lane("db", id, l) + "};\n"
                + lane("dq", id, l) + " <= {" + lane("dq", id, l) + "[" + (nb - 2) + ":0], !" + tt + "[" + (db + 1)
                + "]};\n"
                + lane("dr", id, l) + " <= " + tt + "[" + (db + 1) + "] ? " + rr + " : " + tt + "[" + db + ":0];\n"
                + lane("da", id, l) + " <= " + lane("da", id, l) + " << 1;\n";
        String q = "qs_" + id, r = "qr_" + id;
        String write = q + " = " + lane("dsq", id, l) + " ? -" + lane("dq", id, l) + " : " + lane("dq", id, l) + ";\n"
                + r + " = " + q + ";\n"
                + c.mem(c.op().out()) + "[" + x + "] <= " + Verilog.wrap("(" + lane("dsr", id, l) + " ? -" + r + " : " + r
                + ")", c.type(c.op().out()).bits()) + ";\n";
        String body = "if (" + s + " == 0) begin\n" + NodeContext.indent(c.forOutputs(n, load.toString()), 4)
                + "    " + s + " <= 1;\nend else if (" + s + " <= " + nb + ") begin\n"
                + NodeContext.indent(c.forLanes(step), 4) + "    " + s + " <= " + s + " + 1;\nend else begin\n"
                + NodeContext.indent(c.forOutputs(n, write) + c.nextGroup() + s + " <= 0;\n"
                        + "if (" + e + " + " + pf + " >= " + n + ") " + c.doneFlag() + " <= 1'b1;\n", 4)
                + "end\n";
        sb.append(c.process(c.firstGroup() + s + " <= 0;\n", body));
        return sb.toString();
    }

    /**
     * Each lane's divider state: the numerator's magnitude shifted out a bit per step (da), the denominator's (db),
     * the remainder (dr), the quotient shifted in (dq), whether the quotient is negative (dsq) and whether the
     * result is (dsr: tanh of a negative); and the load's and step's blocking temporaries.
     */
    private static String declarations(String id, int pf, int nb, int db) {
        String lanes = " [0:" + (pf - 1) + "];\n";
        return "reg [" + (nb - 1) + ":0] da_" + id + lanes + "reg [" + (nb - 1) + ":0] dq_" + id + lanes
                + "reg [" + (db - 1) + ":0] db_" + id + lanes + "reg [" + db + ":0] dr_" + id + lanes
                + "reg dsq_" + id + lanes + "reg dsr_" + id + lanes
                + "reg signed [" + (nb - 1) + ":0] nn_" + id + ", qs_" + id + ";\n"
                + "reg signed [" + (db - 1) + ":0] nd_" + id + ";\n"
                + "reg signed [63:0] qr_" + id + ";\n"
                + "reg [" + db + ":0] rr_" + id + ";\nreg [" + (db + 1) + ":0] tt_" + id + ";\n";
    }

    /** Lane l's register of the named array. */
    private static String lane(String array, String id, String l) {
        return array + "_" + id + "[" + l + "]";
    }
}
