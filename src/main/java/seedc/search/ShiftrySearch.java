package seedc.search;


import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import seedc.cost.CycleModel;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.ShiftryOutcome.Demotion;
import seedc.search.ShiftryOutcome.Staged;
import seedc.search.ShiftryOutcome.Step;

/**
 * Shiftry's bitwidth search (Algorithms 11-14) down a {@link ShiftryLadder} (Shiftry's: 16 -> 8):
 * everything at the ladder's first width with data-driven scales (I), the input's scale explored (II),
 * then for each rung below: each value demoted alone to it at its rung's scale trials (III), then values
 * demoted cumulatively, least damaging first, while training accuracy stays within maxDrop of float (IV,
 * {@link StageFourWalk}, walked in a second order where a measured cycle model decides: {@link StageFourTwoWalks}; in
 * a rung of more than 2,500 values, III and IV demote 100 contiguous groups of them
 * instead: {@link DemotionUnits})
 * — or, with a flash budget, only values that take flash and only until the program fits. A budget that
 * even the program with every value at the last rung exceeds is a user error, raised before exploring.
 * seedc adds one guard to stage IV's accuracy mode: a demotion is also refused when the decision scores
 * move more than maxScoreError from float's (Metric.scoreError). A training set the model fits almost
 * perfectly shows no label damage until late, while the scores already show what test examples near
 * the decision boundary will suffer. When the program stage IV starts from is already farther than maxScoreError
 * from float (a model with 1-3-bit activations: a sign flips at the smallest change, so even its 16-bit scores
 * are off), the guard would refuse every demotion; there it keeps a demotion while the score error stays within
 * that start's error made a fraction maxScoreError worse ({@link StageFourLimits#scoreErrorLimit}). Wrap events on the training set rank below everything else: stages II
 * and III prefer a candidate that does not wrap (CandidatePool.Score#beats), and stage IV refuses a demotion that makes
 * the program wrap more often than before it (in accuracy mode; a flash budget comes first).
 */
public final class ShiftrySearch {
    private final Program p;
    private final Profile profile;
    private final ShiftryLadder ladder;
    private final Budget budget;
    /** The candidates' cycles, flash and RAM overflow. */
    private final ProgramPricing pricing;
    /** The current program: every real value's width and scale. */
    private final int[] bits;
    private final int[] scales;
    /** The current program's wrap events on the training set. */
    private long wraps;
    /** Stage III's demotions of the rung stage IV is on. */
    private DemotionUnits.Rung rung = new DemotionUnits.Rung();
    /** How the first rung that grouped its values did (null: every rung tried each value alone). */
    private ShiftryOutcome.Grouping grouping;

    /** The loss of the program stage III demotes from (each value alone), on the rows that decide. */
    private double lossBefore;
    /** The score error of the program stage IV starts from, on the rows that decide (0 until measured). */
    private double startScoreError;
    private boolean startMeasured;
    /** On a large training set, the numbers of stage II's chosen program on every row. */
    private CandidatePool.Score afterStageIIOnAllRows;
    /** The programs stages III-IV's starts and stage IV ran, for the frontier. */
    private final List<Frontier.Explored> explored = new ArrayList<>();
    /** Whether a rung's stage IV kept its second walk's end (StageFourTwoWalks): the curve is that walk's. */
    private boolean secondWalk;
    /** Stage IV's kept demotions, in order. */
    private final List<StagedConfirmation.Kept> kept = new ArrayList<>();
    /** Stages II and III shared with another walk of the same rows (null: this walk runs its own). */
    private SharedStages shared;
    /** Stage IV's look past one step (null: no cycle model, or one whose error is unmeasured). */
    private final StageFourPairs pairs;

    private ShiftrySearch(Program p, Profile profile, ShiftryLadder ladder, Budget budget, CycleModel cycleModel,
                          Map<String, double[]> weights, ToLongFunction<FixedProgram> ramOverflow) {
        this.p = p;
        this.profile = profile;
        this.ladder = ladder;
        this.budget = budget;
        this.pricing = new ProgramPricing(p, profile, ladder, cycleModel, weights, ramOverflow);
        this.bits = new int[p.valueCount()];
        this.scales = new int[p.valueCount()];
        this.pairs = StageFourPairs.of(p, cycleModel);
    }

    /** The program with every value at the ladder's first width, at data-driven scales: stage I's. */
    static FixedProgram largest(Program p, Profile profile, ShiftryLadder ladder) {
        ShiftrySearch s = new ShiftrySearch(p, profile, ladder, null, null, null, null);
        s.start();
        return s.current();
    }

