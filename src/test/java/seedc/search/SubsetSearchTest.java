package seedc.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.ContainerWidths;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/** SeeDot's maxscale search on a large training set: every candidate on a subset, the best few on all. */
class SubsetSearchTest {
    @Test
    void subsetRowsAreSpreadEvenly() {
        assertArrayEquals(new int[] {0, 2, 5, 7}, TrainingSubset.evenlySpaced(10, 4)); // k * 10 / 4, floored
        assertArrayEquals(new int[] {0, 1, 2}, TrainingSubset.evenlySpaced(3, 5)); // never more rows than there are
    }

    @Test
    void rankingIsTheSelectionRule() {
        var clean = new CandidatePool.Score(90, 0.10, 0, 0);
        var better = new CandidatePool.Score(95, 0.05, 0, 0);
        var wrapping = new CandidatePool.Score(99, 0.01, 0, 7);
        // bits 2: indices 0,1 are one mode, 2,3 the other; a tie goes to the larger P within a mode only
        List<CandidatePool.Score> scores = List.of(clean, clean, better, wrapping);
        assertEquals(List.of(2, 1, 0, 3), MaxscaleSearch.ranked(scores, List.of(0, 1, 2, 3), 2));
    }

    /** protonn-letter-26's training set three times over (4,500 rows): the two rounds choose what all rows choose. */
    @Test
    void twoRoundsChooseTheExhaustiveSearchsProgram() {
        Path d = Path.of("src/test/resources/fixtures/models/protonn-letter-26");
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet once = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        DataSet train = thrice(once);
        Profile profile = Evaluation.profile(model, train, 2);
        Result[] floatTrain = Compilation.floatRun(model, train, 2);
        List<SeeDotStrategy.Products> modes = SeeDotStrategy.Products.allowed(16, ContainerWidths.C);
        MaxscaleSearch.Outcome two = MaxscaleSearch.run(new SearchInput(model, profile, train, floatTrain, Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()), ContainerWidths.C,
                16, modes);
        MaxscaleSearch.Outcome all = MaxscaleSearch.run(new SearchInput(model, profile, train, floatTrain, Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()), ContainerWidths.C,
                16, modes, Integer.MAX_VALUE);
        assertEquals(all.best().maxscale(), two.best().maxscale());
        assertEquals(all.products(), two.products());
        int candidates = 16 * modes.size();
        assertEquals(candidates, all.candidates());
        assertEquals(candidates + MaxscaleSearch.SURVIVORS, two.candidates());
    }

    /**
     * Shiftry on the same rows three times over decides stages II-IV on a 2,000-row subset and confirms on all
     * rows; its accuracy, loss and profile are those of the rows once, which are searched exhaustively: the
     * programs must be the same, and every demotion the subset kept must be confirmed.
     */
    @Test
    void shiftryRanksOnASubsetAndChoosesTheSameProgram() {
        Path d = Path.of("src/test/resources/fixtures/models/protonn-letter-26");
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet once = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        ShiftryOutcome exhaustive = shiftry(model, once);
        ShiftryOutcome staged = shiftry(model, thrice(once));
        for (seedc.ir.Value v : model.program().values()) {
            if (!v.isInt()) {
                assertEquals(exhaustive.best().type(v), staged.best().type(v), v.name());
            }
        }
        assertEquals(exhaustive.order().stream().map(ShiftryOutcome.Demotion::name).toList(),
                staged.order().stream().map(ShiftryOutcome.Demotion::name).toList());
        assertEquals(null, exhaustive.staged());
        long keptByAllRows = exhaustive.curve().stream().filter(ShiftryOutcome.Step::kept).count();
        assertEquals(new ShiftryOutcome.Staged(2000, 4500, (int) keptByAllRows, (int) keptByAllRows), staged.staged());
    }

    /** The confirmation's bisection: the longest prefix that meets the limits, with few runs over every row. */
    @Test
    void confirmationFindsTheLongestPrefixThatHolds() {
        List<Integer> asked = new java.util.ArrayList<>();
        assertEquals(5, StagedConfirmation.longestPrefix(19, k -> asked.add(k) && k <= 5));
        assertEquals(List.of(19, 9, 4, 6, 5), asked); // 19 fails; bisecting [0, 19): 9 no, 4 yes, 6 no, 5 yes
        asked.clear();
        assertEquals(19, StagedConfirmation.longestPrefix(19, k -> asked.add(k)));
        assertEquals(List.of(19), asked); // all kept demotions hold: one run
        assertEquals(0, StagedConfirmation.longestPrefix(7, k -> false));
        assertEquals(0, StagedConfirmation.longestPrefix(0, k -> { throw new AssertionError("no run for nothing"); }));
    }

    private static ShiftryOutcome shiftry(FloatModel model, DataSet train) {
        Profile profile = Evaluation.profile(model, train, 2);
        Result[] floatTrain = Compilation.floatRun(model, train, 2);
        return ShiftrySearch.walk(new SearchInput(model, profile, train, floatTrain, Metric.REDUCED_DISAGREEMENT, 2, StageLog.quiet()),
                new ShiftrySettings(ShiftryLadder.shiftry(ContainerWidths.C), 1.0, 0.1, null, null)).outcome();
    }

    private static DataSet thrice(DataSet d) {
        int n = d.size();
        double[][] labels = new double[3 * n][], features = new double[3 * n][];
        for (int i = 0; i < 3 * n; i++) {
            labels[i] = d.labels()[i % n];
            features[i] = d.features()[i % n];
        }
        return new DataSet(d.labelColumns(), labels, features);
    }
}
