package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import me.tongfei.progressbar.ProgressBar;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;

/**
 * Evaluates fixed-point candidates in-process and counts them: a batch one candidate per thread (each runs the
 * whole training set), a single candidate over all threads. The optional progress bar names the search stage.
 *
 * <p>A candidate that differs from an already run program in a few values reuses that run: per training example,
 * the values of every top-level op that computes alike ({@link Reuse}) are taken from it instead of recomputed.
 * The runs kept for this are the reference set with {@link #reference} and the last single candidate (in
 * Shiftry's stage IV, the previous step, which the next one extends by one demotion).
 */
final class CandidatePool implements AutoCloseable {
    record Score(double accuracy, double loss, double scoreError) {}

    private final FloatModel model;
    private final DataSet train;
    private final Result[] floatTrain;
    private final Metric metric;
    private final int jobs;
    private final ExecutorService pool;
    private final boolean progress;
    private int evaluated;
    private Run reference;
    private Run last;

    CandidatePool(FloatModel model, DataSet train, Result[] floatTrain, Metric metric, int jobs, boolean progress) {
        this.model = model;
        this.train = train;
        this.floatTrain = floatTrain;
        this.metric = metric;
        this.jobs = Math.max(1, jobs);
        this.pool = Executors.newFixedThreadPool(this.jobs);
        this.progress = progress;
    }

    List<Score> evaluate(String stage, List<Supplier<FixedProgram>> candidates) {
        List<Score> out = new ArrayList<>();
        try (ProgressBar bar = progress ? new ProgressBar(stage, candidates.size()) : null) {
            if (candidates.size() == 1) {
                out.add(score(results(candidates.get(0).get(), true)));
                step(bar);
            } else {
                List<Future<Score>> fs = new ArrayList<>();
                for (Supplier<FixedProgram> c : candidates) {
                    fs.add(pool.submit(() -> {
                        Score sc = score(run(c.get(), 1, false).results());
                        step(bar);
                        return sc;
                    }));
                }
                for (Future<Score> f : fs) {
                    out.add(f.get());
                }
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

    /** Runs {@code fp} (not a candidate: not counted) and keeps its run for the candidates that follow. */
    void reference(FixedProgram fp) {
        reference = run(fp, jobs, true);
    }

    /**
     * The results of {@code fp} on the training set over all threads, reusing a kept run when one computes some
     * values alike; with {@code keepAsLast}, fp's run is kept for the candidates that follow.
     */
    Result[] results(FixedProgram fp, boolean keepAsLast) {
        Run r = run(fp, jobs, keepAsLast);
        if (keepAsLast) {
            last = r;
        }
        return r.results();
    }

    private static void step(ProgressBar bar) {
        if (bar != null) {
            synchronized (bar) {
                bar.step();
            }
        }
    }

    /** A program's results on the training set and, when kept, its state after each example. */
    private record Run(FixedProgram program, Result[] results, FixedInterpreter.State[] states) {}

    private Run run(FixedProgram fp, int threads, boolean keep) {
        Run from = null;
        boolean[] mustRun = null;
        long cost = Long.MAX_VALUE;
        for (Run kept : new Run[] {reference, last}) {
            if (kept != null) {
                boolean[] m = Reuse.mustRun(fp, kept.program());
                long c = Reuse.cost(fp.program(), m);
                if (c < cost) {
                    from = kept;
                    mustRun = m;
                    cost = c;
                }
            }
        }
        Run reused = from;
        boolean[] ops = mustRun;
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        FixedInterpreter.State[] states = keep ? new FixedInterpreter.State[train.size()] : null;
        Result[] results = Evaluation.runIndexed(train, threads, () -> {
            FixedInterpreter fi = new FixedInterpreter(fp, qm);
            return (i, x) -> {
                Result r = reused == null ? fi.run(x) : fi.run(x, reused.states()[i], ops);
                if (states != null) {
                    states[i] = fi.state();
                }
                return r;
            };
        });
        return new Run(fp, results, states);
    }

    private Score score(Result[] r) {
        return new Score(Evaluation.accuracy(train, r).percent(), metric.loss(train, floatTrain, r),
                Metric.scoreError(floatTrain, r));
    }

    int evaluated() {
        return evaluated;
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
