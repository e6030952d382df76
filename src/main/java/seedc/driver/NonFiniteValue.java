package seedc.driver;

import seedc.eval.Profile;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * A value the float model itself computes as infinite on the training rows ({@code exp(X * 1000.0)}): no fixed-point
 * type holds it, and every value after it (scores of Infinity, NaN accuracies) would be meaningless, so compile stops
 * at the first such value in program order with its place in the program. The input's own non-finite values are the
 * data's fault and reported as such (InputChecks), so the input is not checked here.
 */
public final class NonFiniteValue extends RuntimeException {
    private final transient Value value;
    private final double lo;
    private final double hi;

    private NonFiniteValue(Value value, double lo, double hi) {
        super("'" + value.name() + "' is not finite", null, false, false);
        this.value = value;
        this.lo = lo;
        this.hi = hi;
    }

    /** Throws for the first value of {@code p} whose range on the training rows is not finite (the input aside). */
    static void check(Program p, Profile profiled) {
        for (Value v : p.values()) {
            if (v == p.input() || v.isInt() || !profiled.observed(v)) {
                continue;
            }
            double lo = profiled.min(v), hi = profiled.max(v);
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                throw new NonFiniteValue(v, lo, hi);
            }
        }
    }

    public Value value() {
        return value;
    }

    /** The message after "file:line:col: error: ". */
    public String explanation() {
        return String.format(java.util.Locale.ROOT, "in floating point this expression reaches %s on the training"
                + " rows (its range there is [%s, %s]): no fixed-point type holds it; scale its argument down or"
                + " bound it", Double.isInfinite(hi) ? hi : lo, lo, hi);
    }
}
