package seedc.codegen.verilog;

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
                + c.process("", out + " <= " + value + ";\n" + c.dn() + " <= 1'b1;\n");
    }

    /** The row-major index of the first maximum: one element a cycle. */
    static String argmax(NodeContext c, Op.Argmax a) {
        String id = c.id(), in = c.mem(a.a()), out = c.mem(a.out()), e = "e_" + id, bv = "bv_" + id;
        int n = a.a().size(), eb = Vx.counterBits(n);
        String init = e + " <= 1;\n" + out + " <= 0;\n" + bv + " <= " + in + "[0];\n";
        String step = "if (" + e + " < " + n + ") begin\n"
                + "    if (" + in + "[" + e + "] > " + bv + ") begin\n"
                + "        " + bv + " <= " + in + "[" + e + "];\n        " + out + " <= " + e + ";\n    end\n"
                + "    " + e + " <= " + e + " + 1;\nend else " + c.dn() + " <= 1'b1;\n";
        return c.title("argmax of " + n) + c.handshake() + "reg signed [31:0] " + out + " = 0;\n"
                + "reg [" + (eb - 1) + ":0] " + e + " = 0;\nreg signed [63:0] " + bv + " = 0;\n"
                + c.process(init, step);
    }
}
