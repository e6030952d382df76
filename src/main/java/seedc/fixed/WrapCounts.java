package seedc.fixed;

/**
 * Wrap events per IR value (by id) of one program over a data set: {@code events[id]} elements wrapped in
 * {@code examples[id]} examples; {@code anyExamples} examples had an event in some value.
 */
public record WrapCounts(long[] events, int[] examples, int anyExamples) {

    /** No event for any of {@code values} values. */
    public static WrapCounts none(int values) {
        return new WrapCounts(new long[values], new int[values], 0);
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
     * that reused another's values (seedc.search.Reuse) had their events too. {@code anyExamples} is then a lower
     * bound: the larger of the two runs' and of any one value's.
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
        int any = Math.max(anyExamples, kept.anyExamples);
        for (int n : x) {
            any = Math.max(any, n);
        }
        return new WrapCounts(e, x, any);
    }
}
