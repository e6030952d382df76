package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.FixedType;
import seedc.ir.Value;

/**
 * Verilog expressions of seedc's integer primitives (docs/fixed-point-semantics.md) with their constants
 * written in: sd_shr and sd_wrap (sd_arith.vh) on 64-bit signed values, which synthesis folds to wiring for a
 * constant shift or width.
 */
final class Verilog {
    private Verilog() {}

    /** The memory holding a real value, or the register holding an int. */
    static String mem(Value v) {
        return (v.isInt() ? "i" : "v") + v.id();
    }

    static String shr(String e, int n) {
        return n == 0 ? e : "sd_shr(" + e + ", " + n + ")";
    }

    static String wrap(String e, int bits) {
        return "sd_wrap(" + e + ", " + bits + ")";
    }

    /** A value of type {@code from} in type {@code to}: wrap(shr(v, from.scale - to.scale)); v when equal. */
    static String conv(String e, FixedType from, FixedType to) {
        return from.equals(to) ? e : reduce(e, from, to);
    }

    /** {@link #conv} even between equal types (an exact integer that may lie outside the type). */
    static String reduce(String e, FixedType from, FixedType to) {
        return wrap(shr(e, from.scale() - to.scale()), to.bits());
    }

    /** A signed 64-bit literal. */
    static String lit(long v) {
        if (v == Long.MIN_VALUE) {
            return "64'sh8000000000000000";
        }
        return (v < 0 ? "-" : "") + "64'sd" + Math.abs(v);
    }

    /**
     * {@code e / n} for an unsigned {@code e} of {@code bits} bits, computed at that width. The braces make it
     * self-determined: in an address like {@code r * 10 + x % 10} the unsized constants would otherwise widen the
     * division to 32 bits, and yosys builds a 32-stage array for it in every lane (FastGRNN's PF-8 output product:
     * 15,000 of its 31,000 LUTs).
     */
    static String div(String e, int bits, int n) {
        return n >= 1L << bits ? "1'b0" : n == 1 ? e : "{" + e + " / " + bits + "'d" + n + "}";
    }

    /** {@code e % n} for an unsigned {@code e} of {@code bits} bits, at that width ({@link #div}). */
    static String mod(String e, int bits, int n) {
        return n >= 1L << bits ? e : n == 1 ? "1'b0" : "{" + e + " % " + bits + "'d" + n + "}";
    }

    /**
     * {@code name * n} for a non-negative register or wire {@code name} whose product is below 2^bits, as a sum of
     * its low bits shifted left, one per set bit of n (each term a concatenation exactly {@code bits} wide). Written
     * as a product of a 32-bit int register, yosys maps it to a DSP block on the iCE40 when n has three or more set
     * bits (ProtoNN letter's Z[i], 26 words a row: a ninth SB_MAC16 on the UP5K's eight).
     */
    static String timesConstant(String name, int n, int bits) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < bits; k++) {
            if ((n >> k & 1) != 0) {
                sb.append(sb.length() == 0 ? "(" : " + ").append("{").append(name).append("[").append(bits - 1 - k)
                  .append(":0]").append(k == 0 ? "" : ", " + k + "'b0").append("}");
            }
        }
        return sb.length() == 0 ? "0" : sb.append(")").toString();
    }

    /** A case-statement function: a ROM synthesis maps to logic or block RAM, simulation reads directly. */
    static String rom(String name, int outBits, long[] values) {
        int ib = Sizes.counterBits(values.length - 1);
        StringBuilder sb = new StringBuilder();
        sb.append("function automatic signed [").append(outBits - 1).append(":0] ").append(name)
          .append("(input [").append(ib - 1).append(":0] k);\n    case (k)\n");
        for (int i = 0; i < values.length; i++) {
            sb.append("        ").append(i).append(": ").append(name).append(" = ").append(lit(values[i])).append(";\n");
        }
        sb.append("        default: ").append(name).append(" = 0;\n    endcase\nendfunction\n");
        return sb.toString();
    }

    static String rom(String name, int outBits, int[] values) {
        long[] l = new long[values.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = values[i];
        }
        return rom(name, outBits, l);
    }

    /**
     * A multiplier in logic ({@link seedc.codegen.verilog.plan.LogicMultipliers}) as a function {@code name(x, w)} of the operands at their widths: x shifted left by each bit i
     * of w, added (the top bit, w's sign, subtracted), at the product's width: exactly x * w.
     */
    static String shiftAndAddMultiplier(String name, int[] bits) {
        int a = bits[0], b = bits[1], y = a + b;
        return "function automatic signed [" + (y - 1) + ":0] " + name + "(input signed [" + (a - 1) + ":0] x,"
                + " input signed [" + (b - 1) + ":0] w);\n"
                + "    reg signed [" + (y - 1) + ":0] s;\n    integer i;\n    begin\n"
                + "        s = x;\n        " + name + " = 0;\n"
                + "        for (i = 0; i < " + (b - 1) + "; i = i + 1) if (w[i]) " + name + " = " + name
                + " + (s <<< i);\n"
                + "        if (w[" + (b - 1) + "]) " + name + " = " + name + " - (s <<< " + (b - 1) + ");\n"
                + "    end\nendfunction\n";
    }
}
