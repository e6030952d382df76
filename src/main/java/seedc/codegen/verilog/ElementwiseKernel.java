package seedc.codegen.verilog;

import java.util.List;

/**
 * The engine of a linear-time node (MAFIA section IV-A: input, execution and output PF equal): PF output
 * elements per cycle, lane l computing element x = e + l. Each lane loads its operands into 64-bit temporaries
 * ({@code loads}, statements over x) and writes {@code result} (an expression over them) to the output memory.
 * The ops it serves say, in their own files, what they load and compute.
 */
final class ElementwiseKernel {
    private ElementwiseKernel() {}

    /** One operand load: {@code t<k>_N = expr;} in the lane's loop. */
    record Load(String expr) {}

    static String emit(NodeContext c, String what, List<Load> loads, String result) {
        int n = c.node().elements(), pf = c.pf();
        int xb = c.xBits();
        String id = c.id(), e = "e_" + id, x = "x_" + id;
        StringBuilder sb = new StringBuilder(c.title(what));
        sb.append(c.handshake());
        sb.append(c.groups(n)).append("reg [").append(xb - 1).append(":0] ").append(x).append(";\n");
        sb.append("integer l_").append(id).append(";\n");
        sb.append(temps(c, loads));
        StringBuilder lane = new StringBuilder(loading(c, loads));
        lane.append(c.mem(c.op().out())).append('[').append(x).append("] <= ").append(result).append(";\n");
        String step = c.forOutputs(n, lane.toString())
                + c.nextGroup()
                + "if (" + e + " + " + pf + " >= " + n + ") " + c.dn() + " <= 1'b1;\n";
        sb.append(c.process(c.firstGroup(), step));
        return sb.toString();
    }

    /** The declarations of the loads' 64-bit temporaries. */
    static String temps(NodeContext c, List<Load> loads) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < loads.size(); k++) {
            sb.append("reg signed [63:0] ").append(temp(c, k)).append(";\n");
        }
        return sb.toString();
    }

    /** The loads as a lane's statements, temporary k = load k, in order. */
    static String loading(NodeContext c, List<Load> loads) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < loads.size(); k++) {
            sb.append(temp(c, k)).append(" = ").append(loads.get(k).expr()).append(";\n");
        }
        return sb.toString();
    }

    /** The k-th operand temporary of the node. */
    static String temp(NodeContext c, int k) {
        return "t" + k + "_" + c.id();
    }

    /** The element of {@code v} lane x reads: x, 0 for one element, x mod its size for a broadcast vector. */
    static String at(NodeContext c, seedc.ir.Value v) {
        String x = "x_" + c.id();
        int size = v.size(), n = c.node().elements();
        if (size == n) {
            return c.mem(v) + "[" + x + "]";
        }
        return size == 1 ? c.mem(v) + "[0]" : c.mem(v) + "[" + c.xMod(size) + "]";
    }
}
