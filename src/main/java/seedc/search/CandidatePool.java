package seedc.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import seedc.diag.Progress;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.StateDetail;
import seedc.fixed.WrapCounter;
import seedc.fixed.WrapCounts;
import seedc.io.DataSet;

/**
 * Evaluates fixed-point candidates in-process and counts them: a batch one candidate per thread (each runs the
 * whole training set), a single candidate over all threads. A stage's bar ({@link #bar}, timed by the search's {@link StageLog}) steps once per candidate.
 *
 * <p>A candidate that differs from an already run program in a few values reuses that run: per training example,
 * the values of every top-level op that computes alike ({@link Reuse}) are taken from it instead of recomputed.
 * The runs kept for this are the reference set with {@link #reference} and the last single candidate (in
 * Shiftry's stage IV, the previous step, which the next one extends by one demotion).
 */
final class CandidatePool implements AutoCloseable {
    /** A candidate's numbers on the training set; {@code wrapEvents}: every wrap event of every value. */
    record Score(double accuracy, double loss, double scoreError, long wrapEvents) {
        boolean wraps() {
            return wrapEvents > 0;
        }

        /**
         * Whether this candidate is better than {@code other}: one that does not wrap on the training set before
         * one that does, then the lower loss. A wrap the training set shows is a value whose profiled range its
         * type cannot hold: on other inputs it turns into an error of the size of the whole range, which the
         * loss on the training set understates.
         */
        boolean beats(Score other) {
            return wraps() != other.wraps() ? !wraps() : loss < other.loss;
        }

        /** Neither beats the other. */
        boolean ties(Score other) {
            return wraps() == other.wraps() && loss == other.loss;
        }
    }

    private final FloatModel model;
    private final DataSet train;
    private final Result[] floatTrain;
    private final Metric metric;
    private final int jobs;
    private final ExecutorService pool;
    private final StageLog log;
    private int evaluated;
    private Run reference;
    private Run last;
    /** The results of the latest runs (not their states), newest last: the chosen program is often among them. */
    private final java.util.ArrayDeque<Run> recent = new java.util.ArrayDeque<>();
    private static final int RECENT = 8;

    /**
     * Whether runs keep every example's state for the candidates that follow to reuse. A pool that only confirms
     * a few programs on a large training set does without: the states of a CNN's 20,000 examples would take
     * gigabytes, and its candidates differ too much to reuse them.
     */
    private boolean keepsStates = true;
    private StateDetail detail;

    /** This pool, keeping states of {@code detail} whatever their size (tests of both kinds of reuse). */
    CandidatePool keeping(StateDetail detail) {
        this.detail = detail;
        return this;
    }

    /** This pool, keeping no example's state (see {@link #keepsStates}). */
    CandidatePool withoutStates() {
        keepsStates = false;
        return this;
    }

    CandidatePool(FloatModel model, DataSet train, Result[] floatTrain, Metric metric, int jobs, StageLog log) {
        this.model = model;
        this.train = train;
        this.floatTrain = floatTrain;
        this.metric = metric;
        this.jobs = Math.max(1, jobs);
        this.pool = Executors.newFixedThreadPool(this.jobs);
        this.log = log;
    }

    /** The bar of a search stage of {@code candidates} candidates (shown when this pool's command shows bars). */
    Progress bar(String stage, int candidates) {
        return log.bar(stage, candidates);
    }

    /** A whole stage's candidates under one bar. */
    List<Score> evaluate(String stage, List<Supplier<FixedProgram>> candidates) {
        try (Progress bar = bar(stage, candidates.size())) {
            return evaluate(bar, candidates);
        }
    }

    /** Some of a stage's candidates, stepping the stage's {@code bar} once per candidate. */
    List<Score> evaluate(Progress bar, List<Supplier<FixedProgram>> candidates) {
        List<Score> out = new ArrayList<>();
        try {
            if (candidates.size() == 1) {
                out.add(score(run(candidates.get(0).get(), jobs, true, true)));
                bar.step();
            } else {
                List<Future<Score>> fs = new ArrayList<>();
                for (Supplier<FixedProgram> c : candidates) {
                    fs.add(pool.submit(() -> {
                        Score sc = score(run(c.get(), 1, false, false));
                        bar.step();
                        return sc;
                    }));
                }
                for (Future<Score> f : fs) {
                    out.add(f.get());
                }
            }
        } catch (Exception e) {
            throw unchecked(e);
        }
        evaluated += candidates.size();
        return out;
    }

