package seedc.codegen.c.operand;

import java.util.List;
import seedc.codegen.c.threshold.Steps;
import seedc.codegen.c.threshold.Stored;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.ir.Value;

/**
 * The C of a scale and bias followed by a quantize, fused into threshold comparisons ({@link Thresholds}): a loop of
 * its own, or where a convolution or a matrix product stores each element.
 */
public final class ThresholdEmitter {
    private final CWriter w;
    private final Operands r;

    public ThresholdEmitter(CWriter w, Operands r) {
        this.w = w;
        this.r = r;
    }

    /**
     * y = the output from the last of its channel's thresholds x reaches (Thresholds.Chain): with one step alike in
     * every channel, x >= T ? B : A with literals; else from tables in flash, the steps unrolled.
     */
    public void emit(Thresholds.Chain c) {
        Value o = c.sign().out(), x = c.x();
        Steps s = Steps.of(c);
        if (s.uniform()) {
            w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = " + oneStep(s, r.x(x, "k").c()) + ";"));
            return;
        }
        w.block("for (sd_idx k = 0, c = 0; k < " + o.size() + "; k++, c = c + 1 == " + c.channels() + " ? 0 : c + 1)",
                () -> {
                    w.line(CNames.ctype(r.type(x).container()) + " xk = " + r.x(x, "k").c() + ";");
                    w.line(CNames.ctype(r.type(o).container()) + " yk;");
                    steps(c, s, r.type(x).container(), "xk", "c", "yk");
                    w.line(CNames.element(o, "k") + " = yk;");
                });
    }

    /**
     * The chain's result for x's element {@code idx} (output channel {@code channel}) to y's element idx, where a
     * convolution or a matrix product stores its element ({@link Operands#store}). Where the kernel's sum T is exact,
     * compared with T itself (x, its product and shift never computed): the steps over the sum's bound (Steps.overSum:
     * x may wrap there, at most Thresholds.MAX_STEPS steps a channel), when T's comparisons are no wider than x's and
     * at most one more (cnn-digits-w1a1's second convolution: 3 16-bit ones on the sum for 2 on x and its product and
     * shift, 181,302 -> 170,179 Uno cycles; its first: 3 32-bit ones on the sum against 2 16-bit ones, slower). Else
     * with x.
     */
    void store(Thresholds.Chain c, String idx, String channel, Stored stored) {
        Value o = c.sign().out();
        Stored value = stored.within(c.proven()); // the sums the product can store
        Steps onX = Steps.of(c), onT = onX.overSum(value);
        int xBits = r.type(c.x()).container();
        int sumBits = value.sumBits();
        // the sum's comparisons no wider than x's, at most one more (a product and a shift fewer to pay for it)
        boolean onSum = onT != null && sumBits <= xBits && onT.steps() <= onX.steps() + 1;
        // the channels divide the output channels: the element's channel is its output channel's
        int outChannels = Thresholds.productChannels(c.product());
        String ch = c.channels() == outChannels ? channel : "(" + channel + ") % " + c.channels();
        if (!onSum && unwrappedFirst(c, idx, ch, value, onX, xBits)) {
            return;
        }
        Steps s = onSum ? onT : onX;
        String x = onSum ? value.sum().c() : "sd_x";
        int inBits = onSum ? sumBits : xBits;
        if (onSum && tabulated(s, stored, x, ch, o, idx)) {
            return;
        }
        w.block("", () -> {
            if (!onSum) {
                w.line(CNames.ctype(inBits) + " sd_x = " + value.valueIn(w).c() + ";");
            }
            if (s.uniform()) {
                w.line(CNames.element(o, idx) + " = " + oneStep(s, x) + ";");
                return;
            }
            w.line(CNames.ctype(r.type(o).container()) + " sd_y;");
            steps(c, s, inBits, x, ch, "sd_y");
            w.line(CNames.element(o, idx) + " = sd_y;");
        });
    }

    /** The most bytes of a chain's table (tabulated). */
    private static final int TABLE_BYTES = 1024;

    /**
     * Where the exact sum T has a short reach (its bound's sums times the channels within {@link #TABLE_BYTES}), at
     * least two steps and a byte's output: each channel's output at every sum of the bound, the comparisons' result
     * there (the last step T reaches), in a table, so that an element is one flash read where each step took a
     * comparison (cnn-digits-w2a2i2's first convolution: three a channel). False (nothing written) otherwise.
     */
    private boolean tabulated(Steps s, Stored stored, String x, String ch, Value o, String idx) {
        long lo = stored.minSum(), span = stored.maxSum() - lo + 1;
        int k = s.steps();
        if (stored.sum() == null || k < 2 || r.type(o).container() != 8 || span * s.channels() > TABLE_BYTES) {
            return false;
        }
        long[] table = new long[(int) span * s.channels()];
        for (int c = 0; c < s.channels(); c++) {
            for (long t = lo; t < lo + span; t++) {
                table[(int) (c * span + t - lo)] = s.outputAt(c, t);
            }
        }
        String chan = ch.matches("\\w+") ? ch : "(" + ch + ")";
        w.line(CNames.element(o, idx) + " = SD_R8(" + r.constants().table(table, 8) + ", " + chan + " * " + span
                + " + (sd_idx)(" + x + ")" + (lo < 0 ? " + " + -lo : " - " + lo) + ");");
        return true;
    }

