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

/** Reading hand-crafted .npy files: every dtype, byte order, format version and header spelling. */
class NpyReadTest {
    @TempDir
    Path dir;

    private NpyArray read(byte[] bytes) {
        return Npy.read(NpyBytes.write(dir.resolve("a.npy"), bytes));
    }

    /** descr, shape, raw data bytes, the values they encode (worked out by hand from the bit patterns). */
    static Stream<Arguments> dtypes() {
        return Stream.of(
                // IEEE binary32: 1.5 = 0x3FC00000, -2 = 0xC0000000, 0.25 = 0x3E800000
                Arguments.of("<f4", "(3,)", "0000c03f 000000c0 0000803e", new double[] {1.5, -2, 0.25}),
                Arguments.of(">f4", "(3,)", "3fc00000 c0000000 3e800000", new double[] {1.5, -2, 0.25}),
                // binary64: 1 = 0x3FF0..., -0.5 = 0xBFE0..., 3 = 0x4008...
                Arguments.of("<f8", "(3,)", "000000000000f03f 000000000000e0bf 0000000000000840", new double[] {1, -0.5, 3}),
                Arguments.of(">f8", "(3,)", "3ff0000000000000 bfe0000000000000 4008000000000000", new double[] {1, -0.5, 3}),
                Arguments.of("=f8", "(1,)", "0000000000000840", new double[] {3}),
                // binary16: 1 = 0x3C00, -2 = 0xC000
                Arguments.of("<f2", "(2,)", "003c 00c0", new double[] {1, -2}),
                Arguments.of("|i1", "(3,)", "7f ff 80", new double[] {127, -1, -128}),
                Arguments.of("<i2", "(2,)", "0201 feff", new double[] {258, -2}),
                Arguments.of(">i2", "(2,)", "0102 fffe", new double[] {258, -2}),
                Arguments.of("<i4", "(2,)", "00000100 ffffffff", new double[] {65536, -1}),
                Arguments.of(">i4", "(2,)", "00010000 ffffffff", new double[] {65536, -1}),
                Arguments.of("<i8", "(2,)", "0001000000000000 0000000000000080", new double[] {256, -9223372036854775808.0}),
                Arguments.of(">i8", "(2,)", "0000000000000100 8000000000000000", new double[] {256, -9223372036854775808.0}),
                Arguments.of("|u1", "(2,)", "ff 07", new double[] {255, 7}),
                Arguments.of("<u2", "(2,)", "ffff 0001", new double[] {65535, 256}),
                Arguments.of(">u2", "(2,)", "ffff 0001", new double[] {65535, 1}),
                Arguments.of("<u4", "(1,)", "ffffffff", new double[] {4294967295.0}),
                Arguments.of(">u4", "(1,)", "80000000", new double[] {2147483648.0}),
                // 2^64 - 1 rounds to 2^64; 2^63 + 1 rounds to 2^63
                Arguments.of("<u8", "(2,)", "ffffffffffffffff 0100000000000080", new double[] {18446744073709551616.0, 9223372036854775808.0}),
                Arguments.of(">u8", "(1,)", "0000000000000005", new double[] {5}),
                Arguments.of("|b1", "(3,)", "00 01 02", new double[] {0, 1, 1}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dtypes")
    void readsEveryDtype(String descr, String shape, String hexData, double[] expected) {
        NpyArray a = read(NpyBytes.v1(dict(descr, shape), hex(hexData)));
        assertArrayEquals(new int[] {expected.length}, a.shape());
        assertArrayEquals(expected, a.data());
    }

    @ParameterizedTest(name = "version {0}.0")
    @ValueSource(ints = {1, 2, 3})
    void readsEveryFormatVersion(int major) {
        byte[] data = hex("01000000 02000000 03000000 04000000 05000000 06000000");
        NpyArray a = read(NpyBytes.file(major, dict("<i4", "(2, 3)"), data));
        assertEquals(new NpyArray(new int[] {2, 3}, new double[] {1, 2, 3, 4, 5, 6}), a);
    }

    @Test
    void version2HeaderLengthIsFourBytes() {
        // a 70000-byte header only fits the u32 length field of version 2.0
        String d = dict("<i2", "(1,)").strip();
        String header = d + " ".repeat(70000 - d.length() - 1) + "\n";
        NpyArray a = read(NpyBytes.file(2, header, hex("0700")));
        assertArrayEquals(new double[] {7}, a.data());
    }

    @Test
    void version3HeaderIsUtf8() {
        // 'é' is two bytes in UTF-8; decoding as latin-1 would show 'Ã©'
        byte[] v3 = NpyBytes.file(3, "{'descr': '<i2', 'clé': 1}", new byte[0]);
        Expect.userError(dir.resolve("a.npy") + ": error: malformed .npy header: unexpected key 'clé' at offset 23"
                + " of {'descr': '<i2', 'clé': 1}", () -> read(v3));
    }

    @Test
    void fortranOrderIsReorderedToCOrder() {
        // the 2x3 matrix [[1, 2, 3], [4, 5, 6]] stored column by column: 1 4 2 5 3 6 (int16)
        String header = "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }";
        NpyArray a = read(NpyBytes.v1(header, hex("010004000200050003000600")));
        assertArrayEquals(new int[] {2, 3}, a.shape());
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, a.data());
    }

    @Test
    void scalarShape() {
        NpyArray a = read(NpyBytes.v1(dict("<f8", "()"), hex("000000000000f03f")));
        assertArrayEquals(new int[0], a.shape());
        assertEquals(1, a.size());
        assertArrayEquals(new double[] {1}, a.data());
    }

    @Test
    void emptyArray() {
        NpyArray a = read(NpyBytes.v1(dict("<f8", "(0, 5)"), new byte[0]));
        assertArrayEquals(new int[] {0, 5}, a.shape());
        assertEquals(0, a.size());
    }

    @Test
    void dataIsInCOrder() {
        // shape (2, 2, 2): element [i][j][k] holds 100i + 10j + k
        byte[] data = hex("0000 0100 0a00 0b00 6400 6500 6e00 6f00");
        NpyArray a = read(NpyBytes.v1(dict("<i2", "(2, 2, 2)"), data));
        assertArrayEquals(new double[] {0, 1, 10, 11, 100, 101, 110, 111}, a.data());
    }

    static Stream<String> headerSpellings() {
        return Stream.of(
                "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 1), }",
                "{'descr':'<i2','fortran_order':False,'shape':(2,1)}",
                "{\"descr\": \"<i2\", \"fortran_order\": False, \"shape\": (2, 1,)}",
                "  {\n 'shape' : ( 2 , 1 , ) ,\t'fortran_order' : False , 'descr' : '<i2' ,\n }  \n",
                "{'descr': '<i2', 'fortran_order': False, 'shape': (2L, 1L), }",
                "{'descr': '<i2', 'fortran_order': False, 'shape': [2, 1]}");
    }

    @ParameterizedTest
    @MethodSource("headerSpellings")
    void headerParserIsTolerant(String header) {
        NpyArray a = read(NpyBytes.v1(header, hex("0900 f6ff")));
        assertEquals(new NpyArray(new int[] {2, 1}, new double[] {9, -10}), a);
    }

    @Test
    void parenthesisedIntegerShapeIsRankOne() {
        NpyArray a = read(NpyBytes.v1("{'descr': '<i2', 'fortran_order': False, 'shape': (2)}", hex("0900 f6ff")));
        assertArrayEquals(new int[] {2}, a.shape());
    }
}