    /** A failed candidate's exception, as thrown by the candidate itself when it is unchecked. */
    private static RuntimeException unchecked(Exception e) {
        Throwable c = e.getCause() != null ? e.getCause() : e;
        return c instanceof RuntimeException re ? re : new IllegalStateException(c);
    }

    /**
     * Groups of rival candidates of which only each group's best matters ({@link Rivals}): each candidate runs on
     * one thread, the first of every group before the second of any, and stops as soon as it cannot be its
     * group's best. Returns every candidate's score, in the groups' order, null for one that stopped.
     */
    List<List<Score>> race(String stage, List<List<Supplier<FixedProgram>>> groups) {
        return race(stage, groups, 1);
    }

    /** {@link #race(String, List)} in which the best {@code keep} of each group finish (and get scores). */
    List<List<Score>> race(String stage, List<List<Supplier<FixedProgram>>> groups, int keep) {
        int longest = groups.stream().mapToInt(List::size).max().orElse(0);
        List<List<Future<Score>>> fs = new ArrayList<>();
        groups.forEach(g -> fs.add(new ArrayList<>(Collections.nCopies(g.size(), null))));
        List<Rivals> rivals = groups.stream().map(g -> new Rivals(keep)).toList();
        try (Progress bar = bar(stage, groups.stream().mapToInt(List::size).sum())) {
            for (int k = 0; k < longest; k++) {
                for (int g = 0; g < groups.size(); g++) {
                    if (k < groups.get(g).size()) {
                        fs.get(g).set(k, pool.submit(racer(groups.get(g).get(k), k, rivals.get(g), bar)));
                    }
                }
            }
            List<List<Score>> out = new ArrayList<>();
            for (List<Future<Score>> group : fs) {
                List<Score> scores = new ArrayList<>();
                for (Future<Score> f : group) {
                    scores.add(f.get());
                }
                out.add(scores);
            }
            evaluated += groups.stream().mapToInt(List::size).sum();
            return out;
        } catch (Exception e) {
            throw unchecked(e);
        }
    }

    /** Candidate {@code k} of a group: its score, or null when its rivals stopped it. */
    private java.util.concurrent.Callable<Score> racer(Supplier<FixedProgram> c, int k, Rivals rivals, Progress bar) {
        return () -> {
            Race race = new Race(rivals, k);
            try {
                Score sc = score(run(c.get(), 1, false, false, race));
                rivals.finished(k, race.bad, sc.wraps());
                return sc;
            } catch (Stopped stopped) {
                return null;
            } finally {
                bar.step();
            }
        };
    }

    /** Thrown out of the run of a candidate that can no longer win: no stack, it is not an error. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    /** One candidate's run in a race: its badness so far (Metric#badness); stops it when its rivals have beaten it. */
    private final class Race {
        private final Rivals rivals;
        private final int k;
        private double bad;

        Race(Rivals rivals, int k) {
            this.rivals = rivals;
            this.k = k;
        }

        void after(int example, Result r, long wrapEvents) {
            bad += metric.badness(train.labels()[example][0], floatTrain[example], r);
            if (rivals.beaten(k, bad, wrapEvents)) {
                throw new Stopped();
            }
        }
    }

    /** One candidate of a stage whose bar the caller holds (Shiftry's stage IV: one candidate per demotion). */
    Score evaluate(Progress bar, Supplier<FixedProgram> candidate) {
        return evaluate(bar, List.of(candidate)).get(0);
    }

    /**
     * Runs {@code fp} (not a candidate: not counted) and keeps its run for the candidates that follow; returns its
     * numbers on the training set.
     */
    Score reference(FixedProgram fp) {
        reference = run(fp, jobs, true, false);
        return score(reference);
    }

    /**
     * The results of {@code fp} on the training set over all threads, reusing a kept run when one computes some
     * values alike; with {@code keepAsLast}, fp's run is kept for the candidates that follow.
     */
    Result[] results(FixedProgram fp, boolean keepAsLast) {
        return run(fp, jobs, keepAsLast, keepAsLast).results();
    }

    /** {@link #results}' wrap events. */
    WrapCounts wraps(FixedProgram fp, boolean keepAsLast) {
        return run(fp, jobs, keepAsLast, keepAsLast).wraps();
    }

    /** The numbers of {@code fp} on the training set (not a candidate: not counted; its run not kept). */
    Score scoreOf(FixedProgram fp) {
        return score(run(fp, jobs, false, false));
    }

    /** A program's results and wrap events on the training set and, when kept, its state after each example. */
    private record Run(FixedProgram program, Result[] results, FixedInterpreter.State[] states, WrapCounts wraps) {}

