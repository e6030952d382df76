package seedc.codegen.c;

import java.util.function.LongUnaryOperator;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedKernels;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Value;

/**
 * exp, sigmoid and tanh (docs/fixed-point-semantics.md). An 8-bit input has 256 values: the outputs
 * of all of them, computed by the Java kernels, go to a table in flash and each element is one read.
 * A wider input takes the two-table exp; sigmoid and tanh then divide with {@code sd_fracdiv}, which
 * produces only the quotient bits the output scale can have (the numerator never exceeds the
 * divisor), not a 32- or 64-bit library division.
 */
final class ActivationEmitter {
    private final CEmitter e;

    ActivationEmitter(CEmitter e) {
        this.e = e;
    }

    void exp(Value o, Value a, OpParams.Exp p) {
        int bits = e.program().type(o).bits();
        if (table(o, a, v -> FixedKernels.exp(v, p, bits))) {
            return;
        }
        e.emitOpen("for (sd_idx k = 0; k < " + o.size() + "; k++)");
        e.emitLine(e.storeRef(o, "k") + " = " + lookup(p.table(), e.x(a, "k").shr(p.inShift())).shr(p.post())
                .wrap(bits).c() + ";");
        e.emitClose();
    }

    void activation(Value o, Value a, OpParams.Activation p, boolean sigmoid) {
        FixedType out = e.program().type(o);
        if (table(o, a, v -> sigmoid ? FixedKernels.sigmoid(v, p, out) : FixedKernels.tanh(v, p, out))) {
            return;
        }
        ExpTable tb = p.table();
        int so = out.scale();
        e.emitOpen("for (sd_idx k = 0; k < " + o.size() + "; k++)");
        X xv = e.x(a, "k").shr(p.inShift());
        e.emitLine(xv.ctype() + " x = " + xv.c() + ";");
        X xs = X.of("x", xv.bits());
        X mag = sigmoid ? xs.abs() : X.lit(2).times(xs.abs());
        X ev = lookup(tb, mag.neg()).shr(tb.sg());
        e.emitLine(ev.ctype() + " e = " + ev.c() + ";");
        X ex = X.of("e", ev.bits());
        X one = X.lit(1L << tb.sf());
        X den = one.plus(ex, false);
        long maxDen = maxDen(tb);
        int divBits = so <= 15 && maxDen <= 1L << 15 ? 16 : so <= 31 && maxDen <= 1L << 31 ? 32 : 0;
        if (nonNegative(tb) && so >= 0 && divBits > 0) {
            // 0 <= e, so |numerator| <= one + e: the quotient has at most so + 1 bits.
            String div = "sd_fracdiv" + divBits;
            String u = "(uint" + divBits + "_t)";
            if (sigmoid) {
                e.emitLine("uint" + divBits + "_t r = " + div + "(" + u + "(x <= 0 ? " + ex.as(32) + " : " + one.as(32)
                        + "), " + u + den.c() + ", " + so + ");");
                e.emitLine(e.storeRef(o, "k") + " = " + X.of("r", so + 2).wrap(out.bits()).c() + ";");
            } else {
                e.emitLine("int32_t n = " + one.plus(ex, true).as(32) + ";");
                e.emitLine("int32_t q = (int32_t)" + div + "(" + u + "(n < 0 ? -n : n), " + u + den.c() + ", " + so + ");");
                e.emitLine(e.storeRef(o, "k") + " = " + X.of("((n < 0) != (x < 0) ? -q : q)", so + 2).wrap(out.bits()).c()
                        + ";");
            }
            e.emitClose();
            return;
        }
        X num = sigmoid ? X.of("(x <= 0 ? " + ex.as(Math.max(ex.width(), one.width())) + " : " + one.as(Math.max(ex.width(),
                one.width())) + ")", Math.max(ex.bits(), one.bits())) : one.plus(ex, true);
        X r = num.shr(-so).div(den);
        e.emitLine(r.ctype() + " r = " + r.c() + ";");
        X rv = X.of("r", r.bits());
        if (!sigmoid) {
            e.emitLine(e.storeRef(o, "k") + " = x < 0 ? " + rv.neg().wrap(out.bits()).c() + " : " + rv.wrap(out.bits()).c()
                    + ";");
        } else {
            e.emitLine(e.storeRef(o, "k") + " = " + rv.wrap(out.bits()).c() + ";");
        }
        e.emitClose();
    }

    /** An 8-bit input: out[k] = table[(uint8_t)a[k]] with the 256 outputs of f. False when the input is wider. */
    private boolean table(Value o, Value a, LongUnaryOperator f) {
        if (e.program().type(a).bits() != 8) {
            return false;
        }
        long[] outputs = new long[256];
        for (int u = 0; u < 256; u++) {
            outputs[u] = f.applyAsLong((byte) u);
        }
        int bits = e.program().type(o).bits();
        String name = e.constants().table(outputs, bits);
        e.emitOpen("for (sd_idx k = 0; k < " + o.size() + "; k++)");
        e.emitLine(e.storeRef(o, "k") + " = SD_R" + bits + "(" + name + ", (uint8_t)" + e.x(a, "k").c() + ");");
        e.emitClose();
        return true;
    }

    /** Every entry of both exp tables is at least 0 (e^x rounded), so e >= 0. */
    private static boolean nonNegative(ExpTable t) {
        return java.util.Arrays.stream(t.tf()).allMatch(v -> v >= 0) && java.util.Arrays.stream(t.tg()).allMatch(v -> v >= 0);
    }

    private static long maxLookup(ExpTable t) {
        long f = java.util.Arrays.stream(t.tf()).map(Math::abs).max().orElse(0);
        long g = java.util.Arrays.stream(t.tg()).map(Math::abs).max().orElse(0);
        return f * g;
    }

    /** The largest divisor one + e. */
    private static long maxDen(ExpTable t) {
        return (1L << t.sf()) + seedc.fixed.FixedArith.shr(maxLookup(t), t.sg());
    }

    /** tf[i] * tg[j] for the argument, with the bits the largest product of the tables needs. */
    X lookup(ExpTable table, X arg) {
        String[] names = e.constants().table(table);
        int span = table.hiBits() + table.loBits() + table.drop();
        int bits = X.lit(maxLookup(table)).bits();
        boolean narrow = arg.bits() <= 31 && span <= 30 && Math.abs(table.mQ()) < (1L << 30) && bits <= 32;
        return X.of((narrow ? "sd_exp_lookup32(" + arg.as(32) : "sd_exp_lookup(" + arg.as(64)) + ", " + names[0] + ", "
                + names[1] + ", " + X.lit(table.mQ()).c() + ", " + table.hiBits() + ", " + table.loBits() + ", "
                + table.drop() + ")", bits);
    }
}
