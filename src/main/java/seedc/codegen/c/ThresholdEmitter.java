package seedc.codegen.c;

import seedc.ir.Value;

/** The C of a scale and bias followed by sign, fused into threshold comparisons ({@link Thresholds}). */
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
        int inBits = r.type(x).container(), outBits = r.type(o).container(), m = c.steps();
        if (c.uniform()) {
            w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = " + r.x(x, "k").c() + " >= " + c.at()[0]
                    + " ? " + c.values()[1] + " : " + c.values()[0] + ";"));
            return;
        }
        String at = r.constants().table(c.at(), inBits), values = r.constants().table(c.values(), outBits);
        String ty = CNames.ctype(outBits);
        w.block("for (sd_idx k = 0, c = 0; k < " + o.size() + "; k++, c = c + 1 == " + c.channels() + " ? 0 : c + 1)",
                () -> {
                    w.line(CNames.ctype(inBits) + " xk = " + r.x(x, "k").c() + ";");
                    w.line(ty + " yk = SD_R" + outBits + "(" + values + ", c * " + (m + 1) + ");");
                    for (int j = 0; j < m; j++) {
                        w.line("if (xk >= SD_R" + inBits + "(" + at + ", c * " + m + " + " + j + ")) yk = SD_R"
                                + outBits + "(" + values + ", c * " + (m + 1) + " + " + (j + 1) + ");");
                    }
                    w.line(CNames.element(o, "k") + " = yk;");
                });
    }
}
