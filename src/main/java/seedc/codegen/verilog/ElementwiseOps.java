package seedc.codegen.verilog;

import static seedc.codegen.verilog.ElementwiseKernel.at;
import static seedc.codegen.verilog.ElementwiseKernel.temp;

import java.util.ArrayList;
import java.util.List;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.ElementwiseKernel.Load;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The element-wise ops on {@link ElementwiseKernel}: each lane computes what {@code FixedKernels} computes for
 * one element, with the same constants.
 */
final class ElementwiseOps {
    private ElementwiseOps() {}

    /** a +/- b: wrap_out(shr(wrap_W(shr(a, shrA) +/- shr(b, shrB)), post)). */
    static String add(NodeContext c, Value a, Value b, boolean subtract, OpParams.Add p) {
        String sum = Vx.shr(temp(c, 0), p.shrA()) + (subtract ? " - " : " + ") + Vx.shr(temp(c, 1), p.shrB());
        String r = Vx.wrap(Vx.shr(Vx.wrap(sum, p.width()), p.post()), c.t(c.op().out()).bits());
        return ElementwiseKernel.emit(c, subtract ? "subtract" : "add", List.of(new Load(at(c, a)), new Load(at(c, b))), r);
    }

    /** a * b of one term: wrap_out(shr(wrap_W(shr(a, shrA) * shr(b, shrB)), post)). */
    static String product(NodeContext c, Value a, Value b, OpParams.Mul p) {
        String prod = c.product(Vx.shr(temp(c, 0), p.shrA()), Vx.shr(temp(c, 1), p.shrB()));
        String r = Vx.wrap(Vx.shr(Vx.wrap(prod, p.width()), p.post()), c.t(c.op().out()).bits());
        List<Load> loads = List.of(new Load(at(c, a)), new Load(at(c, b)));
        return c.productFunction() + ElementwiseKernel.emit(c, "product", loads, r);
    }

    static String neg(NodeContext c, Value a) {
        String r = Vx.reduce("-" + temp(c, 0), c.t(a), c.t(c.op().out()));
        return ElementwiseKernel.emit(c, "negate", List.of(new Load(at(c, a))), r);
    }

    /** relu (max: none) and relu6, clamped in the operand's type, then converted. */
    static String clamp(NodeContext c, Value a, Long max) {
        String t = temp(c, 0);
        String lo = "(" + t + " < 0 ? 64'sd0 : " + t + ")";
        String v = max == null ? lo : "(" + t + " < 0 ? 64'sd0 : " + t + " > " + Vx.lit(max) + " ? " + Vx.lit(max)
                + " : " + t + ")";
        return ElementwiseKernel.emit(c, max == null ? "relu" : "relu6", List.of(new Load(at(c, a))),
                Vx.conv(v, c.t(a), c.t(c.op().out())));
    }

    /** e^a from the two tables: shr(tf[i] * tg[j], post), wrapped to the output. */
    static String exp(NodeContext c, Value a, OpParams.Exp p) {
        List<Load> loads = new ArrayList<>();
        Interval arg = Interval.of(c.t(a)).shr(p.inShift());
        loads.add(new Load(Vx.shr(at(c, a), p.inShift()), arg));
        ExpLookup.lookup(c, p.table(), 0, arg, 1, loads);
        String r = Vx.wrap(Vx.shr(temp(c, 5), p.post()), c.t(c.op().out()).bits());
        return ExpLookup.tables(c, p.table()) + ElementwiseKernel.emit(c, "exp", loads, r);
    }

