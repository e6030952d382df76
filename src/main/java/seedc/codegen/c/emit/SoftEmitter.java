package seedc.codegen.c.emit;

import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedType;
import seedc.fixed.SoftKernels;
import seedc.fixed.SoftplusTable;
import seedc.fixed.WrapSite;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * softplus and softsign (docs/fixed-point-semantics.md). An 8-bit input reads its 256 outputs from a table, as
 * exp, sigmoid and tanh do. A wider one: softplus interpolates its table between two entries (all arithmetic on
 * magnitudes, unsigned, in the narrowest of 32 or 64 bits that holds it); softsign divides with
 * {@code sd_fracdiv} (the numerator never exceeds the divisor), or a 64-bit restoring division where the operands
 * are wider than that takes.
 */
final class SoftEmitter {
    private final CWriter w;
    private final Operands r;
    private final ActivationEmitter activations;

    SoftEmitter(CWriter w, Operands r, ActivationEmitter activations) {
        this.w = w;
        this.r = r;
        this.activations = activations;
    }

    void softplus(Op op, Value o, Value a) {
        FixedType in = r.type(a), out = r.type(o);
        SoftplusTable t = SoftplusTable.of(in, out);
        if (activations.table(op, o, a, v -> SoftKernels.softplus(v, t, in, out, WrapSite.IGNORE))) {
            return;
        }
        long[] e = t.entries();
        int last = e.length - 1, drop = t.drop(), down = t.tableScale() - out.scale();
        long maxStep = 0;
        for (int i = 0; i < last; i++) {
            maxStep = Math.max(maxStep, e[i] - e[i + 1]);
        }
        String prod = unsigned(maxStep * ((1L << drop) - 1), 32);
        long yMax = FixedArith.shr(in.max(), in.scale() - t.tableScale()) + e[0] + (down > 0 ? 1L << (down - 1) : 0);
        String y = unsigned(yMax, 32);
        String table = r.constants().table(e, IntExpr.container(IntExpr.lit(e[0]).bits()));
        String mag = drop >= 32 ? "uint64_t" : "uint32_t"; // a shift by the type's width or more is undefined
        String read = "SD_R" + IntExpr.container(IntExpr.lit(e[0]).bits()) + "(" + table + ", ";
        w.loop("k", o.size(), () -> {
            w.line("int32_t x = " + r.x(a, "k").c() + ";");
            w.line(mag + " t = x < 0 ? -(" + mag + ")x : (" + mag + ")x;");
            w.line(y + " y = " + (down > 0 ? (1L << (down - 1)) + "u" : "0u") + ";");
            w.line("if ((t >> " + drop + ") < " + last + "u) {");
            w.line("    uint16_t i = (uint16_t)(t >> " + drop + ");");
            w.line("    " + prod + " lo = (" + prod + ")" + read + "i), hi = (" + prod + ")" + read + "i + 1);");
            // the interpolation's step toward the next (lower) entry, truncated toward zero as shr is
            w.line("    y += (" + y + ")(lo - (((lo - hi) * (t & " + ((1L << drop) - 1) + "u)) >> " + drop + "));");
            w.line("}");
            int up = t.tableScale() - in.scale();
            String relu = up >= 0 ? "((" + y + ")x << " + up + ")" : "((" + y + ")x >> " + -up + ")";
            w.line("if (x > 0) y += " + relu + ";");
            String scaled = down >= 0 ? "(y >> " + down + ")" : "(y << " + -down + ")";
            w.line(CNames.element(o, "k") + " = (int" + out.container() + "_t)" + scaled + ";");
        });
    }

    void softsign(Op op, Value o, Value a) {
        FixedType in = r.type(a), out = r.type(o);
        if (activations.table(op, o, a, v -> SoftKernels.softsign(v, in, out, WrapSite.IGNORE))) {
            return;
        }
        int so = out.scale(), up = Math.max(0, -in.scale()), base = Math.max(0, in.scale());
        long nMax = -in.min() << up, dMax = (1L << base) + nMax;
        if (so < 0) { // the quotient is below one: 0 at a negative scale
            w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = 0;"));
            return;
        }
        int divBits = so <= 15 && dMax <= 1L << 15 ? 16 : so <= 31 && dMax <= 1L << 31 ? 32 : 64;
        String u = "uint" + divBits + "_t", mag = unsigned(nMax, 32);
        int signedBits = IntExpr.container(so + 1);
        w.loop("k", o.size(), () -> {
            w.line("int32_t x = " + r.x(a, "k").c() + ";");
            w.line(u + " n = (" + u + ")((x < 0 ? -(" + mag + ")x : (" + mag + ")x) << " + up + ");");
            w.line(u + " d = (" + u + ")(" + (1L << base) + "ull + n);");
            if (divBits < 64) {
                w.line(u + " q = sd_fracdiv" + divBits + "(n, d, " + so + ");");
            } else {
                w.line("uint64_t q = 0;");
                w.line("for (uint8_t s = 0; s < " + so + "; s++) {");
                w.line("    n <<= 1;");
                w.line("    q <<= 1;");
                w.line("    if (n >= d) { n -= d; q |= 1; }");
                w.line("}");
            }
            String sq = "(int" + signedBits + "_t)q";
            w.line(CNames.element(o, "k") + " = (int" + out.container() + "_t)(x < 0 ? -" + sq + " : " + sq + ");");
        });
    }

    /** The unsigned C type of at least {@code min} bits that holds 0 to max. */
    private static String unsigned(long max, int min) {
        int bits = max < 0 ? 64 : 64 - Long.numberOfLeadingZeros(max);
        return "uint" + Math.max(min, IntExpr.container(bits)) + "_t";
    }
}
