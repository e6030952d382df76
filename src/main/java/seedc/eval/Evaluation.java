package seedc.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import seedc.diag.Progress;
import seedc.io.DataSet;

/** Runs an interpreter over every example of a data set, in parallel chunks, deterministically. */
public final class Evaluation {
    private Evaluation() {}

    /** Something that evaluates one example; one instance per thread. */
    public interface Runner {
        Result run(double[] features);
    }

    /** Something that evaluates example i of a data set; one instance per thread. */
    public interface IndexedRunner {
        Result run(int example, double[] features);
    }

    /** Results in data-set order. Chunks are contiguous, so any per-chunk state merges in a fixed order. */
    public static Result[] run(DataSet data, int jobs, Supplier<Runner> runners) {
        return runIndexed(data, jobs, () -> {
            Runner r = runners.get();
            return (i, x) -> r.run(x);
        });
    }

    /** {@link #run}, stepping {@code progress} once per example. */
    public static Result[] run(DataSet data, int jobs, Supplier<Runner> runners, Progress progress) {
        return run(data, jobs, () -> {
            Runner r = runners.get();
            return x -> {
                Result result = r.run(x);
                progress.step();
                return result;
            };
        });
    }

    public static Result[] runIndexed(DataSet data, int jobs, Supplier<IndexedRunner> runners) {
        Result[] out = new Result[data.size()];
        forChunks(data.size(), jobs, (t, lo, hi) -> {
            IndexedRunner r = runners.get();
            for (int i = lo; i < hi; i++) {
                out[i] = r.run(i, data.features()[i]);
            }
        });
        return out;
    }

    /** Work on the examples [lo, hi) of chunk t. */
    private interface Chunk {
        void run(int t, int lo, int hi);
    }

    /** Splits [0, n) into at most {@code jobs} contiguous chunks and runs them in parallel; returns the chunk count. */
    private static int forChunks(int n, int jobs, Chunk work) {
        int threads = Math.max(1, Math.min(jobs, n));
        if (threads == 1) {
            work.run(0, 0, n);
            return 1;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            int chunk = (n + threads - 1) / threads;
            for (int t = 0; t < threads; t++) {
                int ti = t, lo = t * chunk, hi = Math.min(n, lo + chunk);
                fs.add(pool.submit(() -> work.run(ti, lo, hi)));
            }
            for (Future<?> f : fs) {
                f.get();
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
        return threads;
    }

    /** Fraction of examples whose predicted label equals the first label column. */
    public static Accuracy accuracy(DataSet data, Result[] results) {
        int correct = 0;
        for (int i = 0; i < results.length; i++) {
            if (results[i].isLabel() && results[i].label() == Math.round(data.labels()[i][0])) {
                correct++;
            }
        }
        return new Accuracy(correct, results.length);
    }

    public record Accuracy(int correct, int total) {
        public double fraction() {
            return total == 0 ? 0 : (double) correct / total;
        }

        public double percent() {
            return 100.0 * fraction();
        }

        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "%.2f%% (%d/%d)", percent(), correct, total);
        }
    }

    /** Profiles the float program over a data set: ranges of every value (deterministic). */
    public static Profile profile(seedc.ir.FloatModel model, DataSet data, int jobs) {
        return profile(model, data, jobs, Progress.hidden());
    }

    /** {@link #profile(seedc.ir.FloatModel, DataSet, int)}, stepping {@code progress} once per example. */
    public static Profile profile(seedc.ir.FloatModel model, DataSet data, int jobs, Progress progress) {
        return profiledRun(model, data, jobs, progress).profile();
    }

    /** The ranges of every value over a data set and the float results of its examples, from one run. */
    public record Profiled(Profile profile, Result[] results) {}

    /**
     * Profiles the float program over a data set and keeps each example's result: a compile needs both of the
     * training set, and one run of the float interpreter gives both.
     */
    public static Profiled profiledRun(seedc.ir.FloatModel model, DataSet data, int jobs, Progress progress) {
        seedc.ir.Program p = model.program();
        // One profile per chunk, merged in chunk order so the result does not depend on scheduling.
        Profile[] byChunk = new Profile[Math.max(1, Math.min(jobs, data.size()))];
        Result[] results = new Result[data.size()];
        int chunks = forChunks(data.size(), jobs, (t, lo, hi) -> {
            Profile prof = new Profile(p);
            FloatInterpreter fi = new FloatInterpreter(p, model.weights());
            for (int i = lo; i < hi; i++) {
                results[i] = fi.run(data.features()[i], prof);
                progress.step();
            }
            byChunk[t] = prof;
        });
        Profile total = byChunk[0];
        for (int t = 1; t < chunks; t++) {
            total.merge(byChunk[t]);
        }
        return new Profiled(total, results);
    }
}
