package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.Value;

/** The held-out split, stage IV's order by cycles, and what the search does with a cycle model and held-out rows. */
class HeldOutAcceptanceTest {
    @Test
    void everyFourthRowIsHeldOut() {
        int n = 10;
        double[][] labels = new double[n][], features = new double[n][];
        Result[] results = new Result[n];
        for (int i = 0; i < n; i++) {
            labels[i] = new double[] {i};
            features[i] = new double[] {100 + i};
        }
        HeldOutSplit s = HeldOutSplit.of(new DataSet(1, labels, features), results);
        // rows 0..9: the 4th and 8th (indices 3 and 7) are held out, the other eight choose
        assertEquals(List.of(3.0, 7.0), column(s.held()));
        assertEquals(List.of(0.0, 1.0, 2.0, 4.0, 5.0, 6.0, 8.0, 9.0), column(s.choose()));
        assertEquals(103.0, s.held().features()[0][0]);
        assertFalse(HeldOutSplit.worthIt(new DataSet(1, new double[39][], new double[39][])));
        assertTrue(HeldOutSplit.worthIt(new DataSet(1, new double[40][], new double[40][])));
    }

    private static List<Double> column(DataSet d) {
        List<Double> out = new ArrayList<>();
        for (double[] l : d.labels()) {
            out.add(l[0]);
        }
        return out;
    }

    /**
     * Stage IV's order with a cycle model, worked by hand from a loss before of 0.10: A adds 0.02 loss for 100 cycles
     * (0.0002 a cycle), B adds 0.02 for 400 (0.00005), C lowers the loss (-0.01 for 50: negative, first), D saves
     * nothing (after every saver, by loss), E wraps (last).
     */
    @Test
    void stageFourTriesTheCheapestLossPerCycleFirst() {
        List<ShiftryOutcome.Demotion> d = new ArrayList<>(List.of(
                new ShiftryOutcome.Demotion("A", 8, 0, 0.12, 0, 100),
                new ShiftryOutcome.Demotion("B", 8, 0, 0.12, 0, 400),
                new ShiftryOutcome.Demotion("C", 8, 0, 0.09, 0, 50),
                new ShiftryOutcome.Demotion("D", 8, 0, 0.10, 0, -30),
                new ShiftryOutcome.Demotion("E", 8, 0, 0.05, 3, 900)));
        List<ShiftryOutcome.Demotion> byCycles = new ArrayList<>(d), byLoss = new ArrayList<>(d);
        byCycles.sort(StageFourOrder.of(true, 0.10));
        assertEquals(List.of("C", "B", "A", "D", "E"), byCycles.stream().map(ShiftryOutcome.Demotion::name).toList());
        byLoss.sort(StageFourOrder.of(false, 0.10)); // no model: by loss (ties keep their order), wraps last
        assertEquals(List.of("C", "D", "A", "B", "E"), byLoss.stream().map(ShiftryOutcome.Demotion::name).toList());
    }

    /** A made-up target whose cost of a program is the sum over its real values of {@code perValue}. */
    private static CycleModel target(String name, java.util.function.ToDoubleBiFunction<FixedProgram, Value> perValue) {
        return new CycleModel() {
            @Override
            public String describe() {
                return name;
            }

            @Override
            public CycleEstimate estimate(FixedProgram fp, Map<String, double[]> weights) {
                double total = 0;
                for (Value v : fp.program().values()) {
                    total += v.isInt() ? 0 : perValue.applyAsDouble(fp, v);
                }
                return new CycleEstimate(total, List.of());
            }
        };
    }

    /** A target on which every 8-bit value costs more than a 16-bit one (10 cycles against 1 a value). */
    private static final CycleModel EIGHT_BITS_SLOWER = target("8 bits slower",
            (fp, v) -> fp.type(v).bits() == 8 ? 10 : 1);

    /** A target whose cost is the bits of every value's elements: every demotion makes it faster. */
    private static final CycleModel BITS = target("bits", (fp, v) -> (double) v.size() * fp.type(v).bits());

