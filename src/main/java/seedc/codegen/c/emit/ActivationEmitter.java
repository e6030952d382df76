package seedc.codegen.c.emit;

import java.util.function.LongUnaryOperator;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.ActivationSteps;
import seedc.fixed.ExpKernels;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedKernels;
import seedc.fixed.FixedType;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.fixed.WrapSite;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * exp, sigmoid and tanh (docs/fixed-point-semantics.md). An 8-bit input has 256 values: the outputs
 * of all of them, computed by the Java kernels, go to a table in flash and each element is one read.
 * A wider input takes the two-table exp (an exp whose tables span few arguments, one table of its outputs: one read
 * an element, no product); sigmoid and tanh then divide with {@code sd_fracdiv}, which
 * produces only the quotient bits the output scale can have (the numerator never exceeds the
 * divisor), not a 32- or 64-bit library division. Which division and which lookup is the IR-level fact
 * {@link ExpKernels}' (the cost model prices the code by it). Where the dialect says so (the AVR), a sigmoid or tanh
 * of a 16-bit input into 8 bits instead searches the inputs where its output steps ({@link ActivationSteps}).
 */
final class ActivationEmitter {
    private final CWriter w;
    private final Operands r;
    /** Where a table read over a whole RAM array is one call of the runtime's row loop (the AVR's): the fact's. */
    private final IdiomCalls calls;

    ActivationEmitter(CWriter w, Operands r, IdiomCalls calls) {
        this.calls = calls;
        this.w = w;
        this.r = r;
    }

