package seedc.analysis;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * A box of reals: one closed interval [lo[i], hi[i]] per element of a tensor, the abstract value of
 * {@link RangeAnalysis}. Bounds are rounded outward after every arithmetic step, so that a double computation of
 * the same formula in another order (the float interpreter's) cannot land outside by an ulp.
 */
public record Box(double[] lo, double[] hi) {
    /** Relative widening of a computed bound: far above the error of the sums behind it. */
    private static final double SLACK = 0x1p-40;

    /** The box of known values: each interval a point. */
    public static Box point(double[] values) {
        return new Box(values, values);
    }

    /** Every element in [lo, hi]. */
    public static Box filled(int size, double lo, double hi) {
        double[] l = new double[size], h = new double[size];
        Arrays.fill(l, lo);
        Arrays.fill(h, hi);
        return new Box(l, h);
    }

    public int size() {
        return lo.length;
    }

    /** The smallest interval holding every element's. */
    public double min() {
        return Arrays.stream(lo).min().orElse(0);
    }

    public double max() {
        return Arrays.stream(hi).max().orElse(0);
    }

    /** Whether every bound is a finite number. */
    public boolean bounded() {
        for (int i = 0; i < lo.length; i++) {
            if (!Double.isFinite(lo[i]) || !Double.isFinite(hi[i])) {
                return false;
            }
        }
        return true;
    }

    /** Element-wise union. */
    public Box union(Box o) {
        double[] l = new double[lo.length], h = new double[lo.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = Math.min(lo[i], o.lo[i]);
            h[i] = Math.max(hi[i], o.hi[i]);
        }
        return new Box(l, h);
    }

    /** A non-decreasing function of each element: the bounds map to the bounds. */
    public Box mapIncreasing(DoubleUnaryOperator f) {
        double[] l = new double[lo.length], h = new double[lo.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = f.applyAsDouble(lo[i]);
            h[i] = f.applyAsDouble(hi[i]);
        }
        return new Box(l, h).outward();
    }

    /** The elements gathered by a layout map from position {@code base}. */
    public Box gather(int[] map, int base) {
        double[] l = new double[map.length], h = new double[map.length];
        for (int k = 0; k < map.length; k++) {
            l[k] = lo[base + map[k]];
            h[k] = hi[base + map[k]];
        }
        return new Box(l, h);
    }

    /** Every element in the union of all of this box's intervals. */
    public Box flattened(int size) {
        return filled(size, min(), max());
    }

    /** The bounds moved away from each other by a few ulps (a no-op on points of the data, which are exact). */
    Box outward() {
        double[] l = lo.clone(), h = hi.clone();
        for (int i = 0; i < l.length; i++) {
            l[i] = l[i] - Math.abs(l[i]) * SLACK;
            h[i] = h[i] + Math.abs(h[i]) * SLACK;
        }
        return new Box(l, h);
    }

    /** The interval product [a, b] x [c, d]: the extremes of the four corner products (Zac 4.2). */
    static double[] times(double a, double b, double c, double d) {
        double p1 = a * c, p2 = a * d, p3 = b * c, p4 = b * d;
        return new double[] {Math.min(Math.min(p1, p2), Math.min(p3, p4)),
            Math.max(Math.max(p1, p2), Math.max(p3, p4))};
    }
}
