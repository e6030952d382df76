package seedc.analysis;

/** Instructions {@code first} to {@code last}, both inclusive (a live range, a loop's span). */
public record Interval(int first, int last) {
    public Interval {
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("bad interval [" + first + ", " + last + "]");
        }
    }

    /** This interval, lasting at least until {@code at}. */
    public Interval until(int at) {
        return at <= last ? this : new Interval(first, at);
    }
}
