package seedc.search;

import java.util.Optional;
import seedc.analysis.WorkBound;
import seedc.fixed.Strategy;
import seedc.ir.OpFacts;
import seedc.ir.Program;

/**
 * The bound on a whole compile's work, estimated before any: the program's work per example ({@link WorkBound})
 * times the example runs of the search and of the passes around it. {@link WorkBound} bounds one example, but a
 * compile runs every candidate over the rows that decide and a few programs over every row: a program just under
 * that bound with 20,000 training rows would keep the search busy for days without a word. Past
 * {@link #MAX_TOTAL} the compile is refused with the figures and what lowers them.
 */
public final class SearchWork {
    private SearchWork() {}

    /**
     * The most element operations a compile may do, as estimated here: six times the estimate of the largest model in
     * benchmarks/large (cnn-fashion-10, 20,000 training rows: 1.6 x 10^11, compiled in a minute or two on the
     * 2-core machine; every test fixture is below 5 x 10^10), and about as many as 17 minutes of interpreting large
     * tensors at 1 ns an operation.
     */
    public static final long MAX_TOTAL = 1_000_000_000_000L;
    /** Passes over every row besides the search's candidates: profile, float's runs, confirmations, the chosen. */
    static final int PASSES = 12;
    /** Shiftry's candidates besides stages III and IV: stage II's input scales (0 to 16). */
    static final int SHIFTRY_FIXED = 17;
    /** Runs per unit of stages III and IV: four scale trials, the stage IV try, one second chance (groups, RAM). */
    static final int SHIFTRY_PER_UNIT = 6;
    /** Shiftry's walks: accuracy mode's without the score guard and with it (HeldOutAcceptance). */
    static final int SHIFTRY_WALKS = 2;
    /** SeeDot's candidates: 16 maxscales in each of two product modes. */
    static final int SEEDOT_CANDIDATES = 32;

    /**
     * A compile's estimated work: {@code perExample} element operations per example, {@code candidates} programs
     * run over the {@code decideRows} rows that decide, {@link #PASSES} over all {@code rows} rows (training,
     * validation and test), {@code total} in all (saturating).
     */
    public record Estimate(long perExample, long candidates, int decideRows, long rows, long total) {
        public String message() {
            return String.format("compiling this program would take about %,d element operations (%,d per example,"
                    + " run for about %,d candidate programs over %,d training rows and %d passes over all %,d"
                    + " rows), more than seedc's bound of %,d, hours of work: use fewer training rows (a sample of"
                    + " them; above %,d rows the search decides on %,d and confirms on all), a smaller program, or"
                    + " --strategy seedot (%d candidates)", total, perExample, candidates, decideRows, PASSES, rows,
                    MAX_TOTAL, TrainingSubset.FULL_SEARCH_LIMIT, TrainingSubset.SUBSET, SEEDOT_CANDIDATES);
        }
    }

    /**
     * The estimate for {@code p} searched by {@code strategy} on {@code trainRows} training rows, with
     * {@code otherRows} validation and test rows.
     */
    public static Estimate estimate(Program p, Strategy strategy, int trainRows, int otherRows) {
        long perExample = WorkBound.perExample(p);
        long candidates = strategy == Strategy.SHIFTRY ? shiftryCandidates(ShiftrySearch.demotable(p).size())
                : SEEDOT_CANDIDATES;
        int decideRows = trainRows > TrainingSubset.FULL_SEARCH_LIMIT ? TrainingSubset.SUBSET : trainRows;
        long rows = (long) trainRows + otherRows;
        long runs = OpFacts.plus(OpFacts.times(candidates, decideRows), OpFacts.times(PASSES, rows));
        return new Estimate(perExample, candidates, decideRows, rows, OpFacts.times(perExample, runs));
    }

    /** Shiftry's candidates for {@code values} values to demote, grouped as {@link DemotionUnits} groups them. */
    static long shiftryCandidates(int values) {
        return SHIFTRY_WALKS * (SHIFTRY_FIXED + SHIFTRY_PER_UNIT * (long) DemotionUnits.units(values));
    }

    /** The estimate when it passes {@link #MAX_TOTAL}. */
    public static Optional<Estimate> excess(Program p, Strategy strategy, int trainRows, int otherRows) {
        Estimate e = estimate(p, strategy, trainRows, otherRows);
        return e.total() > MAX_TOTAL ? Optional.of(e) : Optional.empty();
    }
}
