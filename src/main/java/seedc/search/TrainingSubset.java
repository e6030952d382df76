package seedc.search;

import seedc.eval.Result;
import seedc.io.DataSet;

/**
 * Evenly spaced rows of a training set with their float results: where a search ranks many candidates
 * cheaply before confirming the best on every row (see MaxscaleSearch for the statistics).
 */
record TrainingSubset(DataSet data, Result[] floatResults) {
    /**
     * Training sets above this size get ranking rounds on a subset; smaller ones are searched exhaustively. The
     * system property seedc.search.exhaustiveUpTo changes it, so that a benchmark can run the exhaustive search
     * on a large set and compare the programs (scripts/benchmark-large).
     */
    static final int FULL_SEARCH_LIMIT = Integer.getInteger("seedc.search.exhaustiveUpTo", 4000);
    /** Rows in a ranking round. */
    static final int SUBSET = 2000;

    static boolean worthIt(DataSet train) {
        return train.size() > FULL_SEARCH_LIMIT;
    }

    static TrainingSubset of(DataSet d, Result[] floatResults, int n) {
        int[] rows = evenlySpaced(d.size(), n);
        return new TrainingSubset(d.rows(rows), Result.at(floatResults, rows));
    }

    /** n row indices spread evenly over [0, size): every class of a sorted or shuffled set is sampled alike. */
    static int[] evenlySpaced(int size, int n) {
        int[] rows = new int[Math.min(n, size)];
        for (int k = 0; k < rows.length; k++) {
            rows[k] = (int) ((long) k * size / rows.length);
        }
        return rows;
    }
}
