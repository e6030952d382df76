package seedc.driver;

import java.util.List;
import java.util.function.ToLongFunction;
import seedc.fixed.FixedProgram;
import seedc.fixed.Cost;
import seedc.ir.FloatModel;
import seedc.analysis.ValueRanges;
import seedc.eval.Profile;
import seedc.report.SearchSummary;
import seedc.cost.WorkCoverage;
import seedc.search.Budget;
import seedc.search.CycleModelTrust;
import seedc.search.Frontier;
import seedc.search.SearchInput;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryOutcome;
import seedc.search.ShiftrySearch;
import seedc.search.ShiftrySettings;
import seedc.search.StageLog;

/**
 * How compile runs shiftry: the objective it gives the search (the target's {@link CycleModels cycle model}, a
 * device's RAM overflow priced in; set aside, and the report told why, where it did not measure the program's work)
 * and the search's outcome as the report's
 * {@link SearchSummary.Shiftry}.
 */
final class ShiftryRun {
    private ShiftryRun() {}

    /**
     * Shiftry's search of {@code model} under {@code o}: the target's cycle model (with the device's RAM as part of
     * the cost) as its objective, and the summary of what it decided for the report.
     */
    static Compilation.Searched search(FloatModel model, Profile profile, Compilation.Rows rows, Compilation.Options o,
                                       StageLog log, ValueRanges sound) {
        SearchInput in = new SearchInput(model, profile, rows.train(), rows.floatTrain(), o.metric(), o.jobs(), log)
                .withValidation(rows.validation(), rows.floatValidation());
        ShiftryLadder ladder = ShiftryLadder.shiftry(o.target().widths());
        Objective objective = objective(model, o);
        CycleModelTrust.Judged judged = CycleModelTrust.judged(in, new ShiftrySettings(ladder, o.maxAccuracyDrop(),
                o.maxScoreError(), o.flashBudget(), Compilation.precise(model, sound, o.maxOutputError()),
                objective.cycles(), objective.overflow()));
        seedc.cost.CycleModel cycles = judged.settings().cycles();
        // the search would take an untrusted model as an objective too; judged here, the report says why
        SearchSummary.ModelSetAside setAside = judged.verdict() != null && !judged.verdict().trusted()
                ? workUnmeasured(judged.verdict()) : objective.setAside();
        ShiftryOutcome s = ShiftrySearch.run(in, judged.settings().withRivalsListed(o.select() != null));
        // the figures the report gives: the objective's RAM penalty taken out, the bytes kept apart (RamFitCycles)
        ToLongFunction<FixedProgram> over = cycles instanceof RamFitCycles ? objective.overflow() : p -> 0;
        MeasuredSelection.Selected selected = null;
        if (o.select() != null) {
            selected = MeasuredSelection.apply(s, cycles, over, o.select(), log);
            s = selected.outcome();
        }
        SearchSummary.FlashFit fit = null;
        if (o.flashBudget() != null) {
            Budget b = o.flashBudget();
            Cost use = b.cost().apply(s.best());
            fit = new SearchSummary.FlashFit(b.name(), (int) b.limit(), (int) use.of(b.resource()), use.breakdown());
        }
        boolean byAccuracy = fit == null && o.maxOutputError() == null;
        SearchSummary summary = new SearchSummary.Shiftry(s.inputScale(), byAccuracy ? o.maxAccuracyDrop() : null,
                byAccuracy ? o.maxScoreError() : null, fit, s.paramBytesStart(),
                s.order().stream().map(d -> new SearchSummary.Demotion(d.name(), d.scale(), d.loss(),
                        cycles == null ? null : RamFitCycles.cyclesWithoutPenalty(d.cyclesSaved(),
                                d.ramOverBytesSaved()))).toList(),
                s.curve().stream().map(t -> step(t, cycles != null)).toList(),
                s.staged() == null ? null : new SearchSummary.Subset(s.staged().subsetRows(), s.staged().rows(),
                        s.staged().keptOnSubset(), s.staged().confirmed()), o.maxOutputError(),
                byAccuracy && s.startScoreError() > o.maxScoreError() ? s.startScoreError() : null,
                heldOut(s.heldOut()), cycles == null ? null : chosenCycles(cycles, s, over.applyAsLong(s.best())),
                place(s), s.grouping() == null ? null : new SearchSummary.ValueGroups(s.grouping().values(),
                        s.grouping().groups(), s.grouping().size()), setAside);
        return new Compilation.Searched(s.best(), s.candidates(), List.of(), summary, s.bestOnTrain(), s.explored(),
                over, selected);
    }

    /** The chosen program's modelled cycles, and the bytes the search counted it over the RAM (its C fits). */
    private static SearchSummary.CycleModel chosenCycles(seedc.cost.CycleModel cycles, ShiftryOutcome s, long over) {
        return new SearchSummary.CycleModel(cycles.describe(), RamFitCycles.cyclesWithoutPenalty(s.cycles(), over),
                over == 0 ? null : over, s.secondWalk() ? Boolean.TRUE : null);
    }

    /**
     * The search's objective before it is judged ({@link CycleModelTrust#judged}): the target's cycle model with the
     * device's RAM overflow priced in ({@code overflow}, null without a device), or no model ({@code cycles} null) and
     * why ({@code setAside}, null where the target has none).
     */
    private record Objective(seedc.cost.CycleModel cycles, RamOverflowMemo overflow,
                             SearchSummary.ModelSetAside setAside) {}

