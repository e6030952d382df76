package seedc.io;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import seedc.diag.UserError;

/**
 * Loads labelled data sets from .npy (a 2-D array), .csv or .tsv files. Each row is one example whose
 * first {@code labelColumns} columns are labels and whose other columns are features.
 */
public final class DataSets {
    private DataSets() {}

    public static DataSet load(Path file, int labelColumns) {
        if (labelColumns < 1) throw UserError.inFile(file, "the number of label columns must be at least 1, got " + labelColumns);
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        double[][] rows;
        if (name.endsWith(".npy")) rows = fromNpy(file);
        else if (name.endsWith(".csv")) rows = DelimitedText.read(file, ',');
        else if (name.endsWith(".tsv")) rows = DelimitedText.read(file, '\t');
        else throw UserError.inFile(file, "unknown data set format; expected a .npy, .csv or .tsv file");
        return split(file, rows, labelColumns);
    }

    private static double[][] fromNpy(Path file) {
        NpyArray a = Npy.read(file);
        if (a.rank() != 2) {
            throw UserError.inFile(file, "a data set must be a 2-D array (examples x columns), found shape "
                    + Shapes.format(a.shape()));
        }
        int n = a.shape()[0];
        int cols = a.shape()[1];
        if (n == 0) throw UserError.inFile(file, "no data rows (shape " + Shapes.format(a.shape()) + ")");
        double[] d = a.data();
        for (int i = 0; i < d.length; i++) {
            if (!Double.isFinite(d[i])) {
                throw UserError.inFile(file, "contains " + nonFinite(d[i]) + " at index " + Shapes.index(a.shape(), i));
            }
        }
        double[][] rows = new double[n][];
        for (int r = 0; r < n; r++) rows[r] = Arrays.copyOfRange(d, r * cols, (r + 1) * cols);
        return rows;
    }

    static String nonFinite(double d) {
        return Double.isNaN(d) ? "NaN" : d > 0 ? "infinity" : "-infinity";
    }

    private static DataSet split(Path file, double[][] rows, int labelColumns) {
        int cols = rows[0].length;
        if (cols < labelColumns + 1) {
            throw UserError.inFile(file, "has " + cols + (cols == 1 ? " column" : " columns") + ", but "
                    + labelColumns + (labelColumns == 1 ? " label column" : " label columns")
                    + " and at least 1 feature column are needed");
        }
        double[][] labels = new double[rows.length][];
        double[][] features = new double[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            labels[r] = Arrays.copyOfRange(rows[r], 0, labelColumns);
            features[r] = Arrays.copyOfRange(rows[r], labelColumns, cols);
        }
        return new DataSet(labelColumns, labels, features);
    }
}
