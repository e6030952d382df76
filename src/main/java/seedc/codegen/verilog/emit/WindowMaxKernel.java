package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.ir.Op;

/**
 * Max pooling whose input is block RAM (one registered read port): PF lanes, each computing one output x = e + l,
 * read its window a cell a cycle. In the cycle of cell r each lane reads cell r's index from the window ROM
 * ({@code wm_N}, -1 past the window's own cells) and the input at it into registers, and compares cell r - 1's
 * with its maximum; after the last cell it writes the maximum (0 for a window wholly in the padding,
 * {@link WindowOps#result}). An output takes K + 2 cycles for windows of K cells, against one for the engine that
 * reads a whole window at once from registers.
 */
final class WindowMaxKernel {
    private WindowMaxKernel() {}

    static String emit(NodeContext c, Op.Maxpool m, int cells) {
        int n = c.node().elements(), pf = c.pf(), xb = c.xBits(), rb = Sizes.counterBits(cells + 1);
        int ib = Sizes.counterBits(m.x().size()) + 1, bits = c.type(m.x()).bits();
        String id = c.id(), x = "x_" + id, e = "e_" + id, r = "r_" + id, l = "l_" + id, ph = "ph_" + id;
        String best = "mb_" + id + "[" + l + "]", value = "mv_" + id + "[" + l + "]", has = "mh_" + id + "[" + l + "]";
        StringBuilder sb = new StringBuilder(c.title("max pool of " + cells + " cells, a cell a cycle from block RAM"));
        sb.append(c.handshake());
        sb.append(c.groups(n)).append("reg [").append(xb - 1).append(":0] ").append(x).append(";\n");
        sb.append("reg [").append(rb - 1).append(":0] ").append(r).append(" = 0;\n");
        sb.append("reg ").append(ph).append(" = 1'b0;\ninteger ").append(l).append(";\n");
        sb.append("reg signed [").append(ib - 1).append(":0] mi_").append(id).append(";\n");
        sb.append("reg signed [63:0] mb_").append(id).append(" [0:").append(pf - 1).append("];\n");
        sb.append("reg signed [").append(bits - 1).append(":0] mv_").append(id).append(" [0:").append(pf - 1)
          .append("];\n");
        sb.append("reg mh_").append(id).append(" [0:").append(pf - 1).append("];\n");
        String read = "mi_" + id + " = wm_" + id + "(" + x + " * " + cells + " + " + r + ");\n"
                + value + " <= " + c.mem(m.x()) + "[mi_" + id + "];\n"
                + has + " <= mi_" + id + " >= 0;\n";
        String compare = "if (" + has + " && " + value + " > " + best + ") " + best + " <= " + value + ";\n";
        String lane = "if (" + r + " < " + cells + ") begin\n" + NodeContext.indent(read, 4) + "end\n"
                + "if (" + r + " != 0) begin\n" + NodeContext.indent(compare, 4) + "end\n";
        String cellsStep = c.forOutputs(n, lane) + r + " <= " + r + " + 1;\n"
                + "if (" + r + " == " + cells + ") begin\n    " + r + " <= 0;\n    " + ph + " <= 1'b1;\nend\n";
        String write = c.forOutputs(n, c.mem(m.out()) + "[" + x + "] <= " + WindowOps.result(c, m, best) + ";\n"
                + best + " <= " + WindowOps.NONE + ";\n")
                + c.nextGroup() + ph + " <= 1'b0;\n"
                + "if (" + e + " + " + pf + " >= " + n + ") " + c.doneFlag() + " <= 1'b1;\n";
        String step = "if (!" + ph + ") begin\n" + NodeContext.indent(cellsStep, 4) + "end else begin\n"
                + NodeContext.indent(write, 4) + "end\n";
        String init = c.firstGroup() + r + " <= 0;\n" + ph + " <= 1'b0;\n"
                + c.forLanes(best + " <= " + WindowOps.NONE + ";\n");
        return sb.append(c.process(init, step)).toString();
    }
}
