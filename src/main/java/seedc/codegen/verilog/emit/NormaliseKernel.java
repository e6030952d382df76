package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.FixedType;
import seedc.ir.Op;

/**
 * L2 normalisation, one group at a time (a pixel's channels for rank 4, else the whole tensor), as
 * {@code FixedKernels.normaliseL2}: the squares summed modulo 2^64 one element a cycle, floor(sqrt) of the sum in
 * one cycle (digit by digit, exact), then PF elements a cycle of a * 2^scale / norm (0 where the norm is 0).
 */
final class NormaliseKernel {
    private NormaliseKernel() {}

    static String emit(NodeContext c, Op.NormaliseL2 n) {
        String id = c.id(), e = "e_" + id, g = "g_" + id, ph = "ph_" + id, sq = "sq_" + id, nm = "nm_" + id;
        String l = "l_" + id, in = c.mem(n.a()), out = c.mem(n.out());
        int size = n.a().size(), group = n.a().shape().rank() == 4 ? n.a().shape().last() : size, pf = c.pf();
        FixedType to = c.type(n.out());
        String x = "(" + g + " + " + e + " + " + l + ")";
        String divide = c.forLanes("if (" + e + " + " + l + " < " + group + ") " + out + "[" + x + "] <= " + nm
                + " == 0 ? 64'sd0 : " + Verilog.wrap(Verilog.shr(in + "[" + x + "]", -to.scale()) + " / " + nm, to.bits()) + ";\n")
                + e + " <= " + e + " + " + pf + ";\n"
                + "if (" + e + " + " + pf + " >= " + group + ") begin\n    " + e + " <= 0;\n    " + ph + " <= 0;\n    "
                + sq + " <= 0;\n    " + g + " <= " + g + " + " + group + ";\n    if (" + g + " + " + group + " >= " + size
                + ") " + c.doneFlag() + " <= 1'b1;\nend\n";
        String step = "case (" + ph + ")\n"
                + "0: begin\n    " + sq + " <= " + sq + " + " + in + "[" + g + " + " + e + "] * " + in + "[" + g + " + "
                + e + "];\n    if (" + e + " + 1 == " + group + ") begin\n        " + e + " <= 0;\n        " + ph
                + " <= 1;\n    end else " + e + " <= " + e + " + 1;\nend\n"
                + "1: begin\n    " + nm + " <= sd_isqrt(" + sq + ");\n    " + ph + " <= 2;\nend\n"
                + "default: begin\n" + NodeContext.indent(divide, 4) + "end\nendcase\n";
        return c.title("L2 normalisation of " + size / group + " groups of " + group) + c.handshake()
                + "reg [" + (Sizes.counterBits(size + pf) - 1) + ":0] " + e + " = 0, " + g + " = 0;\nreg [1:0] " + ph
                + " = 0;\nreg signed [63:0] " + sq + " = 0, " + nm + " = 0;\ninteger " + l + ";\n"
                + c.process(e + " <= 0;\n" + g + " <= 0;\n" + ph + " <= 0;\n" + sq + " <= 0;\n", step);
    }
}
