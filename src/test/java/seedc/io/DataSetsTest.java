package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static seedc.io.NpyBytes.dict;
import static seedc.io.NpyBytes.hex;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Loading data sets from .npy, .csv and .tsv, and the messages for malformed ones. */
class DataSetsTest {
    @TempDir
    Path dir;

    private Path text(String name, String content) {
        return NpyBytes.writeText(dir.resolve(name), content);
    }

    private static void assertRows(double[][] expected, double[][] actual) {
        assertEquals(expected.length, actual.length, "rows");
        for (int r = 0; r < expected.length; r++) assertArrayEquals(expected[r], actual[r], "row " + r);
    }

    // ---- happy paths ----

    @Test
    void csvWithOneLabelColumn() {
        DataSet d = DataSets.load(text("train.csv", "1,0.5,-2\n0,3e-2,4.\n"), 1);
        assertEquals(2, d.size());
        assertEquals(2, d.featureCount());
        assertEquals(1, d.labelColumns());
        assertRows(new double[][] {{1}, {0}}, d.labels());
        assertRows(new double[][] {{0.5, -2}, {0.03, 4}}, d.features());
    }

    @Test
    void tsvWithSeveralLabelColumns() {
        DataSet d = DataSets.load(text("t.tsv", "1\t0\t7\t8\t9\n0\t1\t-7\t-8\t-9\n"), 2);
        assertEquals(2, d.size());
        assertEquals(3, d.featureCount());
        assertRows(new double[][] {{1, 0}, {0, 1}}, d.labels());
        assertRows(new double[][] {{7, 8, 9}, {-7, -8, -9}}, d.features());
    }

    @Test
    void headerRowBlankLinesCrlfBomSpacesAndQuotes() {
        String csv = "\uFEFFlabel, \"f1\" ,f2\r\n\r\n  1 , 2 ,\"3\"\r\n   \r\n+4,.5,-6E1\r\n\r\n";
        DataSet d = DataSets.load(text("h.CSV", csv), 1);
        assertRows(new double[][] {{1}, {4}}, d.labels());
        assertRows(new double[][] {{2, 3}, {0.5, -60}}, d.features());
    }

    @Test
    void lastLineWithoutNewline() {
        DataSet d = DataSets.load(text("a.csv", "1,2\n3,4"), 1);
        assertRows(new double[][] {{2}, {4}}, d.features());
    }

    @Test
    void npyDataSet() {
        Path f = NpyBytes.write(dir.resolve("train.npy"),
                NpyBytes.v1(dict("<f4", "(2, 3)"), hex("0000803f 00000040 00004040 00000000 0000c03f 000000c0")));
        DataSet d = DataSets.load(f, 1);
        assertRows(new double[][] {{1}, {0}}, d.labels());
        assertRows(new double[][] {{2, 3}, {1.5, -2}}, d.features());
    }

    @Test
    void npyIntegerDataSetWithTwoLabels() {
        Path f = dir.resolve("d.npy");
        Npy.writeInts(f, new int[] {1, 4}, new long[] {3, 4, 5, 6});
        DataSet d = DataSets.load(f, 2);
        assertRows(new double[][] {{3, 4}}, d.labels());
        assertRows(new double[][] {{5, 6}}, d.features());
    }

    @Test
    void largeCsv() {
        StringBuilder sb = new StringBuilder("y");
        for (int c = 0; c < 64; c++) sb.append(",x").append(c);
        sb.append('\n');
        for (int r = 0; r < 1000; r++) {
            sb.append(r % 10);
            for (int c = 0; c < 64; c++) sb.append(',').append(r * 0.5 + c);
            sb.append('\n');
        }
        DataSet d = DataSets.load(text("big.csv", sb.toString()), 1);
        assertEquals(1000, d.size());
        assertEquals(64, d.featureCount());
        assertEquals(999 * 0.5 + 63, d.features()[999][63]);
        assertEquals(9, d.labels()[999][0]);
    }

