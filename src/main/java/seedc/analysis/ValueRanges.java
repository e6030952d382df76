package seedc.analysis;

import java.util.List;
import seedc.ir.Value;

/**
 * What {@link RangeAnalysis} proved: per real value the interval holding every element on every input inside
 * the declared range, per int value its possible integers, and the values it could not bound (with why).
 */
public final class ValueRanges {
    /** A value with no finite bound, and the reason. */
    public record Unproven(Value value, String why) {}

    /** A closed real interval. */
    public record Range(double lo, double hi) {
        /** The largest magnitude in the interval. */
        public double maxAbs() {
            return Math.max(Math.abs(lo), Math.abs(hi));
        }
    }

    private final double[] min;
    private final double[] max;
    private final IntIntervals ints;
    private final List<Unproven> unproven;

    ValueRanges(double[] min, double[] max, IntIntervals ints, List<Unproven> unproven) {
        this.min = min;
        this.max = max;
        this.ints = ints;
        this.unproven = unproven;
    }

    /** The interval of a real value: every element, every input in range, every iteration of its loops. */
    public Range of(Value v) {
        return new Range(min[v.id()], max[v.id()]);
    }

    /** The smallest and largest integer an int value may have. */
    public long intLo(Value v) {
        return ints.lo(v);
    }

    public long intHi(Value v) {
        return ints.hi(v);
    }

    /** The values with an infinite or undefined bound, in program order. */
    public List<Unproven> unproven() {
        return unproven;
    }
}