    /**
     * Where x takes a product by m wider than 16 bits (a 32-bit multiply and shift on the AVR) and the sums whose x
     * does not wrap (Stored.unwrappedOnly) fit 16 bits: for those, the steps over the sum there (no wraps, so no more
     * than x's), x and its steps only for the others (mlp-digits-w1a1's first layer: 2 cs - sx of 8-bit pixels, whose
     * x wraps at both ends of the sum's bound, four steps a channel on x, one on the sum). False (nothing written)
     * when that does not hold.
     */
    private boolean unwrappedFirst(Thresholds.Chain c, String idx, String ch, Stored value, Steps onX, int xBits) {
        Stored inside = value.sum() == null || value.value() != null
                || value.sum().times(IntExpr.lit(value.factor())).bits() <= 16 ? null : value.unwrappedOnly();
        Steps onT = inside == null ? null : onX.overSum(inside);
        int bits = inside == null ? 0 : inside.sumBits();
        if (onT == null || bits > 16 || onT.steps() > onX.steps()) {
            return false;
        }
        String t = value.sum().c();
        List<String> range = new java.util.ArrayList<>();
        if (inside.minSum() > value.minSum()) {
            range.add(t + " >= " + IntExpr.lit(inside.minSum()).c());
        }
        if (inside.maxSum() < value.maxSum()) {
            range.add(t + " <= " + IntExpr.lit(inside.maxSum()).c());
        }
        Value o = c.sign().out();
        w.block("", () -> {
            w.line(CNames.ctype(r.type(o).container()) + " sd_y;");
            Runnable onSum = () -> assign(c, onT, bits, t, ch, "sd_y");
            if (range.isEmpty()) {
                onSum.run();
            } else {
                w.ifElse(String.join(" && ", range), onSum, () -> {
                    w.line(CNames.ctype(xBits) + " sd_x = " + value.valueIn(w).c() + ";");
                    assign(c, onX, xBits, "sd_x", ch, "sd_y");
                });
            }
            w.line(CNames.element(o, idx) + " = sd_y;");
        });
        return true;
    }

    /** y (declared before) = the steps' output for x: one step's literals, or the steps. */
    private void assign(Thresholds.Chain c, Steps s, int inBits, String x, String ch, String y) {
        if (s.uniform()) {
            w.line(y + " = " + oneStep(s, x) + ";");
        } else {
            steps(c, s, inBits, x, ch, y);
        }
    }

    /** Uniform steps' output for x (a C expression): the one step's literals. */
    private static String oneStep(Steps s, String x) {
        return x + " >= " + s.at()[0] + " ? " + s.values()[1] + " : " + s.values()[0];
    }

    /**
     * y (declared before) = the output of the last of channel ch's steps x reaches: thresholds of {@code inBits} and
     * outputs in the quantize's type, from tables in flash; the outputs as literals when every channel has the same
     * (a sign after a batch-norm of positive scales: mlp-digits-w1a1i1 on the Uno 14,731 -> 14,156 cycles). With
     * three steps or more and a core (Steps.core), x in it compares with the inner steps only (cnn-digits-w1a1's first
     * convolution, a sign with a step from a wrap at each end: 327,192 -> 307,944 cycles).
     */
    private void steps(Thresholds.Chain c, Steps s, int inBits, String x, String ch, String y) {
        int outBits = r.type(c.sign().out()).container(), m = s.steps();
        String chan = ch.matches("\\w+") ? ch : "(" + ch + ")";
        String ats = r.constants().table(s.at(), inBits);
        long[] shared = s.sharedValues();
        String values = shared != null ? null : r.constants().table(s.values(), outBits);
        java.util.function.IntFunction<String> value = j -> shared != null ? Long.toString(shared[j])
                : "SD_R" + outBits + "(" + values + ", " + chan + " * " + (m + 1) + " + " + j + ")";
        java.util.function.IntFunction<String> at = j -> "SD_R" + inBits + "(" + ats + ", " + chan + " * " + m + " + "
                + j + ")";
        long[] core = s.core();
        if (core == null) {
            compare(x, y, value, at, 0, m);
            return;
        }
        // between every channel's first and last step (where the data lie: those steps come from wraps at the
        // ends of x's reach), only the steps between them are compared
        w.ifElse(x + " >= " + IntExpr.lit(core[0]).c() + " && " + x + " < " + IntExpr.lit(core[1]).c(),
                () -> compare(x, y, value, at, 1, m - 1),
                () -> compare(x, y, value, at, 0, m));
    }

    /** y = the output of the last of steps from..to-1 that x reaches, the one below step {@code from} else. */
    private void compare(String x, String y, java.util.function.IntFunction<String> value,
                         java.util.function.IntFunction<String> at, int from, int to) {
        w.line(y + " = " + value.apply(from) + ";");
        for (int j = from; j < to; j++) {
            w.line("if (" + x + " >= " + at.apply(j) + ") " + y + " = " + value.apply(j + 1) + ";");
        }
    }
}
