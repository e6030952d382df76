package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import seedc.ir.FloatModel;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.fixed.WidthPolicy;
import seedc.search.SeeDotStrategy.Products;

/**
 * SeeDot's brute-force search (5.3.2): one program per maxscale P in [0, B-1] and per product mode,
 * each evaluated on the training set in-process. The best by the metric among the candidates that do not
 * wrap on the training set wins (the best of all when every one wraps, see CandidatePool.Score#beats); ties go
 * to the larger P, which keeps more bits, and between modes to narrow products, which are cheaper on the device.
 */
public final class MaxscaleSearch {
    private MaxscaleSearch() {}

    public record Point(int maxscale, Products products, double trainAccuracy, double loss, long wrapEvents) {}

    /** {@code bestOnTrain}: the best program's results on every training row, when the search has them. */
    public record Outcome(FixedProgram best, Products products, List<Point> sweep, int candidates,
                          Candidate.Counted bestOnTrain) {}

    /**
     * Training sets larger than this are searched in two rounds: every candidate on an evenly spaced subset
     * of {@link #SUBSET} examples, then the {@link #SURVIVORS} best of them (by the same rule) on all of
     * them. Why these numbers: on 2,000 examples an accuracy of p has a standard error of
     * sqrt(p(1-p)/2000), at most 1.1 points, and neighbouring maxscales differ by more than that when the
     * choice matters; the survivors are confirmed on the whole set, where rare wraps show. The cost falls
     * from candidates x N example runs to candidates x 2,000 + 4 x N (about 4x less for 32 candidates and
     * 20,000 examples). Smaller sets keep the exhaustive search.
     */
    static final int FULL_SEARCH_LIMIT = TrainingSubset.FULL_SEARCH_LIMIT;
    static final int SUBSET = TrainingSubset.SUBSET;
    static final int SURVIVORS = StagedConfirmation.SURVIVORS;

    /** Searches the given product modes (each must be allowed at {@code bits} under {@code widths}). */
    public static Outcome run(SearchInput in, WidthPolicy widths, int bits, List<Products> modes) {
        return run(in, widths, bits, modes, FULL_SEARCH_LIMIT);
    }

    static Outcome run(SearchInput in, WidthPolicy widths, int bits, List<Products> modes, int fullSearchLimit) {
        FloatModel model = in.model();
        Profile profile = in.profile();
        FixedProgram[] programs = new FixedProgram[bits * modes.size()];
        List<Supplier<FixedProgram>> candidates = new ArrayList<>();
        for (int m = 0; m < modes.size(); m++) {
            Products mode = modes.get(m);
            for (int p = 0; p < bits; p++) {
                int maxscale = p, slot = m * bits + p;
                candidates.add(() -> programs[slot] =
                        SeeDotStrategy.assign(model.program(), profile, model.weights(), widths, bits, maxscale, mode));
            }
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            all.add(i);
        }
        if (in.train().size() > fullSearchLimit) {
            TrainingSubset sub = TrainingSubset.of(in.train(), in.floatTrain(), SUBSET);
            List<CandidatePool.Score> scores = evaluate(in.pool(sub.data(), sub.floatResults()),
                    "maxscale search (subset)", candidates, all);
            List<Integer> contenders = ranked(scores, all, bits).subList(0, Math.min(SURVIVORS, all.size()))
                    .stream().sorted().toList();
            try (CandidatePool full = in.pool(in.train(), in.floatTrain())) {
                List<CandidatePool.Score> again = full.evaluate("maxscale search (confirming)",
                        contenders.stream().map(candidates::get).toList());
                for (int k = 0; k < contenders.size(); k++) {
                    scores.set(contenders.get(k), again.get(k));
                }
                int best = ranked(scores, contenders, bits).get(0);
                return outcome(scores, modes, bits, programs[best], best, candidates.size() + contenders.size(),
                        full.ranAlready(programs[best]));
            }
        }
        List<CandidatePool.Score> scores = evaluate(in.pool(in.train(), in.floatTrain()), "maxscale search",
                candidates, all);
        int best = ranked(scores, all, bits).get(0);
        return outcome(scores, modes, bits, programs[best], best, candidates.size(), null);
    }

    private static Outcome outcome(List<CandidatePool.Score> scores, List<Products> modes, int bits, FixedProgram best,
                                   int bestIndex, int candidates, Candidate.Counted bestOnTrain) {
        List<Point> sweep = new ArrayList<>();
        for (int i = 0; i < scores.size(); i++) {
            CandidatePool.Score s = scores.get(i);
            sweep.add(new Point(i % bits, modes.get(i / bits), s.accuracy(), s.loss(), s.wrapEvents()));
        }
        return new Outcome(best, modes.get(bestIndex / bits), sweep, candidates, bestOnTrain);
    }

    /** The scores of the chosen candidates, in their order, on the pool's data set. */
    private static List<CandidatePool.Score> evaluate(CandidatePool candidatePool, String stage,
                                                      List<Supplier<FixedProgram>> candidates, List<Integer> which) {
        try (CandidatePool pool = candidatePool) {
            return new ArrayList<>(pool.evaluate(stage, which.stream().map(candidates::get).toList()));
        }
    }

    /**
     * The candidates best first: one that does not wrap before one that does, then the lower loss; ties go to
     * the larger P (later in a mode), which keeps more bits, and between modes to the earlier (narrow products,
     * cheaper on the device).
     */
    static List<Integer> ranked(List<CandidatePool.Score> scores, List<Integer> among, int bits) {
        List<Integer> left = new ArrayList<>(among), out = new ArrayList<>();
        while (!left.isEmpty()) {
            int best = left.get(0);
            for (int i : left) {
                CandidatePool.Score s = scores.get(i), b = scores.get(best);
                if (s.beats(b) || (s.ties(b) && i / bits == best / bits && i > best)) {
                    best = i;
                }
            }
            out.add(best);
            left.remove(Integer.valueOf(best));
        }
        return out;
    }
}
