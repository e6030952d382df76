package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static seedc.io.NpyBytes.hex;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writing .npy files, and reading back what was written. */
class NpyWriteTest {
    @TempDir
    Path dir;

    static Stream<int[]> shapes() {
        return Stream.of(new int[0], new int[] {0}, new int[] {1}, new int[] {5}, new int[] {3, 4},
                new int[] {7, 10, 16}, new int[] {2, 1, 3, 1}, new int[] {0, 3});
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void roundTripsDoubles(int[] shape) {
        Random random = new Random(Arrays.hashCode(shape));
        double[] data = new double[(int) Shapes.elementCount(shape)];
        for (int i = 0; i < data.length; i++) data[i] = random.nextGaussian() * Math.pow(10, random.nextInt(20) - 10);
        Path f = dir.resolve("x.npy");
        Npy.write(f, new NpyArray(shape, data));
        assertEquals(new NpyArray(shape, data), Npy.read(f));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void roundTripsLongs(int[] shape) {
        long[] data = new long[(int) Shapes.elementCount(shape)];
        for (int i = 0; i < data.length; i++) data[i] = (i % 2 == 0 ? -1L : 1L) * (1L << (i % 53));
        Path f = dir.resolve("x.npy");
        Npy.writeInts(f, shape, data);
        NpyArray a = Npy.read(f);
        assertArrayEquals(shape, a.shape());
        assertArrayEquals(Arrays.stream(data).asDoubleStream().toArray(), a.data());
    }

    @Test
    void specialValuesSurvive() {
        double[] data = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE, Double.MAX_VALUE};
        Path f = dir.resolve("x.npy");
        Npy.write(f, new NpyArray(new int[] {6}, data));
        assertArrayEquals(data, Npy.read(f).data());
    }

    @Test
    void writesExactlyWhatNumpyWrites() throws IOException {
        // np.save of np.array([[1.0, -2.0]]) in numpy >= 1.17: a 118-byte header padded to 128 bytes in all
        Path f = dir.resolve("x.npy");
        Npy.write(f, new NpyArray(new int[] {1, 2}, new double[] {1, -2}));
        byte[] bytes = Files.readAllBytes(f);
        String header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }";
        header += " ".repeat(128 - 10 - header.length() - 1) + "\n";
        byte[] expected = NpyBytes.v1(header, hex("000000000000f03f 00000000000000c0"));
        assertArrayEquals(expected, bytes);
        assertEquals(118, bytes[8]);
    }

    @Test
    void rankOneHeaderUsesPythonTupleSyntax() throws IOException {
        Path f = dir.resolve("x.npy");
        Npy.writeInts(f, new int[] {3}, new long[] {1, 2, 3});
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        assertEquals(true, text.contains("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }"));
        assertEquals(0, (text.indexOf('\n') + 1) % 64, "data is 64-byte aligned");
    }

    @Test
    void writingIntoAMissingDirectoryIsAUserError() {
        Path f = dir.resolve("no/such/x.npy");
        Expect.userError(f + ": error: cannot write: no such directory",
                () -> Npy.write(f, new NpyArray(new int[] {1}, new double[] {1})));
    }

    @Test
    void shapeAndDataMustAgree() {
        assertThrows(IllegalArgumentException.class, () -> new NpyArray(new int[] {2, 2}, new double[3]));
        assertThrows(IllegalArgumentException.class, () -> Npy.writeInts(dir.resolve("x.npy"), new int[] {2}, new long[3]));
    }

    @Test
    void npyArrayValueSemantics() {
        NpyArray a = new NpyArray(new int[] {2}, new double[] {1, 2});
        assertEquals(a, new NpyArray(new int[] {2}, new double[] {1, 2}));
        assertEquals(a.hashCode(), new NpyArray(new int[] {2}, new double[] {1, 2}).hashCode());
        assertEquals(false, a.equals(new NpyArray(new int[] {2, 1}, new double[] {1, 2})));
        assertEquals("NpyArray(2)[1.0, 2.0]", a.toString());
        assertEquals(2, a.size());
        assertEquals(1, a.rank());
    }
}
