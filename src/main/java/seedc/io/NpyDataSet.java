package seedc.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import seedc.diag.HeapNeed;
import seedc.diag.UserError;

/**
 * A data set read from a 2-D .npy file in blocks of rows, each row decoded straight into its labels and features.
 * Reading the whole array first held the file's bytes, their doubles and two copies of the rows at once: about
 * four times the data set's own size (issue 42, a 256 MB float32 training set needed 1.5 GB to load). Now the
 * heap holds the data set and one block of at most {@link #BLOCK} bytes. Before anything large is allocated the
 * data set's size is estimated from the header and refused with a {@link HeapNeed} message when the heap cannot
 * hold it.
 */
final class NpyDataSet {
    private NpyDataSet() {}

    /** The bytes of the file read at a time (at least one row). */
    private static final int BLOCK = 1 << 20;

    /** Java's bytes for an array's header (with its length) and for a reference to it. */
    private static final long ARRAY_HEADER = 16, REFERENCE = 4;

    static DataSet read(Path file, int labelColumns) {
        FileAccess.Source src = FileAccess.open(file);
        try (InputStream in = src.stream()) {
            Npy.Layout layout = Npy.layout(in, src.size(), file);
            long expected = layout.count() * layout.dtype().size();
            Npy.checkDataLength(layout.dataBytes(), expected, file);
            int[] shape = layout.shape();
            if (shape.length != 2) {
                throw UserError.inFile(file, "a data set must be a 2-D array (examples x columns), found shape "
                        + Shapes.format(shape));
            }
            if (shape[0] == 0) throw UserError.inFile(file, "no data rows (shape " + Shapes.format(shape) + ")");
            DataSets.checkColumns(file, shape[1], labelColumns);
            long need = bytes(shape[0], shape[1]);
            String what = "loading its " + shape[0] + " rows of " + shape[1] + " values as 8-byte doubles";
            HeapNeed.reserve(file, file + " (" + shape[0] + " rows of " + shape[1] + " values, as loaded)", what, need);
            try {
                if (layout.fortranOrder()) { // column after column (numpy writes data sets in C order): read whole
                    return rows(Npy.values(in, layout, file), shape, labelColumns, file);
                }
                DataSet d = rows(in, layout, labelColumns, file);
                if (layout.dataBytes() < 0) Npy.checkNothingAfter(in, expected, file);
                return d;
            } catch (OutOfMemoryError e) {
                throw HeapNeed.exceeded(file, what, need, HeapNeed.heapLimit());
            }
        } catch (IOException e) {
            throw FileAccess.readError(file, e);
        }
    }

    /** Estimated heap bytes of a loaded data set of {@code rows} x {@code columns}: two arrays a row, and the rows. */
    static long bytes(long rows, long columns) {
        return rows * (2 * (ARRAY_HEADER + REFERENCE) + 8 * columns) + 2 * (ARRAY_HEADER + REFERENCE * rows);
    }

    /** The rows of an array read whole, {@code values} in C order. */
    private static DataSet rows(double[] values, int[] shape, int labelColumns, Path file) {
        int n = shape[0], cols = shape[1];
        double[][] labels = new double[n][];
        double[][] features = new double[n][];
        for (int r = 0; r < n; r++) {
            double[] row = Arrays.copyOfRange(values, r * cols, (r + 1) * cols);
            checkFinite(row, r, shape, file);
            labels[r] = Arrays.copyOfRange(row, 0, labelColumns);
            features[r] = Arrays.copyOfRange(row, labelColumns, cols);
        }
        return new DataSet(labelColumns, labels, features);
    }

    /** A non-finite value of row {@code r} is an error naming its index. */
    private static void checkFinite(double[] row, int r, int[] shape, Path file) {
        for (int c = 0; c < row.length; c++) {
            if (!Double.isFinite(row[c])) {
                throw UserError.inFile(file, "contains " + DataSets.nonFinite(row[c]) + " at index "
                        + Shapes.index(shape, (long) r * row.length + c));
            }
        }
    }

    /** Reads the rows that follow the header, a block at a time; a non-finite value is an error naming its index. */
    private static DataSet rows(InputStream in, Npy.Layout layout, int labelColumns, Path file) throws IOException {
        int n = layout.shape()[0], cols = layout.shape()[1];
        int rowBytes = Math.multiplyExact(cols, layout.dtype().size());
        int rowsPerBlock = Math.max(1, BLOCK / Math.max(1, rowBytes));
        byte[] block = new byte[Math.multiplyExact(Math.min(rowsPerBlock, n), rowBytes)];
        double[][] labels = new double[n][];
        double[][] features = new double[n][];
        long expected = (long) n * rowBytes;
        for (int first = 0; first < n; first += rowsPerBlock) {
            int count = Math.min(rowsPerBlock, n - first);
            int got = in.readNBytes(block, 0, count * rowBytes);
            if (got < count * rowBytes) throw Npy.truncatedData(file, expected, (long) first * rowBytes + got);
            for (int k = 0; k < count; k++) {
                int r = first + k;
                double[] row = layout.dtype().decode(block, k * rowBytes, cols);
                checkFinite(row, r, layout.shape(), file);
                labels[r] = Arrays.copyOfRange(row, 0, labelColumns);
                features[r] = Arrays.copyOfRange(row, labelColumns, cols);
            }
        }
        return new DataSet(labelColumns, labels, features);
    }
}