    /**
     * sigmoid and tanh from e^-|x| (e^-2|x|): (one or e) << out.scale / (one + e), with tanh's sign. The divider is
     * at its operands' widths ({@link Divider}): combinational, a lane's element per cycle, or iterative, a quotient
     * bit per cycle ({@link IterativeDivisionKernel}), as the node's context says.
     */
    static String activation(NodeContext c, Value a, OpParams.Activation p, boolean sigmoid) {
        ExpTable t = p.table();
        FixedType out = c.t(c.op().out());
        List<Load> loads = new ArrayList<>();
        String x = temp(c, 0);
        Interval in = Interval.of(c.t(a)).shr(p.inShift());
        loads.add(new Load(Vx.shr(at(c, a), p.inShift()), in));
        // -|x| (sigmoid) or -2|x| (tanh), at 64 bits: |x| of the most negative x needs a bit more than x
        long k = sigmoid ? 1 : 2;
        Interval arg = in.magnitude().times(new Interval(k, k)).negated();
        loads.add(new Load("-(" + Vx.lit(k) + " * (" + x + " < 0 ? -" + x + " : " + x + "))", arg));
        ExpLookup.lookup(c, t, 1, arg, 2, loads);
        String e = temp(c, 7);
        loads.add(new Load(Vx.shr(temp(c, 6), t.sg()), ExpLookup.exponentials(t)));
        String one = Vx.lit(1L << t.sf());
        String num = Vx.shr(sigmoid ? "(" + x + " <= 0 ? " + e + " : " + one + ")" : "(" + one + " - " + e + ")",
                -out.scale());
        String den = one + " + " + e;
        Divider div = Divider.of(t, out, sigmoid);
        String what = sigmoid ? "sigmoid" : "tanh";
        String negative = sigmoid ? null : x + " < 0";
        if (c.divider() == FpgaDivider.ITERATIVE) {
            return ExpLookup.tables(c, t) + IterativeDivisionKernel.emit(c, what, loads, num, den, negative, div);
        }
        String name = "div_" + c.id();
        loads.add(new Load(name + "(" + num + ", " + den + ")"));
        String r = temp(c, 8);
        String v = negative == null ? r : "(" + negative + " ? -" + r + " : " + r + ")";
        return ExpLookup.tables(c, t) + div.function(name)
                + ElementwiseKernel.emit(c, what, loads, Vx.wrap(v, out.bits()));
    }

    /**
     * The activation's divider at the widths its operands can take, not the 64 bits of the temporaries (a 64-bit
     * combinational divider is about 14,000 LUTs on the Artix-7): e = tf * tg >> sg lies in [0, maxE], so the
     * numerator (e, one or one - e, shifted left by the output's scale) needs the bits of max(one, maxE) plus the
     * shift and a sign, and the denominator one + e the bits of one + maxE and a sign. The quotient is exact: both
     * operands fit their widths, and Verilog's signed division truncates toward zero as Java's does. {@code signed}:
     * whether an operand can be negative (tanh's one - e where the table's e exceeds one); else the divider divides
     * the operands as they are, with no magnitudes to take and no sign to give the quotient.
     */
    record Divider(int numBits, int denBits, boolean signed) {
        static Divider of(ExpTable t, FixedType out, boolean sigmoid) {
            Interval e = ExpLookup.exponentials(t);
            long one = 1L << t.sf(), maxE = e.hi();
            int num = Vx.counterBits(Math.max(one, maxE)) + Math.max(0, out.scale()) + 2;
            int den = Vx.counterBits(one + maxE) + 2;
            Interval unit = new Interval(one, one);
            Interval numerator = sigmoid ? e.union(unit) : unit.minus(e), denominator = unit.plus(e);
            boolean signed = numerator.lo() < 0 || denominator.lo() <= 0;
            return new Divider(Math.min(64, num), Math.min(64, den), signed);
        }

        /** The magnitude of an operand {@code v} of the divider (v itself where no operand is negative). */
        String magnitude(String v) {
            return signed ? v + " < 0 ? -" + v + " : " + v : v;
        }

        /** Whether the quotient of operands n and d is negative (never, where no operand is). */
        String negativeQuotient(String n, String d) {
            return signed ? "(" + n + " < 0) != (" + d + " < 0)" : "1'b0";
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
            int n = numBits, d = denBits;
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
                    + "        " + name + " = " + (signed ? "(n < 0) != (d < 0) ? -q : q" : "q") + ";\n    end\n"
                    + "endfunction\n";
        }
    }

    /** quantize: the level is base plus the thresholds at or below a; the output is that level's entry. */
    static String quantize(NodeContext c, Value a, OpParams.Quantize p) {
        StringBuilder level = new StringBuilder(Integer.toString(p.base()));
        for (long th : p.thresholds()) {
            level.append(" + (").append(temp(c, 0)).append(" >= ").append(Vx.lit(th)).append(" ? 1 : 0)");
        }
        String levels = Vx.rom("ql_" + c.id(), c.t(c.op().out()).bits(), p.levels());
        return levels + ElementwiseKernel.emit(c, "quantize", List.of(new Load(at(c, a))),
                "ql_" + c.id() + "(" + level + ")");
    }

    /** cond >= 0 ? a : b, each converted to the output's type. */
    static String select(NodeContext c, Op.Select s) {
        FixedType out = c.t(s.out());
        String cond = s.cond().isInt() ? c.mem(s.cond()) : c.mem(s.cond()) + "[0]";
        String r = "(" + cond + " >= 0 ? " + Vx.conv(temp(c, 0), c.t(s.a()), out) + " : "
                + Vx.conv(temp(c, 1), c.t(s.b()), out) + ")";
        return ElementwiseKernel.emit(c, "select", List.of(new Load(at(c, s.a())), new Load(at(c, s.b()))), r);
    }
}
