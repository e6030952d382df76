package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import me.tongfei.progressbar.ProgressBar;
import seedc.driver.Model;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;

/**
 * Evaluates fixed-point candidates in-process, one candidate per thread (each runs the whole training
 * set), and counts them. The optional progress bar names the search stage.
 */
final class CandidatePool implements AutoCloseable {
    record Score(double accuracy, double loss, double scoreError) {}

    private final Model model;
    private final DataSet train;
    private final Result[] floatTrain;
    private final Metric metric;
    private final ExecutorService pool;
    private final boolean progress;
    private int evaluated;

    CandidatePool(Model model, DataSet train, Result[] floatTrain, Metric metric, int jobs, boolean progress) {
        this.model = model;
        this.train = train;
        this.floatTrain = floatTrain;
        this.metric = metric;
        this.pool = Executors.newFixedThreadPool(Math.max(1, jobs));
        this.progress = progress;
    }

    List<Score> evaluate(String stage, List<Supplier<FixedProgram>> candidates) {
        List<Score> out = new ArrayList<>();
        try (ProgressBar bar = progress ? new ProgressBar(stage, candidates.size()) : null) {
            List<Future<Score>> fs = new ArrayList<>();
            for (Supplier<FixedProgram> c : candidates) {
                fs.add(pool.submit(() -> {
                    Result[] r = Candidate.run(c.get(), model, train, 1);
                    if (bar != null) {
                        synchronized (bar) {
                            bar.step();
                        }
                    }
                    return new Score(Evaluation.accuracy(train, r).percent(), metric.loss(train, floatTrain, r),
                            Metric.scoreError(floatTrain, r));
                }));
            }
            for (Future<Score> f : fs) {
                out.add(f.get());
            }
        } catch (Exception e) {
            Throwable c = e.getCause() != null ? e.getCause() : e;
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(c);
        }
        evaluated += candidates.size();
        return out;
    }

    Score evaluate(String stage, Supplier<FixedProgram> candidate) {
        return evaluate(stage, List.of(candidate)).get(0);
    }

    int evaluated() {
        return evaluated;
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
