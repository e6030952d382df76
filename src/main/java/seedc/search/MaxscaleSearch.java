package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import seedc.driver.Model;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;

/**
 * SeeDot's brute-force search (5.3.2): one program per maxscale P in [0, B-1], each evaluated on the
 * training set in-process; the best by the metric wins (ties go to the larger P, which keeps more bits).
 */
public final class MaxscaleSearch {
    private MaxscaleSearch() {}

    public record Point(int maxscale, double trainAccuracy, double loss) {}

    public record Outcome(FixedProgram best, List<Point> sweep, int candidates) {}

    public static Outcome run(Model model, Profile profile, DataSet train, Result[] floatTrain, int bits, Metric metric,
                              int jobs, boolean progress) {
        FixedProgram[] programs = new FixedProgram[bits];
        List<Supplier<FixedProgram>> candidates = new ArrayList<>();
        for (int p = 0; p < bits; p++) {
            int maxscale = p;
            candidates.add(() -> programs[maxscale] =
                    SeeDotStrategy.assign(model.program(), profile, model.weights(), bits, maxscale));
        }
        List<Point> sweep = new ArrayList<>();
        try (CandidatePool pool = new CandidatePool(model, train, floatTrain, metric, jobs, progress)) {
            List<CandidatePool.Score> scores = pool.evaluate("maxscale search", candidates);
            for (int p = 0; p < bits; p++) {
                sweep.add(new Point(p, scores.get(p).accuracy(), scores.get(p).loss()));
            }
        }
        Point best = sweep.get(0);
        for (Point pt : sweep) {
            if (pt.loss() <= best.loss()) {
                best = pt;
            }
        }
        return new Outcome(programs[best.maxscale()], sweep, bits);
    }
}
