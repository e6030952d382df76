package seedc.codegen.verilog.emit;

/**
 * The engine of a gather (reshape, transpose, reverse, index, splice) whose operand lies in a memory no engine
 * writes (a ROM, the input): a two-stage pipeline. In the cycle of group q each lane reads its element's word into
 * a register; in the next it converts that word and writes it, while the lanes read group q + 1. A read port that
 * feeds a register is what synthesis maps to block RAM (the iCE40's 4-kbit blocks), so Bonsai's W[node] and
 * ProtoNN's B[i], read through a multiplexer of every word in logic otherwise, take block RAM instead. One cycle
 * more than {@link ElementwiseKernel}'s: 2 + ceil(outputs / PF).
 */
final class GatherKernel {
    private GatherKernel() {}

    /**
     * Output element x reads {@code a[address(x)]} ({@code address}: an expression over x_N), converted with
     * {@code convert} (an expression over the read word's 64-bit temporary t0_N).
     */
    static String emit(NodeContext c, String what, seedc.ir.Value a, String address,
                       java.util.function.UnaryOperator<String> convert) {
        int n = c.node().elements(), pf = c.pf();
        String id = c.id(), x = "x_" + id, l = "l_" + id, q = "q_" + id, ra = "ra_" + id;
        String t = ElementwiseKernel.temp(c, 0);
        long groups = (n + pf - 1) / pf;
        StringBuilder sb = new StringBuilder(c.title(what + ", operand read through a register"));
        sb.append(c.handshake());
        sb.append(c.groups(n)).append("reg [").append(c.xBits() - 1).append(":0] ").append(x).append(";\n");
        sb.append("integer ").append(l).append(";\nreg signed [63:0] ").append(t).append(";\n");
        sb.append("reg signed [").append(c.type(a).bits() - 1).append(":0] ").append(ra).append(" [0:").append(pf - 1)
          .append("];\n");
        String read = c.forOutputs(n, ra + "[" + l + "] <= " + c.mem(a) + "[" + address + "];\n");
        String write = c.forLanes(x + " = " + c.previousElement() + ";\nif (" + x + " < " + n + ") begin\n    " + t
                + " = " + ra + "[" + l + "];\n    " + c.mem(c.op().out()) + "[" + x + "] <= " + convert.apply(t)
                + ";\nend\n");
        String step = "if (" + q + " < " + groups + ") begin\n" + NodeContext.indent(read, 4) + "end\n"
                + "if (" + q + " != 0) begin\n" + NodeContext.indent(write, 4) + "end\n"
                + c.nextGroup()
                + "if (" + q + " == " + groups + ") " + c.doneFlag() + " <= 1'b1;\n";
        sb.append(c.process(c.firstGroup(), step));
        return sb.toString();
    }
}
