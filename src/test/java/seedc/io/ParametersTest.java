package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Loading model parameters and checking their stored shape against the declared one. */
class ParametersTest {
    @TempDir
    Path root;

    private Path model() throws Exception {
        return Files.createDirectories(root.resolve("model"));
    }

    /** Saves {@code name} with the given stored shape and data 0, 1, 2, ... */
    private Path save(String name, int... shape) throws Exception {
        double[] data = new double[(int) Shapes.elementCount(shape)];
        for (int i = 0; i < data.length; i++) data[i] = i;
        Path f = model().resolve(name + ".npy");
        Npy.write(f, new NpyArray(shape, data));
        return f;
    }

    private static double[] iota(int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) d[i] = i;
        return d;
    }

    private static int[] s(int... dims) {
        return dims;
    }

    /** stored shape, declared shape: all accepted, the data coming back unchanged in C order. */
    static Stream<Arguments> accepted() {
        return Stream.of(
                Arguments.of(s(16, 64), s(16, 64)),
                Arguments.of(s(7), s(7)),
                Arguments.of(s(), s()),
                Arguments.of(s(7, 10, 16), s(7, 10, 16)),
                Arguments.of(s(7, 160), s(7, 10, 16)), // EdgeML: (a, b*c)
                Arguments.of(s(2, 60), s(2, 3, 4, 5)), // EdgeML: (a, b*c*d)
                Arguments.of(s(40, 16), s(40, 16, 1)),
                Arguments.of(s(10, 1), s(10)),
                Arguments.of(s(1, 10), s(10)),
                Arguments.of(s(10), s(10, 1)),
                Arguments.of(s(10), s(1, 10)),
                Arguments.of(s(1, 10), s(10, 1)),
                Arguments.of(s(1), s()),
                Arguments.of(s(1, 1), s(1)),
                Arguments.of(s(1, 16, 64), s(16, 64)));
    }

    @ParameterizedTest(name = "stored {0} as declared {1}")
    @MethodSource("accepted")
    void accepted(int[] stored, int[] declared) throws Exception {
        save("W", stored);
        double[] d = Parameters.load(model(), "W", declared);
        assertArrayEquals(iota((int) Shapes.elementCount(declared)), d);
    }

    /** stored shape, declared shape, message detail. */
    static Stream<Arguments> rejected() {
        return Stream.of(
                Arguments.of(s(16, 63), s(16, 64), "shape (16, 63) does not match the declared shape (16, 64)"),
                Arguments.of(s(64, 16), s(16, 64), "shape (64, 16) does not match the declared shape (16, 64) (the matrix looks transposed)"),
                Arguments.of(s(70, 16), s(7, 10, 16), "shape (70, 16) does not match the declared shape (7, 10, 16)"),
                Arguments.of(s(160, 7), s(7, 10, 16), "shape (160, 7) does not match the declared shape (7, 10, 16)"),
                Arguments.of(s(7, 10, 16), s(7, 160), "shape (7, 10, 16) does not match the declared shape (7, 160)"),
                Arguments.of(s(1120), s(7, 10, 16), "shape (1120) does not match the declared shape (7, 10, 16)"),
                Arguments.of(s(7, 16, 10), s(7, 10, 16), "shape (7, 16, 10) does not match the declared shape (7, 10, 16)"),
                Arguments.of(s(2, 5), s(10), "shape (2, 5) does not match the declared shape (10)"),
                Arguments.of(s(10), s(2, 5), "shape (10) does not match the declared shape (2, 5)"),
                Arguments.of(s(11), s(10), "shape (11) does not match the declared shape (10)"),
                Arguments.of(s(2), s(), "shape (2) does not match the declared shape ()"),
                Arguments.of(s(), s(2), "shape () does not match the declared shape (2)"),
                Arguments.of(s(0, 5), s(0, 3, 4), "shape (0, 5) does not match the declared shape (0, 3, 4)"));
    }

    @ParameterizedTest(name = "stored {0} as declared {1}")
    @MethodSource("rejected")
    void rejected(int[] stored, int[] declared, String message) throws Exception {
        Path f = save("W", stored);
        Expect.userError(f + ": error: " + message, () -> Parameters.load(model(), "W", declared));
    }

    @Test
    void messagesNameTheFileAsTheUserGaveIt() throws Exception {
        save("W", 16, 63);
        Path relative = Path.of("").toAbsolutePath().relativize(model());
        Expect.userError(relative.resolve("W.npy") + ": error: shape (16, 63) does not match the declared shape (16, 64)",
                () -> Parameters.load(relative, "W", s(16, 64)));
    }

    @Test
    void edgeMlLayoutKeepsElementOrder() throws Exception {
        // declared (2, 2, 3): element [i][j][k] = 100i + 10j + k, stored as (2, 6) in the same C order
        double[] data = {0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112};
        Npy.write(model().resolve("U.npy"), new NpyArray(s(2, 6), data));
        assertArrayEquals(data, Parameters.load(model(), "U", s(2, 2, 3)));
    }

    @Test
    void integerParameters() throws Exception {
        Npy.writeInts(model().resolve("idx.npy"), s(3), new long[] {4, -5, 6});
        assertArrayEquals(new double[] {4, -5, 6}, Parameters.load(model(), "idx", s(3)));
    }

    @Test
    void nan() throws Exception {
        double[] data = iota(16 * 64);
        data[3 * 64 + 7] = Double.NaN;
        Path f = model().resolve("W.npy");
        Npy.write(f, new NpyArray(s(16, 64), data));
        Expect.userError(f + ": error: contains NaN at index [3, 7]", () -> Parameters.load(model(), "W", s(16, 64)));
    }

    @Test
    void infinityIsReportedInTheFilesOwnShape() throws Exception {
        double[] data = iota(7 * 160);
        data[2 * 160 + 33] = Double.POSITIVE_INFINITY;
        data[5] = Double.NEGATIVE_INFINITY;
        Path f = model().resolve("W.npy");
        Npy.write(f, new NpyArray(s(7, 160), data));
        Expect.userError(f + ": error: contains -infinity at index [0, 5]", () -> Parameters.load(model(), "W", s(7, 10, 16)));
        data[5] = 0;
        Npy.write(f, new NpyArray(s(7, 160), data));
        Expect.userError(f + ": error: contains infinity at index [2, 33]", () -> Parameters.load(model(), "W", s(7, 10, 16)));
    }

    @Test
    void nanInAScalar() throws Exception {
        Path f = model().resolve("b.npy");
        Npy.write(f, new NpyArray(s(), new double[] {Double.NaN}));
        Expect.userError(f + ": error: contains NaN at index []", () -> Parameters.load(model(), "b", s()));
    }

    @Test
    void shapeIsCheckedBeforeValues() throws Exception {
        Path f = model().resolve("W.npy");
        Npy.write(f, new NpyArray(s(2), new double[] {Double.NaN, 1}));
        Expect.userError(f + ": error: shape (2) does not match the declared shape (3)", () -> Parameters.load(model(), "W", s(3)));
    }

    @Test
    void missingParameter() throws Exception {
        Path f = model().resolve("W.npy");
        Expect.userError(f + ": error: missing parameter file for 'W' (declared (16, 64))",
                () -> Parameters.load(model(), "W", s(16, 64)));
    }

    @Test
    void missingParameterWithCaseHint() throws Exception {
        save("w", 3);
        if (Files.exists(model().resolve("W.npy"))) return; // case-insensitive file system: nothing to hint
        Expect.userError(model().resolve("W.npy") + ": error: missing parameter file for 'W' (declared (3)); found 'w.npy', but names are case-sensitive",
                () -> Parameters.load(model(), "W", s(3)));
    }

    @Test
    void missingModelDirectory() {
        Path dir = root.resolve("nomodel");
        Expect.userError(dir + ": error: model directory does not exist", () -> Parameters.load(dir, "W", s(1)));
    }

    @Test
    void modelDirectoryIsAFile() throws Exception {
        Path file = Files.writeString(root.resolve("model.txt"), "x");
        Expect.userError(file + ": error: is not a directory (expected the model directory holding the .npy parameter files)",
                () -> Parameters.load(file, "W", s(1)));
    }

    @Test
    void corruptParameterFile() throws Exception {
        Path f = NpyBytes.write(model().resolve("W.npy"), "garbage".getBytes());
        Expect.userError(f + ": error: not a .npy file", () -> Parameters.load(model(), "W", s(1)));
    }

    @Test
    void fitsIsAPureReshapeCheck() {
        assertEquals(true, Parameters.fits(s(7, 160), s(7, 10, 16)));
        assertEquals(false, Parameters.fits(s(7, 160), s(7, 16)));
        assertEquals(false, Parameters.fits(s(5, 2), s(2, 5)));
    }
}