    @Test
    void onATargetWhere8BitsAreSlowerTheSearchKeeps16Bits() {
        TrainedFixture f = TrainedFixture.load("protonn-digits-10");
        ShiftryOutcome o = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.05, null, null, EIGHT_BITS_SLOWER));
        for (Value v : f.model().program().values()) {
            if (!v.isInt()) {
                assertEquals(16, o.best().type(v).bits(), v.name());
            }
        }
        assertTrue(o.curve().stream().allMatch(s -> s.verdict() == StageFourVerdict.COST), o.curve().toString());
        // the same search where 8 bits are faster demotes values (the model, not the data, kept them wide)
        ShiftryOutcome faster = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.05, null, null, null));
        assertTrue(faster.paramBytes() < o.paramBytes());
    }

    /**
     * With a limit the walk without the guard fails on the held-out rows (0.3 points), whatever is chosen meets it
     * there: the held-out rows (every fourth training row, picked here by hand) are run again on the chosen program.
     */
    @Test
    void theChosenProgramMeetsTheLimitOnTheHeldOutRows() {
        TrainedFixture f = TrainedFixture.load("protonn-digits-10");
        ShiftryOutcome o = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 0.3, 0.05, null, null, BITS));
        int n = f.train().size() / 4;
        double[][] labels = new double[n][], features = new double[n][];
        Result[] floats = new Result[n];
        for (int k = 0; k < n; k++) {
            labels[k] = f.train().labels()[4 * k + 3];
            features[k] = f.train().features()[4 * k + 3];
            floats[k] = f.floatTrain()[4 * k + 3];
        }
        DataSet held = new DataSet(f.train().labelColumns(), labels, features);
        double floatHeld = Evaluation.accuracy(held, floats).percent();
        Result[] chosenRuns = Candidate.run(o.best(), f.model(), held, 2);
        double chosen = Evaluation.accuracy(held, chosenRuns).percent();
        // the rows the report counts against float's, counted here row by row
        int lost = 0, gained = 0;
        for (int k = 0; k < n; k++) {
            long label = Math.round(labels[k][0]);
            boolean floatRight = floats[k].label() == label, chosenRight = chosenRuns[k].label() == label;
            lost += floatRight && !chosenRight ? 1 : 0;
            gained += chosenRight && !floatRight ? 1 : 0;
        }
        assertEquals(new seedc.eval.PairedDrop(n, lost, gained), o.heldOut().chosenRows());
        assertEquals(n, o.heldOut().rows());
        assertEquals(floatHeld, o.heldOut().floatAccuracy(), 1e-9);
        assertEquals(chosen, o.heldOut().chosen(), 1e-9);
        assertTrue(chosen >= floatHeld - 0.3, chosen + " against float's " + floatHeld);
        assertTrue(o.heldOut().unguarded() < floatHeld - 0.3, "the premise: the walk alone fails there");
        assertTrue(o.heldOut().guard() != ShiftryOutcome.ScoreGuard.NOT_NEEDED);
        // without a cycle model the guard's walk is what the held-out rows judge, and what is chosen meets the limit
        ShiftryOutcome g = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 0.3, 0.05, null, null, null));
        assertEquals(ShiftryOutcome.ScoreGuard.NO_CYCLE_MODEL, g.heldOut().guard());
        double guarded = Evaluation.accuracy(held, Candidate.run(g.best(), f.model(), held, 2)).percent();
        assertEquals(guarded, g.heldOut().chosen(), 1e-9);
        assertTrue(guarded >= floatHeld - 0.3, guarded + " against float's " + floatHeld);
    }

    /**
     * A target whose cost falls only when two values are both 8 bits wide (100 cycles, 50 with both; every other
     * width costs nothing): alone each demotion is "not faster", and the greedy walk refuses both. The groups tried
     * after the walk keep them together. A and B are two values without flash that the search demotes where every
     * demotion is faster.
     */
    @Test
    void demotionsFasterOnlyTogetherAreKeptTogether() {
        TrainedFixture f = TrainedFixture.load("protonn-digits-10");
        ShiftryOutcome free = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.05, null, null, BITS));
        // values without flash (their step leaves the parameter bytes as they were): a demotion that shrinks the
        // parameters is kept at equal cycles, which would not need the groups
        List<String> demoted = new ArrayList<>();
        for (int i = 1; i < free.curve().size(); i++) {
            ShiftryOutcome.Step t = free.curve().get(i);
            if (t.verdict().kept() && t.paramBytes() == free.curve().get(i - 1).paramBytes()) {
                demoted.add(t.name());
            }
        }
        assertTrue(demoted.size() >= 2, "the premise: two values the limits let go to 8 bits " + free.curve());
        String a = demoted.get(0), b = demoted.get(1);
        CycleModel stepped = new CycleModel() {
            @Override
            public String describe() {
                return "both or nothing";
            }

            @Override
            public CycleEstimate estimate(FixedProgram fp, Map<String, double[]> weights) {
                boolean both = fp.program().values().stream().filter(v -> v.name().equals(a) || v.name().equals(b))
                        .allMatch(v -> fp.type(v).bits() == 8);
                return new CycleEstimate(both ? 50 : 100, List.of());
            }
        };
        ShiftryOutcome o = ShiftrySearch.run(input(f), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.05, null, null, stepped));
        assertEquals(50, stepped.estimate(o.best(), f.model().weights()).total(), o.curve().toString());
        for (String name : List.of(a, b)) {
            ShiftryOutcome.Step t = o.curve().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            assertEquals(StageFourVerdict.KEPT_TOGETHER, t.verdict(), o.curve().toString());
        }
    }

    /**
     * No program the search ran (its frontier) is faster than the chosen one and meets the same limits. Bonsai on
     * digits with its test rows as the validation set (this is about the search, not about the model's accuracy) and
     * a 0.5-point limit: the walk without the guard fails there, the guard's walk passes, and a program the walks ran,
     * faster than the guard's, passes too. Each faster program is run here on the validation rows and on the training
     * rows (which choose) and fails the limit on one of them or wraps more than the chosen one; the chosen program is
     * on the frontier (--pareto lists it).
     */
    @Test
    void noFasterProgramTheSearchRanMeetsTheLimits() {
        TrainedFixture f = TrainedFixture.load("bonsai-digits-10");
        Rows choose = new Rows(f.train(), f.floatTrainAccuracy());
        DataSet v = DataInputs.load(f.model().program(),
                Path.of("src/test/resources/fixtures/models/bonsai-digits-10/test.npy"), 1);
        Result[] floatV = Compilation.floatRun(f.model(), v, 2);
        Rows validation = new Rows(v, Evaluation.accuracy(v, floatV).percent());
        ShiftryOutcome o = ShiftrySearch.run(input(f).withValidation(v, floatV), new ShiftrySettings(
                ShiftryLadder.shiftry(ContainerWidths.C), 0.5, 0.05, null, null, seedc.cost.CycleModels.avr()));
        assertTrue(o.explored().stream().anyMatch(e -> e.program().sameTypes(o.best())), "the chosen is listed");
        int faster = 0;
        for (Frontier.Explored e : o.explored()) {
            if (e.cycles() >= o.cycles()) {
                continue;
            }
            faster++;
            // wrapping no more than the chosen program (which wraps no more than the start): stricter than the
            // acceptance, so a program this passes is one the acceptance should have chosen
            boolean meets = validation.meets(e.program(), f, 0.5, validation.wraps(o.best(), f))
                    && choose.meets(e.program(), f, 0.5, choose.wraps(o.best(), f));
            assertFalse(meets, "a program of " + e.cycles() + " cycles meets the limits; chosen: " + o.cycles());
        }
        assertTrue(faster > 0, "the premise: the search ran faster programs than the one it chose");
        ShiftryOutcome.Faster switched = o.heldOut().faster();
        assertTrue(switched != null && switched.walkCycles() > o.cycles(), "the premise: a walk's program was passed over");
    }

    /**
     * The score guard's walk that takes stages II and III from the walk without the guard (SharedStages) decides as
     * the same walk running its own: the same order, the same stage IV steps, the same program, in fewer candidate
     * runs.
     */
    @Test
    void theGuardsWalkTakingTheFirstWalksStagesDecidesAsItsOwn() {
        TrainedFixture f = TrainedFixture.load("fastgrnn-cancer-2");
        ShiftrySettings guarded = new ShiftrySettings(ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.05, null, null,
                BITS);
        SharedStages shared = new SharedStages();
        ShiftryOutcome free = ShiftrySearch.walk(input(f), guarded.unguarded(), shared).outcome();
        ShiftryOutcome reused = ShiftrySearch.walk(input(f), guarded, shared).outcome();
        ShiftryOutcome own = ShiftrySearch.walk(input(f), guarded).outcome();
        assertFalse(free.best().sameTypes(own.best()), "the premise: the guard changes what stage IV keeps");
        assertEquals(own.order(), reused.order());
        assertEquals(own.curve(), reused.curve());
        assertTrue(own.best().sameTypes(reused.best()));
        assertTrue(reused.candidates() < own.candidates(), reused.candidates() + " against " + own.candidates());
    }

    /** Rows and float's accuracy on them. */
    private record Rows(DataSet data, double floatAccuracy) {
        long wraps(FixedProgram fp, TrainedFixture f) {
            return Candidate.runCounting(fp, f.model(), data, 2).wraps().total();
        }

        boolean meets(FixedProgram fp, TrainedFixture f, double maxDrop, long wrapsAtStart) {
            Candidate.Counted c = Candidate.runCounting(fp, f.model(), data, 2);
            return Evaluation.accuracy(data, c.results()).percent() >= floatAccuracy - maxDrop
                    && c.wraps().total() <= wrapsAtStart;
        }
    }

    private static SearchInput input(TrainedFixture f) {
        return new SearchInput(f.model(), f.profile(), f.train(), f.floatTrain(), Metric.REDUCED_DISAGREEMENT, 2,
                StageLog.quiet());
    }
}