    // ---- errors ----

    static Stream<Arguments> badCsv() {
        return Stream.of(
                Arguments.of("1,2,3\n4,5\n", ":2: error: row has 2 columns, expected 3"),
                Arguments.of("1,2,3\n\n4,5,6,7\n", ":3: error: row has 4 columns, expected 3"),
                Arguments.of("1,2\n4\n", ":2: error: row has 1 column, expected 2"),
                Arguments.of("a,b\n1,2,3\n", ":1: error: header row has 2 columns, but the first data row (line 2) has 3"),
                Arguments.of("1,2,3\n4,abc,6\n", ":2:3: error: 'abc' in field 2 is not a number"),
                Arguments.of("1, 2,  x7\n", ":1:8: error: 'x7' in field 3 is not a number"),
                Arguments.of("label,f1\n1,2\n3,f1\n", ":3:3: error: 'f1' in field 2 is not a number"),
                // a first row with some numbers is data, so its bad cell is reported rather than skipped as a header
                Arguments.of("label,1.0\n2,3\n", ":1:1: error: 'label' in field 1 is not a number"),
                Arguments.of("1,2,\n", ":1:5: error: field 3 is empty"),
                Arguments.of("1,,3\n", ":1:3: error: field 2 is empty"),
                Arguments.of("1,nan\n", ":1:3: error: 'nan' in field 2: NaN is not allowed in a data set"),
                Arguments.of("1,NaN\n", ":1:3: error: 'NaN' in field 2: NaN is not allowed in a data set"),
                Arguments.of("1,-inf\n", ":1:3: error: '-inf' in field 2: infinity is not allowed in a data set"),
                Arguments.of("1,Infinity\n", ":1:3: error: 'Infinity' in field 2: infinity is not allowed in a data set"),
                Arguments.of("1,1e999\n", ":1:3: error: '1e999' in field 2 is out of range"),
                Arguments.of("1,1f\n", ":1:3: error: '1f' in field 2 is not a number"),
                Arguments.of("1,0x10\n", ":1:3: error: '0x10' in field 2 is not a number"),
                Arguments.of("1,1e\n", ":1:3: error: '1e' in field 2 is not a number"),
                Arguments.of("1,.\n", ":1:3: error: '.' in field 2 is not a number"),
                Arguments.of("1,1.2.3\n", ":1:3: error: '1.2.3' in field 2 is not a number"),
                Arguments.of("1,\u0001\u007f\n", ":1:3: error: '\\x01\\x7f' in field 2 is not a number"),
                Arguments.of("", ": error: empty data set (no data rows)"),
                Arguments.of("\n  \n\r\n", ": error: empty data set (no data rows)"),
                Arguments.of("1\n2\n", ": error: has 1 column, but 1 label column and at least 1 feature column are needed"));
    }

    @ParameterizedTest
    @MethodSource("badCsv")
    void badCsv(String content, String message) {
        Path f = text("d.csv", content);
        Expect.userError(f + message, () -> DataSets.load(f, 1));
    }

    @Test
    void raggedTsv() {
        Path f = text("d.tsv", "0\t1\t2\n\n\n1\t2\t3\t4\t5\t6\t7\n");
        Expect.userError(f + ":4: error: row has 7 columns, expected 3", () -> DataSets.load(f, 1));
    }

    @Test
    void tsvCharacterColumnCountsTabsAsOneCharacter() {
        Path f = text("d.tsv", "0\t1\n1\t\tz\n");
        Expect.userError(f + ":2: error: row has 3 columns, expected 2", () -> DataSets.load(f, 1));
        Path g = text("e.tsv", "0\t1\n1\tzz\n");
        Expect.userError(g + ":2:3: error: 'zz' in field 2 is not a number", () -> DataSets.load(g, 1));
    }

    @Test
    void longCellIsShortened() {
        String cell = "q".repeat(100);
        Path f = text("d.csv", "1," + cell + "\n");
        Expect.userError(f + ":1:3: error: '" + "q".repeat(40) + "...' in field 2 is not a number", () -> DataSets.load(f, 1));
    }

