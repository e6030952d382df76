package seedc.codegen.verilog.plan;

import seedc.codegen.verilog.graph.Interval;
import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedType;

/**
 * The activation's divider at the widths its operands can take, not the 64 bits of the temporaries (a 64-bit
 * combinational divider is about 14,000 LUTs on the Artix-7): e = tf * tg >> sg lies in [0, maxE], so the
 * numerator (e, one or one - e, shifted left by the output's scale) needs the bits of max(one, maxE) plus the
 * shift and a sign, and the denominator one + e the bits of one + maxE and a sign. The quotient is exact: both
 * operands fit their widths, and Verilog's signed division truncates toward zero as Java's does. {@code signed}:
 * whether an operand can be negative (tanh's one - e where the table's e exceeds one); else the divider divides
 * the operands as they are, with no magnitudes to take and no sign to give the quotient.
 */
public record Divider(int numBits, int denBits, boolean signed) {
    public static Divider of(ExpTable t, FixedType out, boolean sigmoid) {
        Interval e = exponentials(t);
        long one = 1L << t.sf(), maxE = e.hi();
        int num = Sizes.counterBits(Math.max(one, maxE)) + Math.max(0, out.scale()) + 2;
        int den = Sizes.counterBits(one + maxE) + 2;
        Interval unit = new Interval(one, one);
        Interval numerator = sigmoid ? e.union(unit) : unit.minus(e), denominator = unit.plus(e);
        boolean signed = numerator.lo() < 0 || denominator.lo() <= 0;
        return new Divider(Math.min(64, num), Math.min(64, den), signed);
    }

    /**
     * softsign's divider: the numerator |a| 2^max(0, -sa) shifted left by the output's scale, the divisor
     * 2^max(0, sa) + |a| 2^max(0, -sa); neither is negative (the lane gives the quotient a's sign itself).
     */
    public static Divider softsign(FixedType in, FixedType out) {
        int up = Math.max(0, -in.scale()), base = Math.max(0, in.scale());
        long n = -in.min() << up;
        int num = Sizes.counterBits(n) + Math.max(0, out.scale()) + 1;
        int den = Sizes.counterBits((1L << base) + n) + 1;
        return new Divider(Math.min(64, num), Math.min(64, den), false);
    }

    /** The values e = tf[i] * tg[j] >> sg takes. */
    public static Interval exponentials(ExpTable t) {
        return Interval.of(t.tf()).times(Interval.of(t.tg())).shr(t.sg());
    }

    /**
     * Cycles per group of outputs of the iterative divider (emit.IterativeDivisionKernel): the load, a step per
     * numerator bit, the write.
     */
    public long iterativeCyclesPerGroup() {
        return numBits + 2L;
    }
}
