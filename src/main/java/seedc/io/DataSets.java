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
        return load(file, labelColumns, 0, "");
    }

    /**
     * The same for a program whose input takes {@code features} values ({@code input} names it in messages): a CSV or
     * TSV row of another width is refused at its line (0: any width, as the first data row's).
     */
    public static DataSet load(Path file, int labelColumns, int features, String input) {
        int expected = features > 0 ? labelColumns + features : 0;
        String why = labelColumns + (labelColumns == 1 ? " label column and " : " label columns and ") + features
                + (features == 1 ? " feature" : " features") + " (" + input + ")";
        if (labelColumns < 1) throw UserError.inFile(file, "the number of label columns must be at least 1, got " + labelColumns);
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        double[][] rows;
        if (name.endsWith(".npy")) return NpyDataSet.read(file, labelColumns);
        else if (name.endsWith(".csv")) rows = DelimitedText.read(file, ',', expected, why);
        else if (name.endsWith(".tsv")) rows = DelimitedText.read(file, '\t', expected, why);
        else throw UserError.inFile(file, "unknown data set format; expected a .npy, .csv or .tsv file");
        return split(file, rows, labelColumns);
    }

    /** A data set's rows must hold its label columns and at least one feature. */
    static void checkColumns(Path file, int cols, int labelColumns) {
        if (cols < labelColumns + 1) {
            throw UserError.inFile(file, "has " + cols + (cols == 1 ? " column" : " columns") + ", but "
                    + labelColumns + (labelColumns == 1 ? " label column" : " label columns")
                    + " and at least 1 feature column are needed");
        }
    }

    static String nonFinite(double d) {
        return Double.isNaN(d) ? "NaN" : d > 0 ? "infinity" : "-infinity";
    }

    private static DataSet split(Path file, double[][] rows, int labelColumns) {
        int cols = rows[0].length;
        checkColumns(file, cols, labelColumns);
        double[][] labels = new double[rows.length][];
        double[][] features = new double[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            labels[r] = Arrays.copyOfRange(rows[r], 0, labelColumns);
            features[r] = Arrays.copyOfRange(rows[r], labelColumns, cols);
        }
        return new DataSet(labelColumns, labels, features);
    }
}
