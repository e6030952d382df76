package seedc.eval;

import java.util.Arrays;
import java.util.List;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * What the float interpreter saw over a data set: the min and max of every real value and,
 * for arguments of exp/tanh/sigmoid, a sample of the values themselves, from which a range
 * covering a given fraction of them is picked.
 */
public final class Profile {
    private static final int SAMPLE_LIMIT = 1 << 17;

    private final double[] min;
    private final double[] max;
    private final double[][] samples;
    private final int[] sampleCount;
    private final long[] seen;
    /** Whether every range covers the value's sound range, so that scales may not exceed what it allows. */
    private boolean sound;

    public Profile(Program program) {
        this(program.valueCount());
    }

    private Profile(int n) {
        min = new double[n];
        max = new double[n];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        samples = new double[n][];
        sampleCount = new int[n];
        seen = new long[n];
    }

    void observe(Value v, double[] data) {
        int id = v.id();
        double lo = min[id], hi = max[id];
        for (double x : data) {
            if (x < lo) {
                lo = x;
            }
            if (x > hi) {
                hi = x;
            }
        }
        min[id] = lo;
        max[id] = hi;
    }

    /** Keeps the argument values of a non-linear function (deterministic reservoir: every k-th once full). */
    void sample(Value v, double[] data) {
        int id = v.id();
        if (samples[id] == null) {
            samples[id] = new double[1024];
        }
        for (double x : data) {
            seen[id]++;
            if (sampleCount[id] < SAMPLE_LIMIT) {
                if (sampleCount[id] == samples[id].length) {
                    samples[id] = Arrays.copyOf(samples[id], samples[id].length * 2);
                }
                samples[id][sampleCount[id]++] = x;
            } else {
                samples[id][(int) (seen[id] % SAMPLE_LIMIT)] = x;
            }
        }
    }

    public boolean observed(Value v) {
        return min[v.id()] <= max[v.id()];
    }

    public double min(Value v) {
        return min[v.id()];
    }

    public double max(Value v) {
        return max[v.id()];
    }

    /** Largest magnitude seen; 0 for a value never observed. */
    public double maxAbs(Value v) {
        return observed(v) ? Math.max(Math.abs(min(v)), Math.abs(max(v))) : 0.0;
    }

    /**
     * The smallest interval [m, max] that ends at v's largest value and holds at least {@code fraction} of its
     * sampled values: m is their (1 - fraction) quantile. SeeDot sets exp's input range by leaving out
     * outliers; for a monotone increasing function only the low ones can go, since the largest arguments give
     * the terms that dominate what exp feeds (ProtoNN's nearest prototypes).
     */
    public double[] rangeBelowMax(Value v, double fraction) {
        int n = sampleCount[v.id()];
        if (n == 0) {
            return new double[] {min(v), max(v)};
        }
        double[] s = Arrays.copyOf(samples[v.id()], n);
        Arrays.sort(s);
        int need = Math.max(1, (int) Math.ceil(fraction * n));
        return new double[] {Math.min(s[n - need], max(v)), max(v)};
    }

    /** Folds another profile of the same program into this one. */
    public void merge(Profile other) {
        for (int id = 0; id < min.length; id++) {
            min[id] = Math.min(min[id], other.min[id]);
            max[id] = Math.max(max[id], other.max[id]);
            if (other.sampleCount[id] > 0) {
                double[] tmp = Arrays.copyOf(other.samples[id], other.sampleCount[id]);
                Value fake = new Value(id, "", Value.Kind.REAL, seedc.ir.Shape.SCALAR, seedc.diag.Pos.NONE, 0, 0);
                sample(fake, tmp);
            }
        }
    }

    /**
     * A copy whose ranges also cover the given ones (per value id, {@code null} for none): under {@code --ranges
     * sound} the scales come from ranges holding every input the program declares, not only the training set's.
     */
    public Profile covering(List<Value> values, java.util.function.Function<Value, double[]> range) {
        Profile c = widened(values, range);
        c.sound = true;
        return c;
    }

    /**
     * A copy whose ranges also cover the given ones (per value id, {@code null} for none), the others the profiled
     * ones: scales from the profile, but for the widened values no larger than what their given ranges allow.
     */
    public Profile widened(List<Value> values, java.util.function.Function<Value, double[]> range) {
        Profile c = new Profile(min.length);
        for (int id = 0; id < min.length; id++) {
            c.min[id] = min[id];
            c.max[id] = max[id];
            c.samples[id] = samples[id] == null ? null : samples[id].clone();
            c.sampleCount[id] = sampleCount[id];
            c.seen[id] = seen[id];
        }
        for (Value v : values) {
            double[] r = range.apply(v);
            if (r != null) {
                c.min[v.id()] = Math.min(c.min[v.id()], r[0]);
                c.max[v.id()] = Math.max(c.max[v.id()], r[1]);
            }
        }
        return c;
    }

    /** Whether the ranges cover the sound ones ({@link #covering}): a scale may not exceed what they allow. */
    public boolean sound() {
        return sound;
    }
}
