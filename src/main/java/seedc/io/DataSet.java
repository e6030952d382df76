package seedc.io;

/**
 * A labelled data set: one row per example, the first {@code labelColumns} columns of the source
 * file as {@code labels[row]} and the remaining columns as {@code features[row]}.
 */
public record DataSet(int labelColumns, double[][] labels, double[][] features) {
    public DataSet {
        if (labels.length != features.length) throw new IllegalArgumentException("labels and features differ in rows");
    }

    /** Number of examples (rows). */
    public int size() {
        return features.length;
    }

    /** The rows at {@code at}, in that order (the rows' arrays are shared, not copied). */
    public DataSet rows(int[] at) {
        double[][] l = new double[at.length][], f = new double[at.length][];
        for (int k = 0; k < at.length; k++) {
            l[k] = labels[at[k]];
            f[k] = features[at[k]];
        }
        return new DataSet(labelColumns, l, f);
    }

    /** Number of feature columns (0 for an empty data set). */
    public int featureCount() {
        return features.length == 0 ? 0 : features[0].length;
    }
}