    /** The program with every value at the ladder's last rung, at data-driven scales: the smallest shiftry makes. */
    public static FixedProgram smallest(Program p, Profile profile, ShiftryLadder ladder) {
        ShiftrySearch s = new ShiftrySearch(p, profile, ladder, null, null, null, null);
        List<Value> all = s.start();
        return ladder.steps().isEmpty() ? s.current() : s.demoted(all, ladder.toBottom());
    }

    /**
     * The search of {@code in}'s model under {@code settings}: in accuracy mode, chosen on every training row and
     * accepted on the validation set when there is one, else on a training set of {@link HeldOutSplit#MIN_ROWS} rows
     * or more chosen on three rows in four and accepted on the fourth ({@link HeldOutAcceptance}); else chosen on
     * every row. A cycle model in {@code settings} decides as given: judge it first ({@link CycleModelTrust#judged}).
     */
    public static ShiftryOutcome run(SearchInput in, ShiftrySettings settings) {
        if (settings.byAccuracy() && in.validation() != null) {
            return HeldOutAcceptance.counted(in, new HeldOutSplit(in.train(), in.floatTrain(), in.validation(),
                    in.floatValidation(), true), settings);
        }
        if (settings.byAccuracy() && HeldOutSplit.worthIt(in.train())) {
            return HeldOutAcceptance.counted(in, HeldOutSplit.of(in.train(), in.floatTrain()), settings);
        }
        ShiftryOutcome o = walk(in, settings).outcome();
        return o.withExplored(Frontier.of(o.explored(), o.best()));
    }

    /**
     * One walk of stages I-IV: its outcome, the program stage IV started from ({@code bitsStart}, {@code scalesStart})
     * and the demotions it kept, in order, that lead from there to the outcome's program.
     */
    record Walk(ShiftryOutcome outcome, ShiftrySearch search, int[] bitsStart, int[] scalesStart,
                List<StagedConfirmation.Kept> kept) {
        /** The start with the first {@code k} kept demotions. */
        FixedProgram prefix(int k) {
            return StagedConfirmation.prefix(search.pricing, bitsStart, scalesStart, kept, k);
        }

        /** The modelled cycles of {@code fp} (0 without a model). */
        double cycles(FixedProgram fp) {
            return search.pricing.cyclesOf(fp);
        }

        /** The LUTs of {@code fp}'s design where the model counts them (an FPGA's), else null. */
        Long luts(FixedProgram fp) {
            return search.pricing.lutsOf(fp);
        }
    }

    /** Stages I-IV on every row of {@code in}'s training set (with a subset deciding when it is large). */
    static Walk walk(SearchInput in, ShiftrySettings settings) {
        return walk(in, settings, null);
    }

    /**
     * {@link #walk(SearchInput, ShiftrySettings)}, taking stages II and III from {@code shared} when another walk of
     * the same input and settings but the score guard ran them (else running them and keeping them there).
     */
    static Walk walk(SearchInput in, ShiftrySettings settings, SharedStages shared) {
        ShiftrySearch s = new ShiftrySearch(in.model().program(), in.profile(), settings.ladder(), settings.budget(),
                settings.cycles(), in.model().weights(), settings.ramOverflow());
        s.shared = shared;
        List<Value> all = s.start();
        List<ShiftryLadder.Step> steps = settings.ladder().steps();
        List<Value> first = settings.budget() == null || steps.isEmpty() ? all
                : new FlashSavers(s.budget, s.pricing, s.ladder).first(all, steps, s.bits, s.scales);
        DataSet train = in.train();
        // On a large training set every stage decides on a subset and the whole set confirms: stage II's best
        // few scales, stage IV's kept demotions (see StagedConfirmation for why this is sound).
        TrainingSubset sub = TrainingSubset.worthIt(train)
                ? TrainingSubset.of(train, in.floatTrain(), TrainingSubset.SUBSET) : null;
        try (CandidatePool full = sub == null ? in.pool(train, in.floatTrain())
                     : in.pool(train, in.floatTrain()).withoutStates();
             CandidatePool subset = sub == null ? null : in.pool(sub.data(), sub.floatResults())) {
            double decideFloatAcc = sub == null ? in.floatTrainAccuracy()
                    : Evaluation.accuracy(sub.data(), sub.floatResults()).percent();
            return s.stages(in, settings, all, first, new Pools(full, subset, sub == null ? 0 : sub.data().size(),
                    decideFloatAcc));
        }
    }

    /**
     * The candidates' pools: every row, and the {@code subsetRows} rows that decide on a large training set (else
     * null); {@code decideFloatAcc}: float's accuracy on the rows that decide.
     */
    private record Pools(CandidatePool full, CandidatePool subset, int subsetRows, double decideFloatAcc) {}

