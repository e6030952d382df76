package seedc.search;

/**
 * Candidates of one group racing to be its best, where only the best matters (Shiftry's stage III: the scales
 * of one demoted value; stage II: the input's scales, of which a large training set keeps the best few): a candidate that no longer can be stops, and
 * the best (or the best {@code keep}) are still the ones an exhaustive
 * evaluation picks. The order of "best" is {@link CandidatePool.Score#beats} — a candidate that does not wrap
 * on the training set before one that does, then the fewer bad examples — with ties to the earlier candidate.
 * For a program whose result is a tensor, "bad examples" is the sum of the examples' squared output errors
 * ({@link Metric#badness}), which orders the candidates as their loss does.
 *
 * <p>Why stopping is sound: bad examples and wrap events only grow as a candidate runs on more examples. Once a
 * rival has finished without a wrap, a candidate that has wrapped, or has as many bad examples (more, if it comes
 * before the rival), ends at best tied with it and behind it, or worse. A rival that wraps stops nobody: a
 * candidate may still beat it by not wrapping at all. Keeping the best K, a candidate stops once K finished
 * rivals are ahead of it in that sense: it can no longer be among the K.
 */
final class Rivals {
    /** How many of the best must finish: 1 (a group's best) or a stage's survivors. */
    private final int keep;
    /** The finished candidates that do not wrap: index and bad examples. */
    private final java.util.List<double[]> clean = new java.util.ArrayList<>();

    Rivals() {
        this(1);
    }

    /** Rivals of which the best {@code keep} (in the order of best) must all finish. */
    Rivals(int keep) {
        this.keep = keep;
    }

    /** Candidate {@code k} finished with {@code bad} bad examples and {@code wraps} (whether it wrapped). */
    synchronized void finished(int k, double bad, boolean wraps) {
        if (!wraps) {
            clean.add(new double[] {k, bad});
        }
    }

    /**
     * Whether candidate {@code k}, with {@code bad} bad examples and {@code wrapEvents} so far, can no longer be
     * among the best {@code keep}: that many finished rivals without a wrap each end ahead of it.
     */
    synchronized boolean beaten(int k, double bad, long wrapEvents) {
        int ahead = 0;
        for (double[] r : clean) {
            if (wrapEvents > 0 || bad > r[1] || (bad == r[1] && k > r[0])) {
                ahead++;
            }
        }
        return ahead >= keep;
    }
}
