package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import seedc.ir.FloatModel;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.fixed.WidthPolicy;
import seedc.io.DataSet;
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

    public record Outcome(FixedProgram best, Products products, List<Point> sweep, int candidates) {}

    /** Searches the given product modes (each must be allowed at {@code bits} under {@code widths}). */
    public static Outcome run(FloatModel model, Profile profile, DataSet train, Result[] floatTrain, WidthPolicy widths,
                              int bits, Metric metric, List<Products> modes, int jobs, boolean progress) {
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
        List<Point> sweep = new ArrayList<>();
        List<CandidatePool.Score> scores;
        try (CandidatePool pool = new CandidatePool(model, train, floatTrain, metric, jobs, progress)) {
            scores = pool.evaluate("maxscale search", candidates);
            for (int i = 0; i < scores.size(); i++) {
                CandidatePool.Score s = scores.get(i);
                sweep.add(new Point(i % bits, modes.get(i / bits), s.accuracy(), s.loss(), s.wrapEvents()));
            }
        }
        int best = 0;
        for (int i = 1; i < sweep.size(); i++) {
            CandidatePool.Score s = scores.get(i), b = scores.get(best);
            boolean sameMode = i / bits == best / bits;
            if (s.beats(b) || (s.ties(b) && sameMode)) {
                best = i;
            }
        }
        return new Outcome(programs[best], modes.get(best / bits), sweep, candidates.size());
    }
}
