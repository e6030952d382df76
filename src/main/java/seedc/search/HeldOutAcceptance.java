package seedc.search;

import java.util.List;
import seedc.eval.PairedDrop;
import seedc.fixed.FixedProgram;
import seedc.search.ShiftryOutcome.HeldOut;
import seedc.search.ShiftryOutcome.ScoreGuard;

/**
 * Shiftry's accuracy mode chosen on some rows and accepted on others ({@link HeldOutSplit}), so that
 * {@code --max-accuracy-drop} bounds the accuracy lost on rows no choice saw, and the score guard is used only where
 * those rows show that it helps.
 *
 * <p>The walk. Stages I-IV run on the rows that choose without the score guard: stage IV keeps a demotion while the
 * accuracy there stays within the drop, the wrap events do not grow and the modelled cycles fall. The held-out rows
 * then judge its program: accuracy within the drop of float's on them and no more wrap events there than the program
 * stage IV started from. If it passes, it is the result: the guard was not needed (a guard would only keep values
 * wider, and slower, than the rows ask for).
 *
 * <p>When it fails, two programs are tried, both on the held-out rows: the longest prefix of the walk's kept
 * demotions that passes (found by bisection, as {@link StagedConfirmation} does on a large set; prefix 0 is the start,
 * which is accepted whatever it shows: nothing wider exists), and a second walk with the score guard
 * ({@code --max-score-error}) on the rows that choose, which takes the first walk's stages II and III
 * ({@link SharedStages}: the guard bounds only what stage IV keeps). The faster by the cycle model of those that pass is chosen
 * (of equal cycles, the one of fewer LUTs where the model counts them: an FPGA design's),
 * and the report says whether the guard helped. Without a cycle model the guard's walk is the only one, judged the
 * same way ({@link ScoreGuard#NO_CYCLE_MODEL}). A model whose training set the float model fits perfectly shows little on held-out rows drawn from it;
 * for those the guard's path is what remains, which is why it is kept as the fallback rather than dropped.
 *
 * <p>Last, {@link FasterOnFrontier}: a faster program either walk ran that meets the same limits is chosen instead.
 */
final class HeldOutAcceptance {
    private HeldOutAcceptance() {}

    /**
     * {@link #run}'s outcome on {@code split}, with the chosen program's held-out rows counted against
     * float's (one more run of one program on those rows, and of each rival where they are listed), so that the report
     * gives the drop there with its standard error and not a bare difference of two accuracies.
     */
    static ShiftryOutcome counted(SearchInput in, HeldOutSplit split, ShiftrySettings settings) {
        ShiftryOutcome o = run(in, split, settings);
        if (o.heldOut() == null) {
            return o;
        }
        try (CandidatePool held = in.pool(split.held(), split.heldFloat()).withoutStates()) {
            PairedDrop rows = PairedDrop.of(split.held(), split.heldFloat(), held.results(o.best(), false));
            // the chosen program's rivals (listed only when asked) counted alike: the device may choose one
            List<ShiftryOutcome.Rival> rivals = o.rivals().stream().map(r -> new ShiftryOutcome.Rival(r.point(),
                    r.point().program().sameTypes(o.best()) ? rows : PairedDrop.of(split.held(), split.heldFloat(),
                            held.results(r.point().program(), false)))).toList();
            return o.withHeldOutFigures(o.heldOut().counted(rows)).withRivals(rivals);
        }
    }

    static ShiftryOutcome run(SearchInput in, HeldOutSplit split, ShiftrySettings settings) {
        SearchInput choose = new SearchInput(in.model(), in.profile(), split.choose(), split.chooseFloat(),
                in.metric(), in.jobs(), in.log());
        if (settings.cycles() == null) {
            return guardFirst(in, choose, split, settings);
        }
        SharedStages shared = new SharedStages(); // the guard's walk, if it runs, repeats none of stages II and III
        ShiftrySearch.Walk free = ShiftrySearch.walk(choose, settings.unguarded(), shared);
        try (CandidatePool held = in.pool(split.held(), split.heldFloat()).withoutStates()) {
            HeldOutJudge judge = HeldOutJudge.of(held, split, settings, free);
            CandidatePool.Score freeScore = held.scoreOf(free.outcome().best());
            if (judge.passes(freeScore)) {
                ShiftryOutcome o = free.outcome().withHeldOut(new HeldOut(split.held().size(), split.choose().size(),
                        judge.floatAccuracy(), freeScore.accuracy(), Double.NaN, freeScore.accuracy(),
                        ScoreGuard.NOT_NEEDED, split.validation(), 0, null, null), free.outcome().best(), free.outcome().curve(),
                        free.cycles(free.outcome().best()));
                return FasterOnFrontier.apply(o, new FasterOnFrontier.Acceptance(in, split, settings, judge, free),
                        free.outcome().explored());
            }
            return fallback(choose, settings, split, new Walked(free, shared), judge, freeScore);
        }
    }

