package seedc.fixed;

/**
 * Where a kernel reports that an element of its result wrapped: the value being computed and its counter.
 * The kernels call {@link #wrapped} only on the rare path where a checked result differs from the exact one.
 */
public final class WrapSite {
    /** Counts nothing: for callers that only want the integers. */
    public static final WrapSite IGNORE = new WrapSite(null, -1);

    private final WrapCounter counter;
    private final int id;

    WrapSite(WrapCounter counter, int id) {
        this.counter = counter;
        this.id = id;
    }

    void wrapped() {
        if (counter != null) {
            counter.hit(id);
        }
    }

    /** Counts an event when the result {@code got} differs from the exact value; returns {@code got}. */
    long check(long got, long exact) {
        if (got != exact) {
            wrapped();
        }
        return got;
    }
}