    void exp(Op op, Value o, Value a, OpParams.Exp p) {
        int bits = r.type(o).bits();
        if (table(op, o, a, v -> FixedKernels.exp(v, p, bits, WrapSite.IGNORE))) {
            return;
        }
        IntExpr x = r.x(a, "k").shr(p.inShift());
        if (ExpKernels.outputTable(p.table(), x.bits(), bits)) {
            outputTable(o, x, p, bits);
            return;
        }
        w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = " + lookup(p.table(), x).shr(p.post()).wrap(bits).c()
                + ";"));
    }

    /**
     * An exp that reads its outputs from one table ({@link ExpKernels#outputTable}): entry i holds the output at the
     * argument mQ + i * 2^drop, which the two tables' lookup maps to the same entries (i >> loBits, i's low loBits), so
     * each element reads what the lookup computes: the argument's offset d = x - mQ, clamped to the span as the lookup
     * clamps it, shifted by drop.
     */
    private void outputTable(Value o, IntExpr x, OpParams.Exp p, int bits) {
        ExpTable tb = p.table();
        int last = (1 << (tb.hiBits() + tb.loBits())) - 1;
        long[] outputs = new long[last + 1];
        for (int i = 0; i <= last; i++) {
            outputs[i] = FixedArith.wrap(FixedKernels.expOfArgument(tb.mQ() + ((long) i << tb.drop()), p), bits);
        }
        String name = r.constants().table(outputs, bits);
        IntExpr d = x.plus(IntExpr.lit(tb.mQ()), true);
        IntExpr span = IntExpr.lit(1L << (tb.hiBits() + tb.loBits() + tb.drop()));
        String index = "d < 0 ? 0 : d >= " + span.c() + " ? " + last + " : d" + (tb.drop() == 0 ? "" : " >> " + tb.drop());
        w.loop("k", o.size(), () -> {
            w.line(d.ctype() + " d = " + d.c() + ";");
            w.line(CNames.element(o, "k") + " = SD_R" + bits + "(" + name + ", " + index + ");");
        });
    }

    void activation(Op op, Value o, Value a, OpParams.Activation p, boolean sigmoid) {
        FixedType out = r.type(o);
        LongUnaryOperator f = FixedKernels.activation(sigmoid, p, out);
        if (table(op, o, a, f) || steps(o, a, f)) {
            return;
        }
        w.loop("k", o.size(), () -> element(o, a, p, sigmoid));
    }

    /**
     * A 16-bit input into at most 8 bits, where the dialect searches the steps ({@link ActivationSteps}): each
     * element's output by a binary search over the inputs where f steps up (in flash); false when it does not apply.
     */
    private boolean steps(Value o, Value a, LongUnaryOperator f) {
        FixedType in = r.type(a);
        if (!calls.flags().searchesActivationSteps() || !ActivationSteps.fits(in, r.type(o))) {
            return false;
        }
        ActivationSteps st = ActivationSteps.of(f, in.bits());
        if (st == null) {
            return false;
        }
        String name = st.depth() == 0 ? null : r.constants().table(st.below(), 16);
        w.loop("k", o.size(), () -> {
            w.line("int16_t x = " + r.x(a, "k").c() + ";");
            w.line("uint8_t i = 0;");
            for (int step = st.half(); step >= 1; step >>= 1) {
                w.line("if (x > SD_R16(" + name + ", i + " + (step - 1) + ")) i += " + step + ";");
            }
            w.line(CNames.element(o, "k") + " = " + r.cast(o, "(" + IntExpr.lit(st.first()).c() + " + i)") + ";");
        });
        return true;
    }

    /**
     * One element: x, e = e^-|x| (sigmoid) or e^-2|x| (tanh), then the quotient: 1 / (1 + e) or e / (1 + e)
     * by the sign of x for sigmoid, (1 - e) / (1 + e) with x's sign for tanh.
     */
    private void element(Value o, Value a, OpParams.Activation p, boolean sigmoid) {
        ExpTable tb = p.table();
        int so = r.type(o).scale();
        IntExpr xv = r.x(a, "k").shr(p.inShift());
        w.line(xv.ctype() + " x = " + xv.c() + ";");
        IntExpr xs = IntExpr.of("x", xv.bits());
        IntExpr mag = sigmoid ? xs.abs() : IntExpr.lit(2).times(xs.abs());
        IntExpr ev = lookup(tb, mag.neg()).shr(tb.sg());
        w.line(ev.ctype() + " e = " + ev.c() + ";");
        IntExpr ex = IntExpr.of("e", ev.bits());
        IntExpr one = IntExpr.lit(1L << tb.sf());
        int divBits = ExpKernels.fracdivBits(tb, so); // the IR-level fact seedc.cost prices too
        if (divBits > 0) {
            fracdiv(o, ex, one, divBits, so, sigmoid);
        } else {
            divide(o, ex, one, so, sigmoid);
        }
    }

    /** 0 <= e, so |numerator| <= one + e: the quotient has at most so + 1 bits, which sd_fracdiv produces. */
    private void fracdiv(Value o, IntExpr ex, IntExpr one, int divBits, int so, boolean sigmoid) {
        int bits = r.type(o).bits();
        IntExpr den = one.plus(ex, false);
        String div = "sd_fracdiv" + divBits;
        String u = "(uint" + divBits + "_t)";
        if (sigmoid) {
            w.line("uint" + divBits + "_t r = " + div + "(" + u + "(x <= 0 ? " + ex.as(32) + " : " + one.as(32)
                    + "), " + u + den.c() + ", " + so + ");");
            w.line(CNames.element(o, "k") + " = " + IntExpr.of("r", so + 2).wrap(bits).c() + ";");
        } else {
            w.line("int32_t n = " + one.plus(ex, true).as(32) + ";");
            w.line("int32_t q = (int32_t)" + div + "(" + u + "(n < 0 ? -n : n), " + u + den.c() + ", " + so + ");");
            w.line(CNames.element(o, "k") + " = " + IntExpr.of("((n < 0) != (x < 0) ? -q : q)", so + 2).wrap(bits).c() + ";");
        }
    }

    /** The quotient by a plain C division, at the width the numerator shifted to the output scale needs. */
    private void divide(Value o, IntExpr ex, IntExpr one, int so, boolean sigmoid) {
        int bits = r.type(o).bits();
        int w1 = Math.max(ex.width(), one.width());
        IntExpr num = sigmoid ? IntExpr.of("(x <= 0 ? " + ex.as(w1) + " : " + one.as(w1) + ")", Math.max(ex.bits(), one.bits()))
                : one.plus(ex, true);
        IntExpr q = num.shr(-so).div(one.plus(ex, false));
        w.line(q.ctype() + " r = " + q.c() + ";");
        IntExpr rv = IntExpr.of("r", q.bits());
        if (!sigmoid) {
            w.line(CNames.element(o, "k") + " = x < 0 ? " + rv.neg().wrap(bits).c() + " : " + rv.wrap(bits).c() + ";");
        } else {
            w.line(CNames.element(o, "k") + " = " + rv.wrap(bits).c() + ";");
        }
    }

    /**
     * An 8-bit input: out[k] = table[(uint8_t)a[k]] with the 256 outputs of f (one row call where the fact names one
     * for op). False when the input is wider.
     */
    boolean table(Op op, Value o, Value a, LongUnaryOperator f) {
        if (r.type(a).bits() != 8) {
            return false;
        }
        long[] outputs = new long[256];
        for (int u = 0; u < 256; u++) {
            outputs[u] = f.applyAsLong((byte) u);
        }
        int bits = r.type(o).bits();
        String name = r.constants().table(outputs, bits);
        String row = ElementwiseRows.lookup(calls.elementwiseRow(op), o, name);
        if (row != null) {
            w.line(row);
        } else {
            w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = SD_R" + bits + "(" + name + ", (uint8_t)"
                    + r.x(a, "k").c() + ");"));
        }
        return true;
    }

    /** tf[i] * tg[j] for the argument, with the bits the largest product of the tables needs. */
    IntExpr lookup(ExpTable table, IntExpr arg) {
        String[] names = r.constants().table(table);
        int bits = IntExpr.lit(ExpKernels.maxLookup(table)).bits();
        boolean narrow = ExpKernels.narrowLookup(table, arg.bits());
        return IntExpr.of((narrow ? "sd_exp_lookup32(" + arg.as(32) : "sd_exp_lookup(" + arg.as(64)) + ", " + names[0] + ", "
                + names[1] + ", " + IntExpr.lit(table.mQ()).c() + ", " + table.hiBits() + ", " + table.loBits() + ", "
                + table.drop() + ")", bits);
    }

    /**
     * o = quantize(a), not fused into a comparison: an 8-bit input reads the 256 outputs from a table; a wider one
     * compares with a few thresholds in turn, or finds how many it reaches by a binary search, then reads its level.
     */
    void quantize(Op op, Value o, Value a, OpParams.Quantize p) {
        if (table(op, o, a, v -> FixedKernels.quantize(v, p))) {
            return;
        }
        int inBits = r.type(a).container(), outBits = r.type(o).container(), n = p.thresholds().length;
        if (n <= FEW_THRESHOLDS) { // 1-2-bit activations: the level by comparisons with literals, no search
            w.loop("k", o.size(), () -> {
                IntExpr x = r.x(a, "k");
                w.line(x.ctype() + " x = " + x.c() + ";");
                w.line(CNames.element(o, "k") + " = " + r.cast(o, "(" + levelByComparisons(p) + ")") + ";");
            });
            return;
        }
        String levels = r.constants().table(p.levels(), outBits);
        String thresholds = r.constants().table(p.thresholds(), inBits);
        w.loop("k", o.size(), () -> {
            w.line("int32_t x = " + r.x(a, "k").c() + ";");
            w.line("uint16_t lo = 0, hi = " + n + ";");
            w.line("while (lo < hi) {");
            w.line("    uint16_t mid = (uint16_t)((lo + hi) >> 1);");
            w.line("    if (x >= SD_R" + inBits + "(" + thresholds + ", mid)) lo = (uint16_t)(mid + 1); else hi = mid;");
            w.line("}");
            w.line(CNames.element(o, "k") + " = SD_R" + outBits + "(" + levels + ", " + p.base() + " + lo);");
        });
    }

    /** At most this many thresholds are compared in turn; more are searched by halving. */
    private static final int FEW_THRESHOLDS = 3;

    /** x's level: the highest threshold x reaches picks its level, none the base level (literals, top down). */
    private static String levelByComparisons(OpParams.Quantize p) {
        int n = p.thresholds().length;
        StringBuilder sb = new StringBuilder();
        for (int j = n - 1; j >= 0; j--) {
            sb.append("x >= ").append(IntExpr.lit(p.thresholds()[j]).c()).append(" ? ")
              .append(IntExpr.lit(p.levels()[p.base() + j + 1]).c()).append(" : ");
        }
        return sb.append(IntExpr.lit(p.levels()[p.base()]).c()).toString();
    }
}
