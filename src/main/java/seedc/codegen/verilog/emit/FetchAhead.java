package seedc.codegen.verilog.emit;

import java.util.List;
import seedc.codegen.verilog.graph.Sizes;
import seedc.ir.Value;

/**
 * Reading a block-RAM memory element by element a group ahead: every cycle each lane reads its element of the
 * next group into a register of its own, which the engine reads in place of the memory; while the engine is not yet
 * on its groups (the {@code waiting} condition: the cycle it starts, or a loop controller before its fold) the
 * lanes read group 0's. That is one read port feeding a register, what an iCE40 block RAM has: a second read of the
 * memory into the same register, such as a separate fetch at the start, would be a second port and a multiplexer,
 * which yosys cannot map. The engine still takes a cycle per group.
 */
final class FetchAhead {
    private FetchAhead() {}

    /**
     * Each lane's register for each value of {@code vs} and the process that fills them: element y = e_N + PF + l
     * in every cycle (lane l's in the next group), or y = l while {@code waiting} holds (e_N is then the last run's).
     */
    static String registers(NodeContext c, List<Value> vs, String waiting) {
        if (vs.isEmpty()) {
            return "";
        }
        String id = c.id(), y = "y_" + id, l = "lf_" + id;
        int n = c.node().elements(), pf = c.pf(), yb = Sizes.counterBits(n + 2L * pf);
        StringBuilder sb = new StringBuilder("integer " + l + ";\nreg [" + (yb - 1) + ":0] " + y + ";\n");
        StringBuilder reads = new StringBuilder();
        for (Value v : vs) {
            sb.append("reg signed [").append(c.type(v).bits() - 1).append(":0] ").append(register(c, v))
              .append(" [0:").append(pf - 1).append("];\n");
            reads.append(register(c, v)).append('[').append(l).append("] <= ")
                 .append(ElementwiseKernel.read(c, v, y, yb)).append(";\n");
        }
        String lane = y + " = (" + waiting + " ? 0 : e_" + id + " + " + pf + ") + " + l + ";\nif (" + y + " < " + n
                + ") begin\n" + NodeContext.indent(reads.toString(), 4) + "end\n";
        return sb.append("always @(posedge clk) begin\n    for (").append(l).append(" = 0; ").append(l).append(" < ")
                 .append(pf).append("; ").append(l).append(" = ").append(l).append(" + 1) begin\n")
                 .append(NodeContext.indent(lane, 8)).append("    end\nend\n").toString();
    }

    /** The element of {@code v} lane l_N works on, from its register. */
    static String at(NodeContext c, Value v) {
        return register(c, v) + "[l_" + c.id() + "]";
    }

    private static String register(NodeContext c, Value v) {
        return "f" + v.id() + "_" + c.id();
    }
}
