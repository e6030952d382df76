package seedc.codegen.verilog.emit;

import static seedc.codegen.verilog.emit.ElementwiseKernel.at;
import static seedc.codegen.verilog.emit.ElementwiseKernel.temp;

import java.util.ArrayList;
import java.util.List;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Interval;
import seedc.codegen.verilog.plan.Divider;
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
        String sum = Verilog.shr(temp(c, 0), p.shrA()) + (subtract ? " - " : " + ") + Verilog.shr(temp(c, 1), p.shrB());
        String r = Verilog.wrap(Verilog.shr(Verilog.wrap(sum, p.width()), p.post()), c.type(c.op().out()).bits());
        return ElementwiseKernel.emit(c, subtract ? "subtract" : "add", List.of(new Load(at(c, a)), new Load(at(c, b))), r);
    }

    /** a * b of one term: wrap_out(shr(wrap_W(shr(a, shrA) * shr(b, shrB)), post)). */
    static String product(NodeContext c, Value a, Value b, OpParams.Mul p) {
        String prod = c.product(Verilog.shr(temp(c, 0), p.shrA()), Verilog.shr(temp(c, 1), p.shrB()));
        String r = Verilog.wrap(Verilog.shr(Verilog.wrap(prod, p.width()), p.post()), c.type(c.op().out()).bits());
        List<Load> loads = List.of(new Load(at(c, a)), new Load(at(c, b)));
        return c.productFunction() + ElementwiseKernel.emit(c, "product", loads, r);
    }

    static String neg(NodeContext c, Value a) {
        String r = Verilog.reduce("-" + temp(c, 0), c.type(a), c.type(c.op().out()));
        return ElementwiseKernel.emit(c, "negate", List.of(new Load(at(c, a))), r);
    }

    /** relu (max: none) and relu6, clamped in the operand's type, then converted. */
    static String clamp(NodeContext c, Value a, Long max) {
        String t = temp(c, 0);
        String lo = "(" + t + " < 0 ? 64'sd0 : " + t + ")";
        String v = max == null ? lo : "(" + t + " < 0 ? 64'sd0 : " + t + " > " + Verilog.lit(max) + " ? " + Verilog.lit(max)
                + " : " + t + ")";
        return ElementwiseKernel.emit(c, max == null ? "relu" : "relu6", List.of(new Load(at(c, a))),
                Verilog.conv(v, c.type(a), c.type(c.op().out())));
    }

    /** e^a from the two tables: shr(tf[i] * tg[j], post), wrapped to the output. */
    static String exp(NodeContext c, Value a, OpParams.Exp p) {
        List<Load> loads = new ArrayList<>();
        Interval arg = Interval.of(c.type(a)).shr(p.inShift());
        loads.add(new Load(Verilog.shr(at(c, a), p.inShift()), arg));
        ExpLookup.lookup(c, p.table(), 0, arg, 1, loads);
        String r = Verilog.wrap(Verilog.shr(temp(c, 5), p.post()), c.type(c.op().out()).bits());
        return ExpLookup.tables(c, p.table()) + ElementwiseKernel.emit(c, "exp", loads, r);
    }

    /**
     * sigmoid and tanh from e^-|x| (e^-2|x|): (one or e) << out.scale / (one + e), with tanh's sign. The divider is
     * at its operands' widths ({@link Divider}): combinational, a lane's element per cycle, or iterative, a quotient
     * bit per cycle ({@link IterativeDivisionKernel}), as the node's context says.
     */
    static String activation(NodeContext c, Value a, OpParams.Activation p, boolean sigmoid) {
        ExpTable t = p.table();
        FixedType out = c.type(c.op().out());
        List<Load> loads = new ArrayList<>();
        String x = temp(c, 0);
        Interval in = Interval.of(c.type(a)).shr(p.inShift());
        loads.add(new Load(Verilog.shr(at(c, a), p.inShift()), in));
        // -|x| (sigmoid) or -2|x| (tanh), at 64 bits: |x| of the most negative x needs a bit more than x
        long k = sigmoid ? 1 : 2;
        Interval arg = in.magnitude().times(new Interval(k, k)).negated();
        loads.add(new Load("-(" + Verilog.lit(k) + " * (" + x + " < 0 ? -" + x + " : " + x + "))", arg));
        ExpLookup.lookup(c, t, 1, arg, 2, loads);
        String e = temp(c, 7);
        loads.add(new Load(Verilog.shr(temp(c, 6), t.sg()), Divider.exponentials(t)));
        String one = Verilog.lit(1L << t.sf());
        String num = Verilog.shr(sigmoid ? "(" + x + " <= 0 ? " + e + " : " + one + ")" : "(" + one + " - " + e + ")",
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
        return ExpLookup.tables(c, t) + new DividerVerilog(div).function(name)
                + ElementwiseKernel.emit(c, what, loads, Verilog.wrap(v, out.bits()));
    }

    /** quantize: the level is base plus the thresholds at or below a; the output is that level's entry. */
    static String quantize(NodeContext c, Value a, OpParams.Quantize p) {
        if (c.realThresholds() != null) {
            return RealQuantize.emit(c, c.realThresholds());
        }
        StringBuilder level = new StringBuilder(Integer.toString(p.base()));
        for (long th : p.thresholds()) {
            level.append(" + (").append(temp(c, 0)).append(" >= ").append(Verilog.lit(th)).append(" ? 1 : 0)");
        }
        String levels = Verilog.rom("ql_" + c.id(), c.type(c.op().out()).bits(), p.levels());
        return levels + ElementwiseKernel.emit(c, "quantize", List.of(new Load(at(c, a))),
                "ql_" + c.id() + "(" + level + ")");
    }

    /** cond >= 0 ? a : b, each converted to the output's type. */
    static String select(NodeContext c, Op.Select s) {
        FixedType out = c.type(s.out());
        String cond = s.cond().isInt() ? c.mem(s.cond()) : c.mem(s.cond()) + "[0]";
        String r = "(" + cond + " >= 0 ? " + Verilog.conv(temp(c, 0), c.type(s.a()), out) + " : "
                + Verilog.conv(temp(c, 1), c.type(s.b()), out) + ")";
        return ElementwiseKernel.emit(c, "select", List.of(new Load(at(c, s.a())), new Load(at(c, s.b()))), r);
    }
}