    /**
     * The run of {@code fp} on the training set, reusing a kept run when one computes some values alike (their
     * wrap events too); {@code keep}: with the states the candidates that follow reuse, and {@code asLast}: kept.
     */
    private Run run(FixedProgram fp, int threads, boolean keep, boolean asLast) {
        return run(fp, threads, keep, asLast, null);
    }

    /** {@link #run(FixedProgram, int, boolean, boolean)}, in a {@code race} (one thread) when not null. */
    private Run run(FixedProgram fp, int threads, boolean keep, boolean asLast, Race race) {
        Run from = null;
        boolean[] mustRun = null;
        long cost = Long.MAX_VALUE;
        StateDetail detail = detail(fp);
        for (Run kept : new Run[] {reference, last}) {
            if (kept != null && kept.states() != null) {
                boolean[] m = Reuse.mustRun(fp, kept.program(), detail);
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
        FixedInterpreter.State[] states = keep && keepsStates && statesFit(fp, detail)
                ? new FixedInterpreter.State[train.size()] : null;
        List<WrapCounter> counters = Collections.synchronizedList(new ArrayList<>());
        // The events of the values taken from the reused run count from the start.
        boolean[] fresh = reused == null ? null : Reuse.fresh(fp.program(), ops);
        long reusedWraps = reused == null ? 0 : WrapCounts.none(fp.program().valueCount())
                .reusing(reused.wraps(), fresh).total();
        Result[] results = Evaluation.runIndexed(train, race == null ? threads : 1, () -> {
            FixedInterpreter fi = new FixedInterpreter(fp, qm, detail);
            if (states != null) {
                fi.keepingStates();
            }
            counters.add(fi.wraps());
            return (i, x) -> {
                Result r = reused == null ? fi.run(x) : fi.run(x, reused.states()[i], ops);
                if (states != null) {
                    states[i] = fi.state();
                }
                if (race != null) {
                    race.after(i, r, reusedWraps + fi.wraps().total());
                }
                return r;
            };
        });
        WrapCounts wraps = WrapCounter.sum(fp.program().valueCount(), counters);
        if (reused != null) {
            wraps = wraps.reusing(reused.wraps(), fresh);
        }
        Run run = new Run(fp, results, states, wraps);
        if (asLast) {
            last = run;
        }
        synchronized (recent) {
            recent.addLast(new Run(fp, results, null, wraps));
            if (recent.size() > RECENT) {
                recent.removeFirst();
            }
        }
        return run;
    }

    /**
     * Whether the states of {@code fp} for every row, at {@code detail}, take at most an eighth of the heap (a pool
     * keeps two runs' states and builds a third). Without states the candidates run whole: the same results, more
     * slowly. Issue 42: a convolution on (16, 50, 40) inputs kept 560 KB of top-level values a row, 1.1 GB a run
     * on 2,000 rows, and ran out of a 2 GB heap.
     */
    private boolean statesFit(FixedProgram fp, StateDetail detail) {
        long each = detail.bytes(fp.program());
        return each != Long.MAX_VALUE && each <= Runtime.getRuntime().maxMemory() / 8 / Math.max(1, train.size());
    }

    /**
     * How much of each run's state this pool keeps: every loop iteration's values when the states of all rows
     * take at most an eighth of the heap (a pool keeps two runs' states and builds a third), else the top level.
     */
    private StateDetail detail(FixedProgram fp) {
        if (detail == null) {
            detail = StateDetail.finest(fp.program(), train.size(), Runtime.getRuntime().maxMemory() / 8);
            String forced = System.getProperty("seedc.search.stateDetail"); // benchmarks compare the two
            if (forced != null) {
                detail = StateDetail.valueOf(forced);
            }
        }
        return detail;
    }

    /**
     * The results and wrap events of a program that computes exactly as {@code fp} (every op alike, see
     * {@link Reuse}) among the latest runs on this pool's rows, or null: spares the driver running the chosen
     * program over the training set once more.
     */
    Candidate.Counted ranAlready(FixedProgram fp) {
        synchronized (recent) {
            for (Run r : recent.reversed()) {
                if (Reuse.alike(fp, r.program())) {
                    return new Candidate.Counted(r.results(), r.wraps());
                }
            }
        }
        return null;
    }

    private Score score(Run run) {
        Result[] r = run.results();
        return new Score(Evaluation.accuracy(train, r).percent(), metric.loss(train, floatTrain, r),
                Metric.scoreError(floatTrain, r), run.wraps().total());
    }

    int evaluated() {
        return evaluated;
    }

    @Override
    public void close() {
        pool.shutdown();
    }
}