    private static Objective objective(FloatModel model, Compilation.Options o) {
        // products on bit planes run kernels (popcounts, level tables, compares) that a model fitted on dense
        // products prices as multiplies: there it would price an 8-bit sum that loses the compare kernel as cheaper
        // (mlp-digits-w1a1i1: 13,640 cycles against the guard's 8,739), so no such model decides for them; one that
        // measured the planes' kernels may, where CycleModelTrust finds it measured the program's work
        seedc.cost.CycleModel target = CycleModels.forTarget(o.target(), o.deviceRam(), o.design());
        RamOverflowMemo overflow = o.deviceRam() == null ? null
                : new RamOverflowMemo(o.target(), model.weights(), o.deviceRam(),
                        target != null && target.cyclesPerMovedByte() != 0); // the moves only where priced
        if (target != null && !target.measuredProductsOnPlanes()
                && !LowBitSums.of(model.program(), model.weights()).isEmpty()) {
            return new Objective(null, overflow, new SearchSummary.ModelSetAside(
                    SearchSummary.ModelSetAside.Why.PLANES_UNMEASURED, null, null, null, null));
        }
        if (target == null) {
            return new Objective(null, overflow, null);
        }
        return new Objective(overflow == null ? target : new RamFitCycles(target, overflow), overflow, null);
    }

    /** The report's account of a model that measured too little of the program's work to decide. */
    private static SearchSummary.ModelSetAside workUnmeasured(CycleModelTrust.Verdict v) {
        java.util.Map<String, SearchSummary.UnmeasuredOp> ops = new java.util.LinkedHashMap<>();
        for (WorkCoverage c : List.of(v.narrowest(), v.widest())) {
            if (c.share() < CycleModelTrust.TRUSTED_SHARE) {
                c.largest(UNMEASURED_NAMED).forEach(u -> ops.putIfAbsent(u.op(), new SearchSummary.UnmeasuredOp(
                        u.op(), u.kind(), u.unpriced() ? null : u.cycles())));
            }
        }
        return new SearchSummary.ModelSetAside(SearchSummary.ModelSetAside.Why.WORK_UNMEASURED,
                CycleModelTrust.TRUSTED_SHARE, v.widest().share(), v.narrowest().share(),
                ops.values().stream().limit(UNMEASURED_NAMED).toList());
    }

    /** How many of the ops a model did not measure the report names: the largest, enough to say where to bench. */
    private static final int UNMEASURED_NAMED = 4;

    private static SearchSummary.Step step(ShiftryOutcome.Step t, boolean modelled) {
        return new SearchSummary.Step(t.name(), t.kept(), t.verdict().text(),
                Double.isNaN(t.trainAccuracy()) ? null : t.trainAccuracy(),
                Double.isNaN(t.scoreError()) ? null : t.scoreError(), t.paramBytes(), t.wrapEvents(),
                modelled ? RamFitCycles.cyclesWithoutPenalty(t.cycles(), t.ramOverBytes()) : null,
                modelled && t.ramOverBytes() > 0 ? t.ramOverBytes() : null);
    }

    /** Where the chosen program sits on the frontier (null when the search kept none, as with a flash budget). */
    private static SearchSummary.FrontierPlace place(ShiftryOutcome s) {
        List<Frontier.Explored> front = s.explored();
        for (int k = 0; k < front.size(); k++) {
            if (front.get(k).program().sameTypes(s.best())) {
                return new SearchSummary.FrontierPlace(front.size(), k + 1);
            }
        }
        return null;
    }

    private static SearchSummary.Guard guard(ShiftryOutcome.ScoreGuard g) {
        return switch (g) {
            case NOT_NEEDED -> SearchSummary.Guard.NOT_NEEDED;
            case HELPED -> SearchSummary.Guard.HELPED;
            case DID_NOT_HELP -> SearchSummary.Guard.DID_NOT_HELP;
            case NO_CYCLE_MODEL -> SearchSummary.Guard.NO_CYCLE_MODEL;
        };
    }

    private static SearchSummary.HeldOut heldOut(ShiftryOutcome.HeldOut h) {
        return h == null ? null : new SearchSummary.HeldOut(h.rows(), h.chooseRows(), h.floatAccuracy(),
                Double.isNaN(h.unguarded()) ? null : h.unguarded(),
                Double.isNaN(h.guarded()) ? null : h.guarded(), h.chosen(),
                guard(h.guard()), h.validation() ? SearchSummary.RowsFrom.VALIDATION_SET
                        : SearchSummary.RowsFrom.TRAINING_SET, h.keptForRam() == 0 ? null : h.keptForRam(),
                h.refused() == null ? null : new SearchSummary.Refused(h.refused().accuracy(),
                        h.refused().wrapEvents(), h.refused().wrapsAtStart()),
                h.faster() == null ? null : faster(h.faster()), h.chosenRows());
    }

    private static SearchSummary.Faster faster(ShiftryOutcome.Faster f) {
        return new SearchSummary.Faster(RamFitCycles.cyclesWithoutPenalty(f.walkCycles(), f.walkRamOverBytes()),
                f.chooseAccuracy(), f.narrower(), f.wider());
    }
}
