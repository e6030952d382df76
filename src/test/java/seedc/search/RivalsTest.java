package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.ir.Program;
import seedc.ir.Value;

/** Racing candidates picks the best an exhaustive evaluation picks, and stops the hopeless ones. */
class RivalsTest {
    /** A candidate's run: per example, whether it is bad and how many wrap events it has. */
    private record Run(boolean[] badAt, int[] wrapsAt) {
        long badTotal() {
            long n = 0;
            for (boolean b : badAt) {
                n += b ? 1 : 0;
            }
            return n;
        }

        boolean wraps() {
            for (int w : wrapsAt) {
                if (w > 0) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The exhaustive best, by the rule written out independently: no wrap first, then fewer bad, then earlier. */
    private static int exhaustiveBest(List<Run> runs) {
        int best = 0;
        for (int k = 1; k < runs.size(); k++) {
            Run a = runs.get(k), b = runs.get(best);
            if (a.wraps() != b.wraps() ? !a.wraps() : a.badTotal() < b.badTotal()) {
                best = k;
            }
        }
        return best;
    }

    @Test
    void racingInAnyOrderPicksTheExhaustiveBest() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 5000; trial++) {
            int n = 1 + rnd.nextInt(5), examples = 1 + rnd.nextInt(12);
            List<Run> runs = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                double pBad = rnd.nextDouble() * 0.5, pWrap = rnd.nextInt(3) == 0 ? 0.2 : 0;
                boolean[] bad = new boolean[examples];
                int[] wraps = new int[examples];
                for (int i = 0; i < examples; i++) {
                    bad[i] = rnd.nextDouble() < pBad;
                    wraps[i] = rnd.nextDouble() < pWrap ? 1 + rnd.nextInt(3) : 0;
                }
                runs.add(new Run(bad, wraps));
            }
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                order.add(k);
            }
            java.util.Collections.shuffle(order, rnd);
            Rivals rivals = new Rivals();
            boolean[] stopped = new boolean[n];
            for (int k : order) { // one after another: each sees every earlier finisher
                stopped[k] = !runToTheEnd(rivals, k, runs.get(k));
            }
            int best = exhaustiveBest(runs);
            assertTrue(!stopped[best], "the best never stops: trial " + trial);
            int raced = -1;
            for (int k = 0; k < n; k++) {
                if (!stopped[k] && (raced < 0 || better(runs.get(k), runs.get(raced)))) {
                    raced = k;
                }
            }
            assertEquals(best, raced, "trial " + trial);
        }
    }

    /** With keep K, the K best by the exhaustive rule all run to the end, whatever the order they run in. */
    @Test
    void keepingTheBestFewLetsThemAllFinish() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 5000; trial++) {
            int n = 1 + rnd.nextInt(6), examples = 1 + rnd.nextInt(10), keep = 1 + rnd.nextInt(3);
            List<Run> runs = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                boolean[] bad = new boolean[examples];
                int[] wraps = new int[examples];
                double pBad = rnd.nextDouble() * 0.5, pWrap = rnd.nextInt(3) == 0 ? 0.2 : 0;
                for (int i = 0; i < examples; i++) {
                    bad[i] = rnd.nextDouble() < pBad;
                    wraps[i] = rnd.nextDouble() < pWrap ? 1 : 0;
                }
                runs.add(new Run(bad, wraps));
            }
            // the exhaustive order: no wrap first, then fewer bad, then the earlier index
            List<Integer> byRule = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                byRule.add(k);
            }
            byRule.sort((a, b) -> runs.get(a).wraps() != runs.get(b).wraps() ? (runs.get(a).wraps() ? 1 : -1)
                    : runs.get(a).badTotal() != runs.get(b).badTotal()
                            ? Long.compare(runs.get(a).badTotal(), runs.get(b).badTotal()) : Integer.compare(a, b));
            List<Integer> order = new ArrayList<>(byRule);
            java.util.Collections.shuffle(order, rnd);
            Rivals rivals = new Rivals(keep);
            boolean[] stopped = new boolean[n];
            for (int k : order) {
                stopped[k] = !runToTheEnd(rivals, k, runs.get(k));
            }
            for (int i = 0; i < Math.min(keep, n); i++) {
                assertTrue(!stopped[byRule.get(i)], "trial " + trial + ": the " + (i + 1) + "th best stopped");
            }
        }
    }

    @Test
    void aCandidateStopsAtItsFirstWrapOrOnceItCannotDoBetter() {
        Rivals rivals = new Rivals();
        assertTrue(!rivals.beaten(1, 100, 100), "nobody finished: nothing stops");
        rivals.finished(0, 3, false);
        assertTrue(rivals.beaten(1, 0, 1), "a wrap loses to a finished rival that does not wrap");
        assertTrue(rivals.beaten(1, 3, 0), "a later candidate with as many bad examples at best ties, and ties go to the earlier");
        assertTrue(!rivals.beaten(1, 2, 0));
        rivals.finished(2, 1, false);
        assertTrue(!rivals.beaten(1, 1, 0), "an earlier candidate wins a tie");
        assertTrue(rivals.beaten(1, 2, 0));
        Rivals wrapping = new Rivals();
        wrapping.finished(0, 0, true);
        assertTrue(!wrapping.beaten(1, 50, 0), "a rival that wraps stops nobody: not wrapping beats it");
    }

    /**
     * On trained models, stage III's race (each value demoted alone at four scales, reusing the 16-bit run) picks
     * the scale that evaluating all of them picks, and a candidate that finished has the same score either way.
     */
    @ParameterizedTest
    @ValueSource(strings = {"protonn", "fastgrnn"})
    void aRaceOnTrainedModelsPicksWhatEvaluatingEveryScalePicks(String name) {
        TrainedFixture f = TrainedFixture.load(name + "-digits-10");
        Program p = f.model().program();
        Profile prof = f.profile();
        List<List<Supplier<FixedProgram>>> groups = new ArrayList<>();
        for (Value v : p.values()) {
            if (!v.isInt()) {
                groups.add(java.util.stream.IntStream.of(8, 7, 6, 5)
                        .<Supplier<FixedProgram>>mapToObj(below -> () -> ReuseTest.program(p, prof, List.of(v.name()), below))
                        .toList());
            }
        }
        try (CandidatePool pool = new CandidatePool(f.model(), f.train(), f.floatTrain(), Metric.ACCURACY, 2, StageLog.quiet())) {
            pool.reference(ReuseTest.program(p, prof, List.of(), 8));
            List<List<CandidatePool.Score>> raced = pool.race("race", groups);
            int stopped = 0;
            for (int g = 0; g < groups.size(); g++) {
                List<CandidatePool.Score> all = pool.evaluate("every scale", groups.get(g));
                int best = 0;
                for (int k = 1; k < all.size(); k++) {
                    best = all.get(k).beats(all.get(best)) ? k : best;
                }
                assertEquals(all.get(best), raced.get(g).get(best), "group " + g + ": the best finished alike");
                for (int k = 0; k < all.size(); k++) {
                    CandidatePool.Score r = raced.get(g).get(k);
                    stopped += r == null ? 1 : 0;
                    assertTrue(r == null || r.equals(all.get(k)), "group " + g + ", scale " + k);
                    assertTrue(r == null || k == best || !r.beats(all.get(best)), "group " + g + ", scale " + k);
                }
            }
            assertTrue(stopped > 0, "some scale of some value cannot win and stops");
        }
    }

    private static boolean better(Run a, Run b) {
        return a.wraps() != b.wraps() ? !a.wraps() : a.badTotal() < b.badTotal();
    }

    /** Runs candidate k example by example as CandidatePool does; false when its rivals stopped it. */
    private static boolean runToTheEnd(Rivals rivals, int k, Run run) {
        long bad = 0, wraps = 0;
        for (int i = 0; i < run.badAt().length; i++) {
            bad += run.badAt()[i] ? 1 : 0;
            wraps += run.wrapsAt()[i];
            if (rivals.beaten(k, bad, wraps)) {
                return false;
            }
        }
        rivals.finished(k, bad, wraps > 0);
        return true;
    }
}
