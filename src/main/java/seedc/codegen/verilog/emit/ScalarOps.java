package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.ir.Op;

/** Ops that give an int register: integer arithmetic, sgn, an int select (one cycle) and argmax (a scan). */
final class ScalarOps {
    private ScalarOps() {}

    static String intArith(NodeContext c, Op.IntArith a) {
        String sym = switch (a.op()) {
            case ADD -> " + ";
            case SUB -> " - ";
            case MUL -> " * ";
        };
        return oneCycle(c, "int " + a.op().name().toLowerCase(java.util.Locale.ROOT), c.mem(a.a()) + sym + c.mem(a.b()));
    }

    /** 1 when the one-element value is > 0, else 0. */
    static String sgn(NodeContext c, Op.Sgn s) {
        return oneCycle(c, "sgn", "(" + c.mem(s.a()) + "[0] > 0 ? 1 : 0)");
    }

    static String select(NodeContext c, Op.Select s) {
        String cond = s.cond().isInt() ? c.mem(s.cond()) : c.mem(s.cond()) + "[0]";
        return oneCycle(c, "select", "(" + cond + " >= 0 ? " + c.mem(s.a()) + " : " + c.mem(s.b()) + ")");
    }

    private static String oneCycle(NodeContext c, String what, String value) {
        String out = c.mem(c.op().out());
        return c.title(what) + c.handshake() + "reg signed [31:0] " + out + " = 0;\n"
                + c.process("", out + " <= " + value + ";\n" + c.doneFlag() + " <= 1'b1;\n");
    }

    /** The row-major index of the first maximum: one element a cycle. */
    static String argmax(NodeContext c, Op.Argmax a) {
        if (c.inBlockRam(a.a())) {
            return registeredArgmax(c, a);
        }
        String id = c.id(), in = c.mem(a.a()), out = c.mem(a.out()), e = "e_" + id, bv = "bv_" + id;
        int n = a.a().size(), eb = Sizes.counterBits(n);
        String init = e + " <= 1;\n" + out + " <= 0;\n" + bv + " <= " + in + "[0];\n";
        String step = "if (" + e + " < " + n + ") begin\n"
                + "    if (" + in + "[" + e + "] > " + bv + ") begin\n"
                + "        " + bv + " <= " + in + "[" + e + "];\n        " + out + " <= " + e + ";\n    end\n"
                + "    " + e + " <= " + e + " + 1;\nend else " + c.doneFlag() + " <= 1'b1;\n";
        return c.title("argmax of " + n) + c.handshake() + "reg signed [31:0] " + out + " = 0;\n"
                + "reg [" + (eb - 1) + ":0] " + e + " = 0;\nreg signed [63:0] " + bv + " = 0;\n"
                + c.process(init, step);
    }

    /**
     * Argmax of a block-RAM vector (one registered read port): a process of its own reads element e + 1 into a
     * register every cycle (element 0 in the cycle the engine starts), and the scan compares element e from it, a
     * cycle more than reading the vector directly. The maximum starts below every element, so element 0 is taken
     * first and a later one only when greater: the first maximum, as the interpreter's.
     */
    private static String registeredArgmax(NodeContext c, Op.Argmax a) {
        String id = c.id(), out = c.mem(a.out()), e = "e_" + id, bv = "bv_" + id, av = "av_" + id;
        int n = a.a().size(), eb = Sizes.counterBits(n + 1);
        String init = e + " <= 0;\n" + out + " <= 0;\n" + bv + " <= " + WindowOps.NONE + ";\n";
        String step = "if (" + e + " < " + n + ") begin\n"
                + "    if (" + av + " > " + bv + ") begin\n"
                + "        " + bv + " <= " + av + ";\n        " + out + " <= " + e + ";\n    end\n"
                + "    " + e + " <= " + e + " + 1;\nend else " + c.doneFlag() + " <= 1'b1;\n";
        String fetch = "always @(posedge clk) " + av + " <= " + c.mem(a.a()) + "[go_" + id + " ? 0 : " + e
                + " + 1];\n";
        return c.title("argmax of " + n + ", an element a cycle from block RAM") + c.handshake()
                + "reg signed [31:0] " + out + " = 0;\n" + "reg [" + (eb - 1) + ":0] " + e + " = 0;\n"
                + "reg signed [63:0] " + bv + " = 0;\nreg signed [" + (c.type(a.a()).bits() - 1) + ":0] " + av + ";\n"
                + fetch + c.process(init, step);
    }
}
