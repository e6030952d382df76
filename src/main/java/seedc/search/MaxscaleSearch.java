package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import me.tongfei.progressbar.ProgressBar;
import seedc.driver.Model;
import seedc.eval.Evaluation;
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
        List<Point> sweep = new ArrayList<>();
        FixedProgram[] programs = new FixedProgram[bits];
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
        try (ProgressBar bar = progress ? new ProgressBar("maxscale search", bits) : null) {
            List<Future<Point>> futures = new ArrayList<>();
            for (int p = 0; p < bits; p++) {
                int maxscale = p;
                futures.add(pool.submit(() -> {
                    FixedProgram fp = SeeDotStrategy.assign(model.program(), profile, model.weights(), bits, maxscale);
                    programs[maxscale] = fp;
                    Result[] r = Candidate.run(fp, model, train, 1);
                    if (bar != null) {
                        bar.step();
                    }
                    return new Point(maxscale, Evaluation.accuracy(train, r).percent(),
                            metric.loss(train, floatTrain, r));
                }));
            }
            for (Future<Point> f : futures) {
                sweep.add(f.get());
            }
        } catch (Exception e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdown();
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
