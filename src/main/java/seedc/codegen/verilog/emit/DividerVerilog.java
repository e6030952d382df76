package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.plan.Divider;

/** The Verilog of a sigmoid's or tanh's divider at the widths planning gave it ({@link Divider}). */
record DividerVerilog(Divider widths) {
    /** The magnitude of an operand {@code v} of the divider (v itself where no operand is negative). */
    String magnitude(String v) {
        return widths.signed() ? v + " < 0 ? -" + v + " : " + v : v;
    }

    /** Whether the quotient of operands n and d is negative (never, where no operand is). */
    String negativeQuotient(String n, String d) {
        return widths.signed() ? "(" + n + " < 0) != (" + d + " < 0)" : "1'b0";
    }

    /**
     * The divider as a function {@code name(n, d)}: restoring long division of the magnitudes, a quotient bit per
     * stage from the numerator's top bit down, the remainder kept below |d| (denBits + 1 bits), then the sign, so
     * the quotient truncates toward zero as {@code n / d} does. A stage's one subtraction also compares (its
     * borrow is the quotient bit). Written out rather than as {@code n / d}: yosys's own divider subtracts at
     * twice the operands' width in every stage; for tanh's 31 / 17 bits alone on the Artix-7 it is 3,663 LUTs,
     * this one 1,434 (a separate comparison: 2,017). The result is as wide as the numerator (the quotient's
     * magnitude is at most the numerator's).
     */
    String function(String name) {
        int n = widths.numBits(), d = widths.denBits();
        return "function automatic signed [" + (n - 1) + ":0] " + name + "(input signed [" + (n - 1) + ":0] n,"
                + " input signed [" + (d - 1) + ":0] d);\n"
                + "    reg [" + (n - 1) + ":0] a, q;\n    reg [" + (d - 1) + ":0] b;\n    reg [" + d + ":0] r;\n"
                + "    reg [" + (d + 1) + ":0] t;\n    integer i;\n    begin\n"
                + "        a = " + magnitude("n") + ";\n        b = " + magnitude("d") + ";\n        r = 0;\n"
                + "        for (i = " + (n - 1) + "; i >= 0; i = i - 1) begin\n"
                + "            r = {r[" + (d - 1) + ":0], a[i]};\n"
                + "            t = {1'b0, r} - {2'b0, b};\n"
                + "            q[i] = !t[" + (d + 1) + "];\n"
                + "            if (q[i]) r = t[" + d + ":0];\n"
                + "        end\n"
                + "        " + name + " = " + (widths.signed() ? "(n < 0) != (d < 0) ? -q : q" : "q") + ";\n    end\n"
                + "endfunction\n";
    }
}
