package seedc.codegen.verilog.emit;

import java.util.List;
import seedc.codegen.verilog.graph.Interval;
import seedc.fixed.ExpTable;

/**
 * SeeDot's two-table exponentiation ({@link ExpTable#lookup}) in Verilog: the tables are case-statement ROMs of
 * the node, the same entries the C code and the interpreter read; e^v = tf[i] * tg[j] with i and j the high and
 * low bits of v - mQ clamped into the tables' range.
 */
final class ExpLookup {
    private ExpLookup() {}

    /** The node's two ROMs. */
    static String tables(NodeContext c, ExpTable t) {
        return Verilog.rom("tf_" + c.id(), t.entryBits() + 1, t.tf()) + Verilog.rom("tg_" + c.id(), t.entryBits() + 1, t.tg());
    }

    /**
     * Five loads that leave tf[i] * tg[j] for the argument in temporary {@code arg} (whose values lie in
     * {@code argRange}) in temporary first + 4 (they use temporaries first to first + 4).
     */
    static void lookup(NodeContext c, ExpTable t, int arg, Interval argRange, int first,
                       List<ElementwiseKernel.Load> loads) {
        long span = 1L << (t.hiBits() + t.loBits() + t.drop());
        String d = ElementwiseKernel.temp(c, first);
        Interval offset = argRange.minus(new Interval(t.mQ(), t.mQ()));
        loads.add(new ElementwiseKernel.Load(ElementwiseKernel.temp(c, arg) + " - " + Verilog.lit(t.mQ()), offset));
        loads.add(new ElementwiseKernel.Load(d + " < 0 ? 64'sd0 : " + d + " >= " + Verilog.lit(span) + " ? "
                + Verilog.lit(span - 1) + " : " + d, offset.clamp(0, span - 1)));
        String dc = ElementwiseKernel.temp(c, first + 1);
        String i = "tf_" + c.id() + "(" + dc + " >>> " + (t.loBits() + t.drop()) + ")";
        String j = "tg_" + c.id() + "((" + dc + " >>> " + t.drop() + ") & " + ((1L << t.loBits()) - 1) + ")";
        Interval tf = Interval.of(t.tf()), tg = Interval.of(t.tg());
        loads.add(new ElementwiseKernel.Load(i, tf));
        loads.add(new ElementwiseKernel.Load(j, tg));
        // Verilog multiplies at the widest of the operands and the temporary, which every product fits
        loads.add(new ElementwiseKernel.Load(ElementwiseKernel.temp(c, first + 2) + " * "
                + ElementwiseKernel.temp(c, first + 3), tf.times(tg)));
    }}
