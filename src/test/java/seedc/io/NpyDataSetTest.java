package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static seedc.io.NpyBytes.dict;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A .npy data set read in blocks of rows (NpyDataSet) holds the values the file holds: files built byte by byte here,
 * larger than a block (1 MB), in several dtypes and both byte orders, against the values they were built from.
 */
class NpyDataSetTest {
    @TempDir
    Path dir;

    /** A (rows, cols) file of {@code descr} whose element k is {@code values[k]}, the data written here. */
    private Path file(String descr, int rows, int cols, double[] values) {
        char kind = descr.charAt(1);
        int size = descr.charAt(2) - '0';
        ByteBuffer b = ByteBuffer.allocate(values.length * size)
                .order(descr.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        for (double v : values) {
            switch (kind * 16 + size) {
                case 'f' * 16 + 4 -> b.putFloat((float) v);
                case 'f' * 16 + 8 -> b.putDouble(v);
                case 'i' * 16 + 2 -> b.putShort((short) v);
                case 'u' * 16 + 1 -> b.put((byte) v);
                default -> throw new IllegalArgumentException(descr);
            }
        }
        return NpyBytes.write(dir.resolve("d.npy"), NpyBytes.v1(dict(descr, "(" + rows + ", " + cols + ")"), b.array()));
    }

    /** Values each dtype holds exactly: small integers for the integer types, floats for f4. */
    private static double[] values(String descr, int n) {
        Random random = new Random(42);
        double[] v = new double[n];
        for (int k = 0; k < n; k++) {
            v[k] = switch (descr.substring(1)) {
                case "f4" -> (float) (random.nextGaussian() * 100);
                case "f8" -> random.nextGaussian() * 1e6;
                case "i2" -> random.nextInt(65536) - 32768;
                default -> random.nextInt(256);
            };
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(strings = {"<f4", ">f8", "<f8", "<i2", "|u1"})
    void rowsAcrossBlocksHoldTheFilesValues(String descr) {
        int rows = 300, cols = 1001; // 2.4 MB of <f8: three blocks, the last one short
        double[] v = values(descr, rows * cols);
        DataSet d = DataSets.load(file(descr, rows, cols, v), 2);
        assertEquals(rows, d.size());
        assertEquals(cols - 2, d.featureCount());
        for (int r = 0; r < rows; r++) {
            assertArrayEquals(new double[] {v[r * cols], v[r * cols + 1]}, d.labels()[r], "labels of row " + r);
            for (int c = 2; c < cols; c++) {
                assertEquals(v[r * cols + c], d.features()[r][c - 2], "row " + r + ", column " + c);
            }
        }
    }

    @Test
    void fortranOrderedDataSet() {
        // the 3 x 2 array [[1, 10], [2, 20], [3, 30]] stored column after column: 1 2 3 10 20 30
        ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        for (double x : new double[] {1, 2, 3, 10, 20, 30}) b.putDouble(x);
        Path f = NpyBytes.write(dir.resolve("f.npy"), NpyBytes.v1(
                "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 2), }\n", b.array()));
        DataSet d = DataSets.load(f, 1);
        assertArrayEquals(new double[][] {{1}, {2}, {3}}, d.labels());
        assertArrayEquals(new double[][] {{10}, {20}, {30}}, d.features());
    }

    @Test
    void nonFiniteValueInALaterBlockIsNamedByItsIndex() {
        int rows = 200, cols = 1001;
        double[] v = values("<f8", rows * cols);
        v[150 * cols + 7] = Double.NEGATIVE_INFINITY;
        Path f = file("<f8", rows, cols, v);
        Expect.userError(f + ": error: contains -infinity at index [150, 7]", () -> DataSets.load(f, 1));
    }

    @Test
    void estimatedBytesOfALoadedDataSet() {
        // per row: two arrays (16-byte headers) and their two references (4 bytes each), 8 bytes a value; the two
        // arrays of rows: headers and a reference a row each. 1000 x 10: 1000 * (40 + 80) + 2 * (16 + 4000)
        assertEquals(128_032L, NpyDataSet.bytes(1000, 10));
    }
}
