package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.plan.SignedProducts;
import seedc.fixed.FixedArith;
import seedc.fixed.LowBitProducts;

/**
 * The counting engine of a product of low-bit operands ({@link SignedProducts.Counts}): for each term a lane
 * numbers the activation's level (q, by comparing with its levels) and the weight's value (r), and adds to its
 * counters q, r and, for each pair of their bits (i, j), bit i of q AND bit j of r; no multiplier. At the end the
 * sum is n a0 b0 + a0 db sum r + b0 da sum q + da db sum 2^(i+j) count_ij modulo 2^W (LowBitProducts), its
 * constant products written as shifts and adds. One pair of bits (binary activations and weights) is the
 * XNOR/popcount engine of binarized networks, with the offsets that make any two evenly spaced level sets exact.
 */
final class CountingProducts {
    private CountingProducts() {}

    /** The lanes' counters: sum q, sum r and one per pair of bits, each as wide as its largest count. */
    static String declarations(SignedProducts.Counts c, String id, int pf) {
        LowBitProducts.Product p = c.product();
        int k = p.terms();
        StringBuilder sb = new StringBuilder();
        sb.append(counter("cq_" + id, (p.activation().count() - 1L) * k, pf));
        sb.append(counter("cr_" + id, (p.weight().count() - 1L) * k, pf));
        for (int i = 0; i < p.activation().planes(); i++) {
            for (int j = 0; j < p.weight().planes(); j++) {
                sb.append(counter("cb" + i + j + "_" + id, k, pf));
            }
        }
        return sb.toString();
    }

    private static String counter(String name, long max, int pf) {
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, max));
        return "reg [" + (bits - 1) + ":0] " + name + " [0:" + (pf - 1) + "];\n";
    }

    /** Lane l's term: the numbers of x (the activation, pre-shifted) and w (the weight), added to the counters. */
    static String update(SignedProducts.Counts c, String id, String l, String x, String w) {
        LowBitProducts.Product p = c.product();
        String q = "nq_" + id, r = "nr_" + id;
        StringBuilder sb = new StringBuilder();
        sb.append(q).append(" = ").append(number(x, p.activation())).append(";\n");
        sb.append(r).append(" = ").append(number(w, p.weight())).append(";\n");
        sb.append("cq_").append(id).append("[").append(l).append("] <= cq_").append(id).append("[").append(l)
          .append("] + ").append(q).append(";\n");
        sb.append("cr_").append(id).append("[").append(l).append("] <= cr_").append(id).append("[").append(l)
          .append("] + ").append(r).append(";\n");
        for (int i = 0; i < p.activation().planes(); i++) {
            for (int j = 0; j < p.weight().planes(); j++) {
                String cb = "cb" + i + j + "_" + id + "[" + l + "]";
                sb.append(cb).append(" <= ").append(cb).append(" + (").append(q).append("[").append(i).append("] & ")
                  .append(r).append("[").append(j).append("]);\n");
            }
        }
        return sb.toString();
    }

    /** The registers of the level numbers (blocking, per lane in turn). */
    static String numberRegisters(String id) {
        return "reg [1:0] nq_" + id + ", nr_" + id + ";\n";
    }

    /** A value's number among evenly spaced levels: how many of the levels below the top it exceeds. */
    private static String number(String v, LowBitProducts.Levels levels) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i + 1 < levels.count(); i++) {
            sb.append(i == 0 ? "" : " + ").append("((").append(v).append(") > ")
              .append(Verilog.lit(levels.base() + i * levels.step())).append(" ? 2'd1 : 2'd0)");
        }
        return sb.append(")").toString();
    }

    /** Lane l's sum from its counters, modulo 2^W (before the output's shift). */
    static String sum(SignedProducts.Counts c, String id, String l, int width) {
        LowBitProducts.Product p = c.product();
        LowBitProducts.Levels a = p.activation(), b = p.weight();
        StringBuilder sb = new StringBuilder("(" + Verilog.lit(FixedArith.wrap((long) p.terms() * a.base() * b.base(),
                width)));
        sb.append(times("$signed({1'b0, cr_" + id + "[" + l + "]})", a.base() * b.step(), width));
        sb.append(times("$signed({1'b0, cq_" + id + "[" + l + "]})", b.base() * a.step(), width));
        for (int i = 0; i < a.planes(); i++) {
            for (int j = 0; j < b.planes(); j++) {
                sb.append(times("$signed({1'b0, cb" + i + j + "_" + id + "[" + l + "]})",
                        a.step() * b.step() << (i + j), width));
            }
        }
        return Verilog.wrap(sb.append(")").toString(), width);
    }

    /** " + e * c" modulo 2^W, c a constant, as shifts and adds (no multiplier); nothing for c = 0. */
    private static String times(String e, long c, int width) {
        long f = FixedArith.wrap(c, width);
        if (f == 0) {
            return "";
        }
        if (f == Long.MIN_VALUE) {
            return " + ((" + e + ") <<< 63)";
        }
        return f > 0 ? " + " + ReduceKernel.timesConstant(e, f) : " - " + ReduceKernel.timesConstant(e, -f);
    }

    /** Lane l's counters cleared for the next output. */
    static String reset(SignedProducts.Counts c, String id, String l) {
        LowBitProducts.Product p = c.product();
        StringBuilder sb = new StringBuilder("cq_" + id + "[" + l + "] <= 0;\ncr_" + id + "[" + l + "] <= 0;\n");
        for (int i = 0; i < p.activation().planes(); i++) {
            for (int j = 0; j < p.weight().planes(); j++) {
                sb.append("cb").append(i).append(j).append("_").append(id).append("[").append(l).append("] <= 0;\n");
            }
        }
        return sb.toString();
    }
}
