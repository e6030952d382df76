package seedc.fixed;

/**
 * Wrap events per IR value (by id) of one program over a data set: {@code events[id]} elements wrapped in
 * {@code examples[id]} examples.
 */
public record WrapCounts(long[] events, int[] examples) {

    /** No event for any of {@code values} values. */
    public static WrapCounts none(int values) {
        return new WrapCounts(new long[values], new int[values]);
    }

    /** Every event of every value. */
    public long total() {
        long t = 0;
        for (long e : events) {
            t += e;
        }
        return t;
    }

    /**
     * These counts for the values {@code fresh} says were computed, the other values' from {@code kept}: a run
     * that reused another's values (seedc.search.Reuse) had their events too.
     */
    public WrapCounts reusing(WrapCounts kept, boolean[] fresh) {
        long[] e = events.clone();
        int[] x = examples.clone();
        for (int i = 0; i < e.length; i++) {
            if (!fresh[i]) {
                e[i] = kept.events[i];
                x[i] = kept.examples[i];
            }
        }
        return new WrapCounts(e, x);
    }
}
