package seedc.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import seedc.io.DataSet;

/** Runs an interpreter over every example of a data set, in parallel chunks, deterministically. */
public final class Evaluation {
    private Evaluation() {}

    /** Something that evaluates one example; one instance per thread. */
    public interface Runner {
        Result run(double[] features);
    }

    /** Results in data-set order. Chunks are contiguous, so any per-chunk state merges in a fixed order. */
    public static Result[] run(DataSet data, int jobs, Supplier<Runner> runners) {
        int n = data.size();
        Result[] out = new Result[n];
        int threads = Math.max(1, Math.min(jobs, n));
        if (threads == 1) {
            Runner r = runners.get();
            for (int i = 0; i < n; i++) {
                out[i] = r.run(data.features()[i]);
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            int chunk = (n + threads - 1) / threads;
            for (int t = 0; t < threads; t++) {
                int lo = t * chunk, hi = Math.min(n, lo + chunk);
                fs.add(pool.submit(() -> {
                    Runner r = runners.get();
                    for (int i = lo; i < hi; i++) {
                        out[i] = r.run(data.features()[i]);
                    }
                }));
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
        return out;
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
            return String.format(java.util.Locale.ROOT, "%.4f (%d/%d)", fraction(), correct, total);
        }
    }

    /** Profiles the float program over a data set: ranges of every value (deterministic). */
    public static Profile profile(seedc.driver.Model model, DataSet data, int jobs) {
        seedc.ir.Program p = model.program();
        // One profile per chunk, merged in chunk order so the result does not depend on scheduling.
        int threads = Math.max(1, Math.min(jobs, data.size()));
        int chunk = (data.size() + threads - 1) / threads;
        Profile[] byChunk = new Profile[threads];
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int ti = t, lo = t * chunk, hi = Math.min(data.size(), lo + chunk);
                fs.add(pool.submit(() -> {
                    Profile prof = new Profile(p);
                    FloatInterpreter fi = new FloatInterpreter(p, model.weights());
                    for (int i = lo; i < hi; i++) {
                        fi.run(data.features()[i], prof);
                    }
                    byChunk[ti] = prof;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
        Profile total = byChunk[0];
        for (int t = 1; t < threads; t++) {
            total.merge(byChunk[t]);
        }
        return total;
    }
}