    /**
     * Stages II-IV from stage I's program over {@code all} its values ({@code first}: those the first rung tries),
     * deciding on the pools' subset when there is one and confirming on every row.
     */
    private Walk stages(SearchInput in, ShiftrySettings settings, List<Value> all, List<Value> first, Pools pools) {
        List<ShiftryLadder.Step> steps = ladder.steps();
        CandidatePool full = pools.full(), subset = pools.subset(), decide = subset == null ? full : subset;
        Value x = p.input();
        int stageTwoScale = 0; // what the report names stage II's choice (stage IV may demote the input later)
        if (x != null) {
            stageTwoScale = stageTwo(decide, subset == null ? null : full, x);
            scales[x.id()] = stageTwoScale;
        }
        int bytesStart = paramBytes(bits);
        int[] bitsBefore = bits.clone(), scalesBefore = scales.clone();
        List<Demotion> order = new ArrayList<>();
        List<Step> curve = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            List<Value> vars = i == 0 ? first : nextCandidates(all, steps.get(i));
            if (vars == null) {
                break;
            }
            if (grouping == null) {
                grouping = DemotionUnits.grouping(vars);
            }
            List<Demotion> stepOrder = i == 0 ? stageThree(decide, steps.get(i), DemotionUnits.of(vars))
                    : demoteEach(decide, steps.get(i), DemotionUnits.of(vars));
            StageFourLimits limits = new StageFourLimits(budget, pools.decideFloatAcc(), settings.maxDrop(),
                    StageFourLimits.scoreErrorLimit(settings.maxScoreError(), startScoreError), settings.precise());
            boolean twice = budget == null && settings.precise() == null && pricing.modelsCycles();
            StageFourTwoWalks walks = new StageFourTwoWalks(pricing, budget, pairs, rung, explored, twice,
                    modelError(settings));
            wraps = walks.walk(decide, stepOrder, limits, bits, scales, wraps, kept, curve);
            secondWalk |= walks.secondTaken();
            order.addAll(stepOrder);
        }
        Staged staged = null;
        if (subset != null) {
            int keptOnSubset = kept.size();
            int confirmed = budget != null ? keptOnSubset // a budget keeps by size alone: the rows do not matter
                    : settings.precise() != null ? keptOnSubset // the proven bound holds on every row: it needs none
                    : StagedConfirmation.confirm(pricing, new StagedConfirmation.BeforeStageFour(bitsBefore,
                            scalesBefore, afterStageIIOnAllRows), kept, full, in.floatTrainAccuracy(), settings,
                            bits, scales, curve);
            staged = new Staged(pools.subsetRows(), in.train().size(), keptOnSubset, confirmed);
        }
        FixedProgram best = current();
        if (budget != null) {
            budget.requireFits(best, "after demoting every value that takes flash");
        }
        ShiftryOutcome outcome = new ShiftryOutcome(best, stageTwoScale, order, curve, bytesStart, paramBytes(bits),
                full.evaluated() + (subset == null ? 0 : subset.evaluated()), staged, full.ranAlready(best),
                startScoreError, null, cyclesOf(best), List.copyOf(explored), grouping, secondWalk, List.of());
        return new Walk(outcome, this, bitsBefore, scalesBefore, List.copyOf(kept));
    }

    /** The cycle model's mean error on whole programs its fit did not see (NaN: none, or unmeasured). */
    private static double modelError(ShiftrySettings settings) {
        return settings.cycles() == null ? Double.NaN : settings.cycles().heldOutError();
    }

    /** Stage I: every real value at the ladder's first width and data-driven scale; the ones stages III and IV try. */
    private List<Value> start() {
        for (Value v : p.values()) {
            if (!v.isInt()) {
                bits[v.id()] = ladder.start();
                scales[v.id()] = ShiftryStrategy.dataDrivenScale(profile.maxAbs(v), ladder.start());
            }
        }
        return demotable(p);
    }

    /** The values stages III and IV try, in the program's order: every real value but loops' accumulators. */
    static List<Value> demotable(Program p) {
        Set<Value> accs = new HashSet<>();
        p.forEachOp(op -> {
            if (op instanceof Op.Loop l) {
                accs.add(l.acc());
            }
        });
        return p.values().stream().filter(v -> !v.isInt() && !accs.contains(v)).toList();
    }

    /**
     * The values a later step tries: those the steps above demoted to its width (with a budget, only those whose
     * width changes the flash); null when the budget is already met.
     */
    private List<Value> nextCandidates(List<Value> all, ShiftryLadder.Step step) {
        if (budget == null) {
            return at(all, step.from());
        }
        return budget.fits(current()) ? null
                : new FlashSavers(budget, pricing, ladder).of(step, at(all, step.from()), false, bits, scales);
    }

    /**
     * Stage III: each unit (a value alone, or a group of them: {@link DemotionUnits}) one rung down at each of the
     * rung's scales (each value's first scale plus the same offset), reusing the current program's values upstream.
     * Only each unit's best scale matters, so its scales race ({@link Rivals}): one that cannot beat another's
     * finished run stops early, and the best is the one running them all would pick. Makes them the rung stage IV
     * applies.
     */
    private List<Demotion> demoteEach(CandidatePool pool, ShiftryLadder.Step step, List<DemotionUnits.Unit> units) {
        rung = new DemotionUnits.Rung();
        startRung(pool, units);
        int trials = step.to().scaleTrials();
        List<List<Supplier<FixedProgram>>> groups = new ArrayList<>();
        for (DemotionUnits.Unit u : units) {
            List<Supplier<FixedProgram>> cands = new ArrayList<>();
            for (int k = 0; k < trials; k++) {
                int[] b = bits.clone(), sc = scales.clone();
                u.demote(step, k, scales, b, sc);
                cands.add(() -> assign(b, sc));
            }
            groups.add(cands);
        }
        List<List<CandidatePool.Score>> r = pool.race("stage III: demote each value", groups);
        List<Demotion> order = new ArrayList<>();
        double now = cycles(bits, scales);
        long overNow = pricing.overflow(current());
        for (int i = 0; i < units.size(); i++) {
            int bestK = StageFourOrder.best(r.get(i));
            DemotionUnits.Unit u = units.get(i);
            CandidatePool.Score b = r.get(i).get(bestK);
            int[] bd = bits.clone(), sd = scales.clone();
            int[] chosen = u.demote(step, bestK, scales, bd, sd);
            rung.add(new DemotionUnits.Chosen(u, step.to().bits(), chosen));
            FixedProgram demoted = assign(bd, sd);
            order.add(new Demotion(u.name(), step.to().bits(), chosen[0], b.loss(), b.wrapEvents(),
                    now - cyclesOf(demoted), overNow - pricing.overflow(demoted)));
        }
        order.sort(StageFourOrder.of(budget == null && pricing.modelsCycles(), lossBefore));
        return order;
    }

    /**
     * The numbers of the program a rung starts from, run as the reference later candidates reuse: its wraps and loss,
     * its point on the frontier and, on the first rung, the score error stage IV's guard is measured from.
     */
    private void startRung(CandidatePool pool, List<DemotionUnits.Unit> units) {
        if (units.isEmpty()) {
            return;
        }
        CandidatePool.Score start = pool.reference(current());
        wraps = start.wrapEvents();
        lossBefore = start.loss();
        FixedProgram now = current();
        explored.add(Frontier.Explored.unjudged(now, start.accuracy(), cyclesOf(now), paramBytes(bits)));
        if (!startMeasured) { // the first rung's start: what every rung's demotions are measured from
            startScoreError = start.scoreError();
            startMeasured = true;
        }
    }

    /** Stage II, or the one {@link #shared} holds (the same race's result). */
    private int stageTwo(CandidatePool pool, CandidatePool confirm, Value x) {
        if (shared != null && shared.two() != null) {
            afterStageIIOnAllRows = shared.two().onAllRows();
            return shared.two().inputScale();
        }
        int[] b = bits.clone(), base = scales.clone();
        SharedStages.StageTwo two = InputScaleStage.race(pool, confirm, base[x.id()], ladder.start(), s -> {
            int[] sc = base.clone();
            sc[x.id()] = s;
            return assign(b, sc);
        });
        afterStageIIOnAllRows = two.onAllRows();
        if (shared != null) {
            shared.keep(two);
        }
        return two.inputScale();
    }

    /** Stage III of the first rung, or the one {@link #shared} holds (its start still run here: stage IV reuses it). */
    private List<Demotion> stageThree(CandidatePool pool, ShiftryLadder.Step step, List<DemotionUnits.Unit> units) {
        if (shared != null && shared.three() != null) {
            startRung(pool, units);
            rung = shared.three().rung();
            return shared.three().order();
        }
        List<Demotion> order = demoteEach(pool, step, units);
        if (shared != null) {
            shared.keep(new SharedStages.StageThree(List.copyOf(order), rung));
        }
        return order;
    }

    /** The current program with {@code vars} one step down at their first scales. */
    private FixedProgram demoted(List<Value> vars, ShiftryLadder.Step step) {
        return FlashSavers.demoted(pricing, bits, scales, vars, step);
    }

    private List<Value> at(List<Value> vars, int width) {
        return vars.stream().filter(v -> bits[v.id()] == width).toList();
    }

    private FixedProgram assign(int[] b, int[] sc) {
        return pricing.assign(b, sc);
    }

    private double cycles(int[] b, int[] sc) {
        return pricing.cycles(b, sc);
    }

    private double cyclesOf(FixedProgram fp) {
        return pricing.cyclesOf(fp);
    }

    private FixedProgram current() {
        return assign(bits, scales);
    }

    private int paramBytes(int[] widths) {
        return pricing.paramBytes(widths);
    }
}
