package seedc.search;

import seedc.eval.Result;
import seedc.io.DataSet;

/**
 * The training set cut in two for Shiftry's accuracy mode: the rows the search chooses on and the rows it accepts on,
 * which no choice saw. Every {@value #EVERY}th row is held out (rows EVERY-1, 2*EVERY-1, ...), so a training set
 * sorted by class or by time gives both parts every class and every period alike, and a compile is repeatable.
 *
 * <p>A validation set (--validation: rows the model was not trained on) replaces the held-out part when given
 * ({@code validation}): the search then chooses on every training row.
 *
 * <p>Why not k folds: the search is not a model fitted to data but a walk of demotions, each decided by the rows that
 * choose; one held-out part that the walk never reads is what tells whether its result generalizes. k folds would
 * run the whole walk k times (the compile-time budget allows about one more walk, spent on the score guard's path in
 * {@link HeldOutAcceptance}).
 */
record HeldOutSplit(DataSet choose, Result[] chooseFloat, DataSet held, Result[] heldFloat, boolean validation) {
    /** One row in EVERY is held out: a quarter, enough rows to see a point of accuracy on most data sets. */
    static final int EVERY = 4;
    /**
     * Below this many training rows the held-out part would have fewer than 10 rows, one row more than ten points: the
     * search then chooses and accepts on every row (and says so).
     */
    static final int MIN_ROWS = 40;

    static boolean worthIt(DataSet train) {
        return train.size() >= MIN_ROWS;
    }

    static HeldOutSplit of(DataSet train, Result[] floatTrain) {
        int n = train.size(), held = n / EVERY;
        int[] heldRows = new int[held], chosenRows = new int[n - held];
        int c = 0, h = 0;
        for (int row = 0; row < n; row++) {
            if (isHeld(row) && h < held) {
                heldRows[h++] = row;
            } else {
                chosenRows[c++] = row;
            }
        }
        return new HeldOutSplit(train.rows(chosenRows), Result.at(floatTrain, chosenRows), train.rows(heldRows),
                Result.at(floatTrain, heldRows), false);
    }

    /** Whether training row {@code row} (0-based) is held out. */
    static boolean isHeld(int row) {
        return row % EVERY == EVERY - 1;
    }
}
