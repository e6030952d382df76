package seedc.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import seedc.fixed.FixedProgram;

/**
 * Shiftry's stage II: the input's scale, raced over 0 to the ladder's first width with every other value as stage I
 * left it. Ties (common: many scales are perfect on the training set) go to the scale nearest the data-driven one,
 * then to the higher scale: the training set says nothing between them. The scales race in that order (Rivals: ties
 * go to the earlier), so the race keeps exactly the best. On a large training set the race runs on its subset and
 * keeps the best few, which race again on every row ({@link StagedConfirmation}).
 */
final class InputScaleStage {
    private InputScaleStage() {}

    /**
     * The input's scale and, when {@code confirm} (every row of a large set) is given, its program's numbers there.
     *
     * @param pool       the rows that decide (the subset of a large set)
     * @param confirm    every row, when {@code pool} is a subset; else null
     * @param dataDriven stage I's scale of the input
     * @param maxScale   the ladder's first width: the highest scale tried
     * @param program    the program with the input at a given scale
     */
    static SharedStages.StageTwo race(CandidatePool pool, CandidatePool confirm, int dataDriven, int maxScale,
                                      IntFunction<FixedProgram> program) {
        // Inputs beyond every candidate's range (a feature of 1e300) give a data-driven scale far below 0.
        int nearest = Math.clamp(dataDriven, 0, maxScale);
        List<Integer> order = IntStream.rangeClosed(0, maxScale).boxed()
                .sorted(Comparator.comparingInt((Integer s) -> Math.abs(s - nearest))
                        .thenComparing(Comparator.reverseOrder())).toList();
        List<Supplier<FixedProgram>> cands = new ArrayList<>();
        for (int s : order) {
            cands.add(() -> program.apply(s));
        }
        int keep = confirm == null ? 1 : StagedConfirmation.SURVIVORS;
        List<CandidatePool.Score> r = pool.race("stage II: input scale", List.of(cands), keep).getFirst();
        List<Integer> ranked = IntStream.range(0, r.size()).filter(k -> r.get(k) != null).boxed()
                .sorted((a, b) -> r.get(a).beats(r.get(b)) ? -1 : r.get(b).beats(r.get(a)) ? 1
                        : Integer.compare(a, b)).toList();
        if (confirm == null) {
            return new SharedStages.StageTwo(order.get(ranked.getFirst()), null);
        }
        List<Integer> best = ranked.subList(0, Math.min(keep, ranked.size())).stream().sorted().toList();
        List<CandidatePool.Score> again = confirm.race("stage II: confirming on every row",
                List.of(best.stream().map(cands::get).toList())).getFirst();
        int k = StageFourOrder.best(again);
        return new SharedStages.StageTwo(order.get(best.get(k)), again.get(k));
    }
}
