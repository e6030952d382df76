package seedc.codegen.verilog.emit;

import static seedc.codegen.verilog.emit.ElementwiseKernel.at;
import static seedc.codegen.verilog.emit.ElementwiseKernel.temp;

import java.util.ArrayList;
import java.util.List;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.emit.ElementwiseKernel.Load;
import seedc.codegen.verilog.graph.Interval;
import seedc.codegen.verilog.plan.Divider;
import seedc.fixed.FixedType;
import seedc.fixed.SoftplusTable;
import seedc.ir.Value;

/**
 * softplus and softsign on {@link ElementwiseKernel}: each lane computes what {@code SoftKernels} computes for one
 * element. softplus reads its table as a case-statement ROM (twice: the knot and the next one, a 0 appended so that
 * the last knot has a next) and interpolates; softsign divides as sigmoid and tanh do, combinationally or a
 * quotient bit per cycle ({@link IterativeDivisionKernel}).
 */
final class SoftOps {
    private SoftOps() {}

    static String softplus(NodeContext c, Value a) {
        FixedType in = c.type(a), out = c.type(c.op().out());
        SoftplusTable t = SoftplusTable.of(in, out);
        long[] e = t.entries();
        int last = e.length - 1, drop = t.drop(), down = t.tableScale() - out.scale();
        long[] rom = java.util.Arrays.copyOf(e, e.length + 1);
        String name = "sp_" + c.id();
        Interval entries = Interval.of(rom);
        List<Load> loads = new ArrayList<>();
        String x = temp(c, 0), m = temp(c, 1), i = temp(c, 2), f = temp(c, 3), lo = temp(c, 4), hi = temp(c, 5);
        Interval x0 = Interval.of(in);
        loads.add(new Load(at(c, a), x0));
        loads.add(new Load(magnitude(x), x0.magnitude()));
        loads.add(new Load("(" + m + " >>> " + drop + ") >= " + Verilog.lit(last) + " ? " + Verilog.lit(last) + " : (" + m
                + " >>> " + drop + ")", new Interval(0, last)));
        loads.add(new Load(m + " & " + Verilog.lit((1L << drop) - 1), new Interval(0, (1L << drop) - 1)));
        loads.add(new Load(name + "(" + i + ")", entries));
        loads.add(new Load(name + "(" + i + " + 1)", entries));
        // the step toward the next (lower) entry, truncated toward zero as the interpreter's shr is
        loads.add(new Load(lo + " - " + Verilog.shr("(" + lo + " - " + hi + ") * " + f, drop), entries));
        Interval relu = x0.clamp(0, x0.hi()).shr(in.scale() - t.tableScale());
        loads.add(new Load(Verilog.shr("(" + x + " < 0 ? 64'sd0 : " + x + ")", in.scale() - t.tableScale()), relu));
        String y = temp(c, 7) + " + " + temp(c, 6) + " + " + Verilog.lit(down > 0 ? 1L << (down - 1) : 0);
        String r = Verilog.wrap(Verilog.shr(y, down), out.bits());
        return Verilog.rom(name, entries.bits(), rom) + ElementwiseKernel.emit(c, "softplus", loads, r);
    }

    static String softsign(NodeContext c, Value a) {
        FixedType in = c.type(a), out = c.type(c.op().out());
        int up = Math.max(0, -in.scale()), base = Math.max(0, in.scale());
        Divider div = Divider.softsign(in, out);
        List<Load> loads = new ArrayList<>();
        String x = temp(c, 0), n = temp(c, 1);
        loads.add(new Load(at(c, a), Interval.of(in)));
        loads.add(new Load(Verilog.shr(magnitude(x), -up), Interval.of(in).magnitude().shr(-up)));
        // so < 0: n < d, so the quotient n / d is already the 0 the semantics gives
        String num = Verilog.shr(n, -Math.max(0, out.scale()));
        String den = Verilog.lit(1L << base) + " + " + n;
        String negative = x + " < 0";
        if (c.divider() == FpgaDivider.ITERATIVE) {
            return IterativeDivisionKernel.emit(c, "softsign", loads, num, den, negative, div);
        }
        String name = "div_" + c.id();
        loads.add(new Load(name + "(" + num + ", " + den + ")"));
        String q = temp(c, 2);
        return new DividerVerilog(div).function(name) + ElementwiseKernel.emit(c, "softsign", loads,
                Verilog.wrap("(" + negative + " ? -" + q + " : " + q + ")", out.bits()));
    }

    /** |v| at 64 bits (the most negative v's magnitude needs a bit more than v). */
    private static String magnitude(String v) {
        return "(" + v + " < 0 ? 64'sd0 - " + v + " : 64'sd0 + " + v + ")";
    }
}
