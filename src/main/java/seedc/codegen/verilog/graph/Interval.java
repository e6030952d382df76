package seedc.codegen.verilog.graph;

import java.util.Arrays;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedType;

/**
 * A sound bound on the values a lane's temporary takes, so that the engine declares it at the bits it needs rather
 * than the 64 of the semantics' arithmetic. yosys narrows little of a 64-bit chain of shifts with rounding,
 * negations and clamps: FastGRNN digits' sigmoid and tanh engines shed 135 and 107 LUT4s and about 150 carries each
 * when their exp lookup's temporaries were declared at 32 bits. Each operation mirrors the semantics' (FixedArith)
 * on the bounds; where a result could leave 64 bits the bound is {@link #ANY}, declared at 64 bits as before.
 */
public record Interval(long lo, long hi) {
    public static final Interval ANY = new Interval(Long.MIN_VALUE, Long.MAX_VALUE);

    public Interval {
        if (lo > hi) {
            throw new IllegalArgumentException("[" + lo + ", " + hi + "]");
        }
    }

    /** Every value of the type. */
    public static Interval of(FixedType t) {
        return t.bits() >= 64 ? ANY : new Interval(-(1L << (t.bits() - 1)), (1L << (t.bits() - 1)) - 1);
    }

    /** The values of a table. */
    public static Interval of(long[] values) {
        return new Interval(Arrays.stream(values).min().orElse(0), Arrays.stream(values).max().orElse(0));
    }

    /** sd_shr(v, n): a right shift rounds toward zero (monotone); a left one multiplies unless it overflows. */
    public Interval shr(int n) {
        if (this.equals(ANY)) {
            return ANY;
        }
        if (n >= 0) {
            return new Interval(FixedArith.shr(lo, n), FixedArith.shr(hi, n));
        }
        if (-n >= 63) {
            return lo == 0 && hi == 0 ? this : ANY;
        }
        try {
            return new Interval(Math.multiplyExact(lo, 1L << -n), Math.multiplyExact(hi, 1L << -n));
        } catch (ArithmeticException overflow) {
            return ANY;
        }
    }

    public Interval plus(Interval o) {
        try {
            return new Interval(Math.addExact(lo, o.lo), Math.addExact(hi, o.hi));
        } catch (ArithmeticException overflow) {
            return ANY;
        }
    }

    public Interval minus(Interval o) {
        return plus(o.negated());
    }

    public Interval negated() {
        return lo == Long.MIN_VALUE ? ANY : new Interval(-hi, -lo);
    }

    /** |v|. */
    public Interval magnitude() {
        if (lo >= 0) {
            return this;
        }
        if (lo == Long.MIN_VALUE) {
            return ANY;
        }
        return hi <= 0 ? negated() : new Interval(0, Math.max(-lo, hi));
    }

    public Interval times(Interval o) {
        try {
            long a = Math.multiplyExact(lo, o.lo), b = Math.multiplyExact(lo, o.hi);
            long c = Math.multiplyExact(hi, o.lo), d = Math.multiplyExact(hi, o.hi);
            return new Interval(Math.min(Math.min(a, b), Math.min(c, d)), Math.max(Math.max(a, b), Math.max(c, d)));
        } catch (ArithmeticException overflow) {
            return ANY;
        }
    }

    /** v clamped into [min, max]. */
    public Interval clamp(long min, long max) {
        return new Interval(Math.clamp(lo, min, max), Math.clamp(hi, min, max));
    }

    /** Either of two values (a selection). */
    public Interval union(Interval o) {
        return new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    /** The two's-complement bits every value needs (at least 2, so that a sign test reads a sign bit). */
    public int bits() {
        if (this.equals(ANY)) {
            return 64;
        }
        int b = 2;
        while (b < 64 && (lo < -(1L << (b - 1)) || hi > (1L << (b - 1)) - 1)) {
            b++;
        }
        return b;
    }
}
