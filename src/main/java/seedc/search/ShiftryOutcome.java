package seedc.search;

import java.util.List;
import seedc.fixed.FixedProgram;

/**
 * What Shiftry's search chose and saw: the program, stage II's input scale, stage III's demotion order, stage IV's
 * curve, the parameters' flash before ({@code paramBytesStart}: every value at the ladder's first width) and after,
 * the candidates it ran, {@code staged}: on a large training set, how the subset decided and the whole set confirmed
 * (else null), the chosen program's run on the training set when the search made it, the score error stage IV
 * started from, what the held-out rows showed (null when the search chose on every row), the chosen program's
 * modelled cycles (0 without a cycle model), the frontier of the programs it ran ({@link Frontier}) and, for a
 * program of more values than stages III and IV try alone, how they were grouped (else null); {@code secondWalk}:
 * whether stage IV's curve is its second walk's, by loss alone ({@link StageFourTwoWalks}), not stage III's order;
 * {@code rivals}: where the settings asked ({@link ShiftrySettings#listRivals}), the chosen program's point first, then
 * each other program of the frontier that meets every limit the chosen one met and whose modelled cycles lie within the
 * cycle model's error of the chosen one's, fastest first ({@link RivalsInError}); else empty.
 */
public record ShiftryOutcome(FixedProgram best, int inputScale, List<ShiftryOutcome.Demotion> order,
                             List<ShiftryOutcome.Step> curve, int paramBytesStart, int paramBytes, int candidates,
                             ShiftryOutcome.Staged staged, Candidate.Counted bestOnTrain, double startScoreError,
                             HeldOut heldOut, double cycles, List<Frontier.Explored> explored, Grouping grouping,
                             boolean secondWalk, List<ShiftryOutcome.Rival> rivals) {

    /**
     * A program of {@link #rivals}: its frontier point and its held-out rows against float's (null until
     * {@link HeldOutAcceptance#counted} counts them), which the report gives should the device choose it.
     */
    public record Rival(Frontier.Explored point, seedc.eval.PairedDrop heldOutRows) {}

    /**
     * Stages III and IV of a long program ({@link DemotionUnits}): its {@code values} values to demote were ranked
     * and demoted in {@code groups} contiguous groups of {@code size} (the last may be smaller).
     */
    public record Grouping(int values, int groups, int size) {}

    /**
     * Stage III's best for one value: demoted alone to {@code bits} at {@code scale}, with its loss and the modelled
     * cycles it saves alone (0 without a cycle model; the search's objective, with the penalty of the
     * {@code ramOverBytesSaved} it brings the program nearer to fitting the device's RAM). In a long program, a group's
     * ({@link Grouping}): named "first..last", {@code scale} its first value's.
     */
    public record Demotion(String name, int bits, int scale, double loss, long wrapEvents, double cyclesSaved,
                           long ramOverBytesSaved) {
        /** One that changes no byte the search counts over the device's RAM. */
        public Demotion(String name, int bits, int scale, double loss, long wrapEvents, double cyclesSaved) {
            this(name, bits, scale, loss, wrapEvents, cyclesSaved, 0);
        }
    }

    /**
     * Stage IV's try of one value: why it was kept or not, and the program's numbers with it demoted (the accuracy
     * and score error NaN when it was refused before running: its modelled cycles did not drop); {@code cycles} the
     * search's objective, which on a device of limited RAM holds a penalty for the {@code ramOverBytes} the program's
     * RAM exceeds the device's by as the search counts them (0 where it fits; the report gives the cycles without it).
     */
    public record Step(String name, StageFourVerdict verdict, double trainAccuracy, double scoreError, int paramBytes,
                       long wrapEvents, double cycles, long ramOverBytes) {
        public boolean kept() {
            return verdict.kept();
        }

        Step as(StageFourVerdict v) {
            return new Step(name, v, trainAccuracy, scoreError, paramBytes, wrapEvents, cycles, ramOverBytes);
        }
    }

    /**
     * This outcome accepted on held-out rows as {@code heldOut} says, with {@code best} (of {@code cycles} modelled
     * cycles) chosen and stage IV's {@code curve} as that decision marks it. The search's run of its program covered
     * only the rows that choose, so none is passed on.
     */
    ShiftryOutcome withHeldOut(HeldOut heldOut, FixedProgram best, List<Step> curve, double cycles) {
        return new ShiftryOutcome(best, inputScale, order, curve, paramBytesStart, best.paramBytes(), candidates,
                staged, null, startScoreError, heldOut, cycles, explored, grouping, secondWalk, rivals);
    }

    /** This outcome with its held-out figures replaced by {@code h} (the same program, curve and cycles). */
    ShiftryOutcome withHeldOutFigures(HeldOut h) {
        return new ShiftryOutcome(best, inputScale, order, curve, paramBytesStart, paramBytes, candidates, staged,
                bestOnTrain, startScoreError, h, cycles, explored, grouping, secondWalk, rivals);
    }

    /** This outcome with {@code rivals} as the chosen program's ({@link RivalsInError}). */
    ShiftryOutcome withRivals(List<Rival> rivals) {
        return new ShiftryOutcome(best, inputScale, order, curve, paramBytesStart, paramBytes, candidates, staged,
                bestOnTrain, startScoreError, heldOut, cycles, explored, grouping, secondWalk, List.copyOf(rivals));
    }

    /**
     * This outcome with {@code rival}, one of {@link #rivals}, chosen instead (--select measured: the device ran it
     * faster): its program, modelled cycles, held-out accuracy and its rows there against float's.
     */
    public ShiftryOutcome choosing(Rival rival) {
        Frontier.Explored e = rival.point();
        HeldOut h = heldOut == null ? null : heldOut.choosing(e.heldOutAccuracy(), heldOut.faster());
        if (h != null && rival.heldOutRows() != null) {
            h = h.counted(rival.heldOutRows());
        }
        return withHeldOut(h, e.program(), curve, e.cycles());
    }

    /** This outcome with {@code explored} as the programs it ran (two walks' together, judged on held-out rows). */
    ShiftryOutcome withExplored(List<Frontier.Explored> explored) {
        return new ShiftryOutcome(best, inputScale, order, curve, paramBytesStart, paramBytes, candidates, staged,
                bestOnTrain, startScoreError, heldOut, cycles, explored, grouping, secondWalk, rivals);
    }

    /**
     * What the held-out rows showed ({@link HeldOutAcceptance}; {@code validation}: they are the validation set's):
     * their count, float's accuracy on them ({@code keptForRam}: demotions past those they accept, kept because the
     * program fits the device's RAM only with them), the
     * accuracy there of the program the walk without the score guard chose ({@code unguarded}), of the score guard's
     * program (NaN when it was not needed) and of the chosen one, what was decided about the guard, why the held-out
     * rows refused the unguarded walk's program ({@code refused}; null when they accepted it or it was not judged)
     * and, when a faster program the search ran met the same limits and was chosen instead ({@link FasterOnFrontier}),
     * what it changed (else null); last, the chosen program's rows against float's there ({@code chosenRows}: lost,
     * gained and the drop's standard error; null until {@link ShiftrySearch} counts them, or for a tensor result).
     */
    public record HeldOut(int rows, int chooseRows, double floatAccuracy, double unguarded, double guarded,
                          double chosen, ScoreGuard guard, boolean validation, int keptForRam, Refused refused,
                          Faster faster, seedc.eval.PairedDrop chosenRows) {
        HeldOut(int rows, int chooseRows, double floatAccuracy, double unguarded, double guarded, double chosen,
                ScoreGuard guard, boolean validation, int keptForRam, Refused refused, Faster faster) {
            this(rows, chooseRows, floatAccuracy, unguarded, guarded, chosen, guard, validation, keptForRam, refused,
                    faster, null);
        }

        HeldOut choosing(double accuracy, Faster f) {
            return new HeldOut(rows, chooseRows, floatAccuracy, unguarded, guarded, accuracy, guard, validation,
                    keptForRam, refused, f);
        }

        /** These figures with the chosen program's rows counted against float's. */
        HeldOut counted(seedc.eval.PairedDrop rowsAgainstFloat) {
            return new HeldOut(rows, chooseRows, floatAccuracy, unguarded, guarded, chosen, guard, validation,
                    keptForRam, refused, faster, rowsAgainstFloat);
        }
    }

    /**
     * Why the held-out rows refused a program ({@link HeldOutJudge}): its accuracy there beyond the drop
     * ({@code accuracy}), and its wrap events there against those of the program stage IV started from (refused when
     * more).
     */
    public record Refused(boolean accuracy, long wrapEvents, long wrapsAtStart) {
        /** Whether the wrap events refused it. */
        public boolean wraps() {
            return wrapEvents > wrapsAtStart;
        }
    }

    /**
     * A program of the frontier chosen over the walk's ({@link FasterOnFrontier}): the walk's program's modelled
     * cycles ({@code walkCycles}, the search's objective: with the penalty of the {@code walkRamOverBytes} it counted
     * over the device's RAM, 0 where it fits), the chosen one's accuracy on the rows that choose, and the values it
     * holds narrower and wider than the walk's program (stage IV's table describes the walk's).
     */
    public record Faster(double walkCycles, long walkRamOverBytes, double chooseAccuracy, List<String> narrower,
                         List<String> wider) {}

    /** What the held-out rows decided about the score guard. */
    public enum ScoreGuard {
        /** The program without the guard met the limit on the held-out rows: the guard was not run. */
        NOT_NEEDED,
        /** Without the guard the held-out rows failed; the guard's program met the limit and was the fastest that did. */
        HELPED,
        /** Without the guard the held-out rows failed; a prefix of its demotions did better than the guard's program. */
        DID_NOT_HELP,
        /**
         * No cycle model decided (an FPGA target, or a program whose work the fit never measured, such as products on
         * bit planes): fewer bits are not always faster there, so the guard's walk is the one the held-out rows judge.
         */
        NO_CYCLE_MODEL
    }

    /**
     * A large training set's search: stages II-IV decided on {@code subsetRows} evenly spaced rows of
     * {@code rows}; of the {@code keptOnSubset} demotions stage IV kept there, the first {@code confirmed} hold on
     * every row.
     */
    public record Staged(int subsetRows, int rows, int keptOnSubset, int confirmed) {}
}