    /**
     * Without a cycle model ({@link ScoreGuard#NO_CYCLE_MODEL}): the guard's walk, accepted on the held-out rows, else
     * the longest prefix of its kept demotions that they accept.
     */
    private static ShiftryOutcome guardFirst(SearchInput in, SearchInput choose, HeldOutSplit split,
                                             ShiftrySettings settings) {
        ShiftrySearch.Walk guarded = ShiftrySearch.walk(choose, settings);
        try (CandidatePool held = in.pool(split.held(), split.heldFloat()).withoutStates()) {
            HeldOutJudge judge = HeldOutJudge.of(held, split, settings, guarded);
            CandidatePool.Score score = held.scoreOf(guarded.outcome().best());
            int n = guarded.kept().size();
            int accepted = judge.passes(score) ? n : judge.longestPassingPrefix(guarded), k = accepted;
            k = fitting(guarded, k, settings);
            FixedProgram chosen = guarded.prefix(k);
            List<ShiftryOutcome.Step> curve = new java.util.ArrayList<>(guarded.outcome().curve());
            StagedConfirmation.unkeep(guarded.kept().subList(k, n), curve, StageFourVerdict.HELD_OUT);
            double accuracy = k == n ? score.accuracy() : held.scoreOf(chosen).accuracy();
            return FasterOnFrontier.apply(guarded.outcome().withHeldOut(new HeldOut(split.held().size(), split.choose().size(),
                    judge.floatAccuracy(), Double.NaN, score.accuracy(), accuracy, ScoreGuard.NO_CYCLE_MODEL,
                    split.validation(), k - accepted, null, null), chosen, curve, 0),
                    new FasterOnFrontier.Acceptance(in, split, settings, judge, guarded), guarded.outcome().explored());
        }
    }

    /**
     * The shortest prefix of {@code walk}'s kept demotions, from {@code k} on, whose program fits the device's RAM
     * ({@code k} itself without a device, or when none does): a program the device cannot hold helps no one, and the
     * walk's demotions met the limit on the rows that choose.
     */
    private static int fitting(ShiftrySearch.Walk walk, int k, ShiftrySettings settings) {
        int n = walk.kept().size();
        for (int j = k; j <= n; j++) {
            if (settings.overflow(walk.prefix(j)) == 0) {
                return j;
            }
        }
        return k;
    }

    /**
     * Whether {@code a}'s program of walk {@code wa} is faster than {@code b}'s of {@code wb} by the cycle model; of
     * equal cycles, whether it takes fewer LUTs where the model counts them (an FPGA design's: the smaller design
     * of the same latency leaves the device's logic to the rest of the system).
     */
    private static boolean faster(ShiftrySearch.Walk wa, FixedProgram a, ShiftrySearch.Walk wb, FixedProgram b) {
        double ca = wa.cycles(a), cb = wb.cycles(b);
        if (ca != cb) {
            return ca < cb;
        }
        Long la = wa.luts(a), lb = wb.luts(b);
        return la != null && lb != null && la < lb;
    }

    /** The walk without the guard, and its stages II and III for the guard's walk to take. */
    private record Walked(ShiftrySearch.Walk walk, SharedStages shared) {}

    /** The unguarded walk failed on the held-out rows: its longest passing prefix against the guard's walk. */
    private static ShiftryOutcome fallback(SearchInput choose, ShiftrySettings settings, HeldOutSplit split,
                                           Walked walked, HeldOutJudge judge, CandidatePool.Score freeScore) {
        ShiftrySearch.Walk free = walked.walk();
        int n = free.kept().size(), accepted = judge.longestPassingPrefix(free);
        int k = fitting(free, accepted, settings);
        FixedProgram prefix = free.prefix(k);
        double prefixAccuracy = judge.held().scoreOf(prefix).accuracy();
        ShiftrySearch.Walk guarded = ShiftrySearch.walk(choose, settings, walked.shared());
        CandidatePool.Score guardedScore = judge.held().scoreOf(guarded.outcome().best());
        boolean guardPasses = judge.passes(guardedScore);
        List<Frontier.Explored> both = new java.util.ArrayList<>(free.outcome().explored());
        both.addAll(guarded.outcome().explored());
        if (guardPasses && faster(guarded, guarded.outcome().best(), free, prefix)) {
            return FasterOnFrontier.apply(guarded.outcome().withHeldOut(new HeldOut(split.held().size(), split.choose().size(),
                    judge.floatAccuracy(), freeScore.accuracy(), guardedScore.accuracy(), guardedScore.accuracy(),
                    ScoreGuard.HELPED, split.validation(), 0, judge.refusal(freeScore), null), guarded.outcome().best(), guarded.outcome().curve(),
                    guarded.cycles(guarded.outcome().best())),
                    new FasterOnFrontier.Acceptance(choose, split, settings, judge, free), both);
        }
        List<ShiftryOutcome.Step> curve = new java.util.ArrayList<>(free.outcome().curve());
        StagedConfirmation.unkeep(free.kept().subList(k, n), curve, StageFourVerdict.HELD_OUT);
        return FasterOnFrontier.apply(free.outcome().withHeldOut(new HeldOut(split.held().size(), split.choose().size(),
                judge.floatAccuracy(), freeScore.accuracy(), guardedScore.accuracy(), prefixAccuracy,
                ScoreGuard.DID_NOT_HELP, split.validation(), k - accepted, judge.refusal(freeScore), null), prefix, curve, free.cycles(prefix)),
                new FasterOnFrontier.Acceptance(choose, split, settings, judge, free), both);
    }
}