    @Test
    void binaryGarbageCsv() {
        Path f = NpyBytes.write(dir.resolve("g.csv"), hex("0a 1f8b0800 00000000 00ff"));
        Expect.userError(f + ":2: error: contains a NUL byte; this is not a text file", () -> DataSets.load(f, 1));
    }

    @Test
    void onlyAHeaderRow() {
        Path f = text("d.csv", "\nlabel,f1,f2\n\n");
        Expect.userError(f + ": error: no data rows; line 2 was taken as a header because none of its fields is a number",
                () -> DataSets.load(f, 1));
    }

    @Test
    void wrongSeparatorGetsAHint() {
        Path f = text("d.csv", "1;2;3\n4;5;6\n");
        Expect.userError(f + ":2:1: error: '4;5;6' in field 1 is not a number; the fields of a .csv file must be separated by ','",
                () -> DataSets.load(f, 1));
        Path g = text("d.tsv", "y,x1,x2\n");
        Expect.userError(g + ": error: no data rows; line 1 was taken as a header because none of its fields is a number"
                + "; the fields of a .tsv file must be separated by tabs", () -> DataSets.load(g, 1));
    }

    @Test
    void tooFewColumnsForTheLabels() {
        Path f = text("d.csv", "1,2,3\n");
        Expect.userError(f + ": error: has 3 columns, but 3 label columns and at least 1 feature column are needed",
                () -> DataSets.load(f, 3));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void labelColumnsMustBePositive(int labels) {
        Path f = text("d.csv", "1,2,3\n");
        Expect.userError(f + ": error: the number of label columns must be at least 1, got " + labels,
                () -> DataSets.load(f, labels));
    }

    @Test
    void unknownExtension() {
        Path f = text("d.txt", "1,2\n");
        Expect.userError(f + ": error: unknown data set format; expected a .npy, .csv or .tsv file", () -> DataSets.load(f, 1));
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("none.csv");
        Expect.userError(f + ": error: no such file", () -> DataSets.load(f, 1));
    }

    static Stream<Arguments> badNpy() {
        return Stream.of(
                Arguments.of(dict("<f8", "(3,)"), hex("00".repeat(24)),
                        "a data set must be a 2-D array (examples x columns), found shape (3)"),
                Arguments.of(dict("<f8", "(1, 1, 2)"), hex("00".repeat(16)),
                        "a data set must be a 2-D array (examples x columns), found shape (1, 1, 2)"),
                Arguments.of(dict("<f8", "()"), hex("00".repeat(8)),
                        "a data set must be a 2-D array (examples x columns), found shape ()"),
                Arguments.of(dict("<f8", "(0, 3)"), new byte[0], "no data rows (shape (0, 3))"),
                Arguments.of(dict("<f8", "(2, 1)"), hex("00".repeat(16)),
                        "has 1 column, but 1 label column and at least 1 feature column are needed"),
                // NaN = 0x7FF8000000000000, -inf = 0xFFF0000000000000
                Arguments.of(dict(">f8", "(2, 2)"), hex("00".repeat(24) + "7ff8000000000000"), "contains NaN at index [1, 1]"),
                Arguments.of(dict("<f8", "(2, 2)"), hex("00".repeat(8) + "000000000000f0ff" + "00".repeat(16)),
                        "contains -infinity at index [0, 1]"),
                Arguments.of(dict("<f4", "(2, 2)"), hex("00".repeat(3)), "truncated: expected 16 bytes of data, found 3"));
    }

    @ParameterizedTest
    @MethodSource("badNpy")
    void badNpy(String header, byte[] data, String message) {
        Path f = NpyBytes.write(dir.resolve("d.npy"), NpyBytes.v1(header, data));
        Expect.userError(f + ": error: " + message, () -> DataSets.load(f, 1));
    }
}
