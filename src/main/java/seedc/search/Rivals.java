package seedc.search;

/**
 * Candidates of one group racing to be its best, where only the best matters (Shiftry's stage III: the scales
 * of one demoted value): a candidate that no longer can be stops, and the best is still the one an exhaustive
 * evaluation picks. The order of "best" is {@link CandidatePool.Score#beats} — a candidate that does not wrap
 * on the training set before one that does, then the fewer bad examples — with ties to the earlier candidate.
 * For a program whose result is a tensor, "bad examples" is the sum of the examples' squared output errors
 * ({@link Metric#badness}), which orders the candidates as their loss does.
 *
 * <p>Why stopping is sound: bad examples and wrap events only grow as a candidate runs on more examples. Once a
 * rival has finished without a wrap, a candidate that has wrapped, or has as many bad examples (more, if it comes
 * before the rival), ends at best tied with it and behind it, or worse. A rival that wraps stops nobody: a
 * candidate may still beat it by not wrapping at all.
 */
final class Rivals {
    /** The best finished candidate's index, or -1; its bad examples; whether it wraps. */
    private int leader = -1;
    private double leaderBad;
    private boolean leaderWraps;

    /** Candidate {@code k} finished with {@code bad} bad examples and {@code wraps} (whether it wrapped). */
    synchronized void finished(int k, double bad, boolean wraps) {
        if (leader < 0 || better(k, bad, wraps)) {
            leader = k;
            leaderBad = bad;
            leaderWraps = wraps;
        }
    }

    /** Whether candidate {@code k}, with {@code bad} bad examples and {@code wrapEvents} so far, can no longer win. */
    synchronized boolean beaten(int k, double bad, long wrapEvents) {
        if (leader < 0 || leaderWraps) {
            return false;
        }
        return wrapEvents > 0 || bad > leaderBad || (bad == leaderBad && k > leader);
    }

    private boolean better(int k, double bad, boolean wraps) {
        if (wraps != leaderWraps) {
            return !wraps;
        }
        return bad < leaderBad || (bad == leaderBad && k < leader);
    }
}
