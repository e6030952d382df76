package seedc.codegen.c.threshold;

import java.util.ArrayList;
import java.util.List;

/**
 * A step function per channel, what a fused chain compares (Thresholds): channel c's thresholds {@code at[c * steps +
 * j]} ascending and its outputs {@code values[c * (steps + 1) + j]}, below the first threshold and then from each (a
 * channel with fewer steps repeats its last threshold; one with none has one at the input's minimum).
 */
public record Steps(int channels, int steps, long[] at, long[] values) {
    public static Steps of(Thresholds.Chain c) {
        return new Steps(c.channels(), c.steps(), c.at(), c.values());
    }

    /**
     * Channel ch's output at input t: that after the last of its steps t reaches, in order (as the comparisons in C
     * give it, one after another).
     */
    public long outputAt(int ch, long t) {
        long y = values[ch * (steps + 1)];
        for (int j = 0; j < steps; j++) {
            y = t >= at[ch * steps + j] ? values[ch * (steps + 1) + j + 1] : y;
        }
        return y;
    }

    /** Whether every channel has the same one step: then the code compares with literals. */
    public boolean uniform() {
        for (int c = 1; c < channels; c++) {
            if (at[c] != at[0] || values[2 * c] != values[0] || values[2 * c + 1] != values[1]) {
                return false;
            }
        }
        return steps == 1;
    }

    /**
     * {lo, hi} with every channel's first threshold at most lo and its last above hi - 1, when there are at least
     * three steps, every channel's first and last turn its output back (steps from wraps at the ends of x's reach,
     * beyond the data) and lo < hi: for x in [lo, hi) each channel's output is its second one or a later inner
     * step's, whatever its outer steps are; else null.
     */
    public long[] core() {
        if (steps < 3) {
            return null;
        }
        long lo = Long.MIN_VALUE, hi = Long.MAX_VALUE;
        for (int c = 0; c < channels; c++) {
            int v = c * (steps + 1);
            if (!turnsBack(values[v], values[v + 1], values[v + 2])
                    || !turnsBack(values[v + steps], values[v + steps - 1], values[v + steps - 2])) {
                return null;
            }
            lo = Math.max(lo, at[c * steps]);
            hi = Math.min(hi, at[c * steps + steps - 1]);
        }
        return lo < hi ? new long[] {lo, hi} : null;
    }

    /** Whether the step from a to b goes the other way than the one from b to c. */
    private static boolean turnsBack(long a, long b, long c) {
        return Long.signum(b - a) * Long.signum(c - b) < 0;
    }

    /** The outputs below the first threshold and from each when every channel has the same, else null. */
    public long[] sharedValues() {
        long[] first = java.util.Arrays.copyOf(values, steps + 1);
        for (int c = 1; c < channels; c++) {
            if (!java.util.Arrays.equals(values, c * (steps + 1), (c + 1) * (steps + 1), first, 0, steps + 1)) {
                return null;
            }
        }
        return first;
    }

    /** Channel c's output for input x: the outputs from the last threshold x reaches. */
    long output(int c, long x) {
        int k = 0;
        for (int j = 0; j < steps; j++) {
            if (x >= at[c * steps + j]) {
                k = j + 1;
            }
        }
        return values[c * (steps + 1) + k];
    }

    /**
     * These steps as a function of a kernel's exact sum T, the input being T's stored value x = wrap(u(T)), u(T) =
     * shr(m T, shift) non-decreasing (Stored): over T's bound, x is non-decreasing between the sums where u crosses a
     * wrap of the output's type, so in each such segment a channel's output changes where x first reaches one of its
     * thresholds (a binary search), and it may turn back where a segment begins. Null when the bound holds more than
     * {@link #MAX_SEGMENTS} segments or a channel ends with more than {@link Thresholds#MAX_STEPS} steps.
     */
    public Steps overSum(Stored v) {
        if (v.sum() == null || !v.exactInLong() || v.bits() > 32) {
            return null;
        }
        List<long[]> segments = segments(v);
        if (segments == null) {
            return null;
        }
        long[][] changes = new long[channels][], outputs = new long[channels][];
        for (int c = 0; c < channels; c++) {
            long[][] channel = overSum(c, v, segments);
            if (channel == null) {
                return null;
            }
            changes[c] = channel[0];
            outputs[c] = channel[1];
        }
        return padded(changes, outputs, v.minSum());
    }

    /**
     * Channel c's changes and outputs over the sum's segments: in each, where the stored value first reaches one of
     * the channel's thresholds, and its start; null for more than {@link Thresholds#MAX_STEPS} changes.
     */
    private long[][] overSum(int c, Stored v, List<long[]> segments) {
        List<Long> t = new ArrayList<>(), y = new ArrayList<>();
        for (long[] seg : segments) {
            List<Long> points = new ArrayList<>(List.of(seg[0]));
            for (int j = 0; j < steps; j++) {
                long reach = at[c * steps + j] + seg[2]; // x >= at  <=>  u >= at + the segment's wraps
                long first = Stored.first(seg[0], seg[1], u -> v.unwrapped(u) >= reach);
                if (first > seg[0] && first <= seg[1]) {
                    points.add(first);
                }
            }
            points.sort(null);
            for (long p : points) {
                long out = output(c, v.valueAt(p));
                if (y.isEmpty() || out != y.getLast()) {
                    if (!y.isEmpty()) {
                        t.add(p);
                    }
                    y.add(out);
                }
            }
        }
        if (t.size() > Thresholds.MAX_STEPS) {
            return null;
        }
        return new long[][] {t.stream().mapToLong(Long::longValue).toArray(),
                y.stream().mapToLong(Long::longValue).toArray()};
    }

    /** The most segments of a sum's bound (wraps of its stored value) whose steps are looked for. */
    static final int MAX_SEGMENTS = 8;

    /**
     * The sum's bound cut where its stored value wraps: {from, to, u - x on it}, or null for more than
     * {@link #MAX_SEGMENTS}.
     */
    private static List<long[]> segments(Stored v) {
        long period = 1L << v.bits(), half = period / 2;
        List<long[]> segments = new ArrayList<>();
        for (long a = v.minSum(); a <= v.maxSum(); ) {
            long k = Math.floorDiv(v.unwrapped(a) + half, period);
            long next = Stored.first(a + 1, v.maxSum(), t -> Math.floorDiv(v.unwrapped(t) + half, period) > k);
            segments.add(new long[] {a, next - 1, k * period});
            if (segments.size() > MAX_SEGMENTS) {
                return null;
            }
            a = next;
        }
        return segments;
    }

    /**
     * Each channel's changes (the inputs where its output changes, ascending) and outputs (below the first change,
     * then from each) as steps of the most any channel has: padding repeats a channel's last step, or puts one at the
     * input's minimum {@code min} for a channel with none, which changes nothing.
     */
    static Steps padded(long[][] changes, long[][] outputs, long min) {
        int channels = changes.length, most = 1;
        for (long[] t : changes) {
            most = Math.max(most, t.length);
        }
        long[] a = new long[channels * most], values = new long[channels * (most + 1)];
        for (int c = 0; c < channels; c++) {
            long[] t = changes[c], y = outputs[c];
            values[c * (most + 1)] = y[0];
            for (int j = 0; j < most; j++) {
                a[c * most + j] = t.length == 0 ? min : t[Math.min(j, t.length - 1)];
                values[c * (most + 1) + j + 1] = y[Math.min(j + 1, y.length - 1)];
            }
        }
        return new Steps(channels, most, a, values);
    }
}
