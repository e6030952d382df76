package seedc.codegen.c;

import seedc.ir.Value;

/**
 * The C of a scale and bias followed by a quantize, fused into threshold comparisons ({@link Thresholds}): a loop of
 * its own, or where a convolution or a matrix product stores each element.
 */
final class ThresholdEmitter {
    private final CWriter w;
    private final Operands r;

    ThresholdEmitter(CWriter w, Operands r) {
        this.w = w;
        this.r = r;
    }

    /**
     * y = the output from the last of its channel's thresholds x reaches (Thresholds.Chain): with one step alike in
     * every channel, x >= T ? B : A with literals; else from tables in flash, the steps unrolled.
     */
    void emit(Thresholds.Chain c) {
        Value o = c.sign().out(), x = c.x();
        if (c.uniform()) {
            w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = " + oneStep(c, r.x(x, "k").c()) + ";"));
            return;
        }
        w.block("for (sd_idx k = 0, c = 0; k < " + o.size() + "; k++, c = c + 1 == " + c.channels() + " ? 0 : c + 1)",
                () -> {
                    w.line(CNames.ctype(r.type(x).container()) + " xk = " + r.x(x, "k").c() + ";");
                    steps(c, c.at(), r.type(x).container(), "xk", "c", "yk");
                    w.line(CNames.element(o, "k") + " = yk;");
                });
    }

    /**
     * The chain's result for x's element {@code idx} (output channel {@code channel}) to y's element idx, where a
     * convolution or a matrix product stores its element ({@link Operands#store}): compared with the kernel's exact
     * sum T when x is a non-decreasing function of it (each threshold on x becomes the first T whose x reaches it, so
     * x itself, its product and shift, are never computed), else with x.
     */
    void store(Thresholds.Chain c, String idx, String channel, Stored value) {
        Value o = c.sign().out();
        boolean onSum = value.monotoneInSum();
        long[] at = onSum ? sumThresholds(c, value) : c.at();
        String x = onSum ? value.sum().c() : "sd_x";
        int inBits = onSum ? X.lit(value.maxSum() + 1).width() : r.type(c.x()).container();
        w.block("", () -> {
            if (!onSum) {
                w.line(CNames.ctype(inBits) + " sd_x = " + value.valueIn(w).c() + ";");
            }
            if (c.uniform()) {
                w.line(CNames.element(o, idx) + " = " + x + " >= " + at[0] + " ? " + c.values()[1] + " : "
                        + c.values()[0] + ";");
                return;
            }
            // the channels divide the output channels: the element's channel is its output channel's
            int outChannels = Thresholds.productChannels(c.product());
            steps(c, at, inBits, x, c.channels() == outChannels ? channel : "(" + channel + ") % " + c.channels(),
                    "sd_y");
            w.line(CNames.element(o, idx) + " = sd_y;");
        });
    }

    /** The chain's thresholds on x as thresholds on the kernel's sum: the first sum whose x reaches each. */
    private static long[] sumThresholds(Thresholds.Chain c, Stored value) {
        long[] at = new long[c.at().length];
        for (int i = 0; i < at.length; i++) {
            at[i] = value.firstSumReaching(c.at()[i]);
        }
        return at;
    }

    /** A uniform chain's output for x (a C expression): its one step's literals. */
    private static String oneStep(Thresholds.Chain c, String x) {
        return x + " >= " + c.at()[0] + " ? " + c.values()[1] + " : " + c.values()[0];
    }

    /**
     * y (declared here) = the output of the last of channel ch's steps x reaches: thresholds {@code at} of
     * {@code inBits} and the chain's outputs, from tables in flash.
     */
    private void steps(Thresholds.Chain c, long[] at, int inBits, String x, String ch, String y) {
        int outBits = r.type(c.sign().out()).container(), m = c.steps();
        String chan = ch.matches("\\w+") ? ch : "(" + ch + ")";
        String ats = r.constants().table(at, inBits), values = r.constants().table(c.values(), outBits);
        w.line(CNames.ctype(outBits) + " " + y + " = SD_R" + outBits + "(" + values + ", " + chan + " * " + (m + 1)
                + ");");
        for (int j = 0; j < m; j++) {
            w.line("if (" + x + " >= SD_R" + inBits + "(" + ats + ", " + chan + " * " + m + " + " + j + ")) " + y
                    + " = SD_R" + outBits + "(" + values + ", " + chan + " * " + (m + 1) + " + " + (j + 1) + ");");
        }
    }
}
