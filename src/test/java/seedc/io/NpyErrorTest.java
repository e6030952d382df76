package seedc.io;

import static org.junit.jupiter.api.Assertions.fail;
import static seedc.io.NpyBytes.dict;
import static seedc.io.NpyBytes.hex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.diag.UserError;

/** Every way a .npy file can be wrong gives a UserError with an exact message naming the file. */
class NpyErrorTest {
    @TempDir
    Path dir;

    private void expect(byte[] bytes, String message) {
        Path f = NpyBytes.write(dir.resolve("w.npy"), bytes);
        Expect.userError(f + ": error: " + message, () -> Npy.read(f));
    }

    /** A valid (2, 3) float64 file: 10 bytes preamble, 118 bytes header (padded to 64-byte alignment), 48 bytes data. */
    private byte[] valid() throws Exception {
        Path f = dir.resolve("valid.npy");
        Npy.write(f, new NpyArray(new int[] {2, 3}, new double[] {1, 2, 3, 4, 5, 6}));
        return Files.readAllBytes(f);
    }

    @Test
    void emptyFile() {
        expect(new byte[0], "empty file, expected a .npy array");
    }

    @Test
    void badMagic() {
        expect("x,y\n1,2\n".getBytes(), "not a .npy file");
        expect(hex("93 4e 55 4d 50 5a 01 00 00 00"), "not a .npy file"); // \x93NUMPZ
        expect(hex("00"), "not a .npy file");
    }

    @Test
    void npzArchiveGetsAHint() {
        expect(hex("504b0304 14000000 0800"), "not a .npy file (it looks like a .npz archive; save each array with np.save)");
    }

    @Test
    void binaryGarbage() {
        byte[] garbage = new byte[4096];
        new Random(42).nextBytes(garbage);
        garbage[0] = 0x13;
        expect(garbage, "not a .npy file");
    }

    @ParameterizedTest(name = "version {0}.{1}")
    @CsvSource({"0, 0", "1, 1", "2, 5", "4, 0", "255, 255"})
    void unsupportedVersions(int major, int minor) {
        byte[] bytes = NpyBytes.v1(dict("<f8", "(0,)"), new byte[0]);
        bytes[6] = (byte) major;
        bytes[7] = (byte) minor;
        expect(bytes, "unsupported .npy format version " + major + "." + minor + " (supported: 1.0, 2.0, 3.0)");
    }

    @ParameterizedTest(name = "cut at {0}")
    @CsvSource({
        "1, 'truncated: expected at least 10 bytes of .npy preamble, found 1'",
        "5, 'truncated: expected at least 10 bytes of .npy preamble, found 5'",
        "6, 'truncated: expected at least 10 bytes of .npy preamble, found 6'",
        "7, 'truncated: expected at least 10 bytes of .npy preamble, found 7'",
        "9, 'truncated: expected at least 10 bytes of .npy preamble, found 9'",
        "10, 'truncated: expected 118 bytes of header, found 0'",
        "40, 'truncated: expected 118 bytes of header, found 30'",
        "127, 'truncated: expected 118 bytes of header, found 117'",
        "128, 'truncated: expected 48 bytes of data, found 0'",
        "164, 'truncated: expected 48 bytes of data, found 36'",
        "175, 'truncated: expected 48 bytes of data, found 47'"})
    void truncated(int length, String message) throws Exception {
        expect(Arrays.copyOf(valid(), length), message);
    }

    @Test
    void truncatedVersion2Preamble() {
        byte[] v2 = NpyBytes.file(2, dict("<f8", "(0,)"), new byte[0]);
        expect(Arrays.copyOf(v2, 11), "truncated: expected at least 12 bytes of .npy preamble, found 11");
    }

    @Test
    void truncatedFloat32Data() {
        expect(NpyBytes.v1(dict("<f4", "(3,)"), new byte[10]), "truncated: expected 12 bytes of data, found 10");
    }

    @Test
    void trailingBytes() throws Exception {
        expect(Arrays.copyOf(valid(), 179), "expected 48 bytes of data, found 51 (the file is longer than its header says)");
    }

    @Test
    void everyTruncationIsAUserError() throws Exception {
        byte[] valid = valid();
        for (int n = 0; n < valid.length; n++) {
            Path f = NpyBytes.write(dir.resolve("cut.npy"), Arrays.copyOf(valid, n));
            try {
                Npy.read(f);
                fail("cut at " + n + " was accepted");
            } catch (UserError e) {
                if (!e.getMessage().startsWith(f + ": error: ")) fail("cut at " + n + ": " + e.getMessage());
            }
        }
    }

    @Test
    void corruptedBytesGiveOnlyUserErrors() throws Exception {
        byte[] valid = valid();
        Random random = new Random(7);
        Path f = dir.resolve("bad.npy");
        for (int trial = 0; trial < 2000; trial++) {
            byte[] bytes = valid.clone();
            for (int k = 1 + random.nextInt(3); k > 0; k--) bytes[random.nextInt(128)] = (byte) random.nextInt(256);
            NpyBytes.write(f, bytes);
            try {
                Npy.read(f);
            } catch (UserError e) {
                if (!e.getMessage().startsWith(f + ": error: ")) fail(e.getMessage());
            }
        }
    }

    private static String header(String descr, String fortran, String shape) {
        return "{'descr': " + descr + ", 'fortran_order': " + fortran + ", 'shape': " + shape + "}";
    }

    static Stream<Arguments> badHeaders() {
        String unsupported = "; supported are float16/32/64, int8..int64, uint8..uint64 and bool";
        String h;
        return Stream.of(
                Arguments.of(header("'|O'", "False", "(2,)"),
                        "object arrays (dtype '|O') are not supported; save a numeric array, e.g. with arr.astype(np.float32)"),
                Arguments.of(header("'<c16'", "False", "(2,)"), "unsupported dtype '<c16'" + unsupported),
                Arguments.of(header("'<U5'", "False", "(2,)"), "unsupported dtype '<U5'" + unsupported),
                Arguments.of(header("'|S3'", "False", "(2,)"), "unsupported dtype '|S3'" + unsupported),
                Arguments.of(header("'<M8[ns]'", "False", "(2,)"), "unsupported dtype '<M8[ns]'" + unsupported),
                Arguments.of(header("'<i3'", "False", "(2,)"), "unsupported dtype '<i3'" + unsupported),
                Arguments.of(header("'<f16'", "False", "(2,)"), "unsupported dtype '<f16'" + unsupported),
                Arguments.of(header("'|b2'", "False", "(2,)"), "unsupported dtype '|b2'" + unsupported),
                Arguments.of(header("''", "False", "(2,)"), "unsupported dtype ''" + unsupported),
                Arguments.of(header("[('a', '<f4'), ('b', '<i4')]", "False", "(2,)"),
                        "structured arrays (record dtypes) are not supported; save a plain numeric array"),
                Arguments.of("", "malformed .npy header: the header is empty"),
                Arguments.of("   \n", "malformed .npy header: the header is empty"),
                Arguments.of("{'descr': '<f8', 'fortran_order': False}", "malformed .npy header: missing key 'shape'"),
                Arguments.of(header("'<f8'", "0", "(1,)"), "malformed .npy header: 'fortran_order' must be True or False"),
                Arguments.of(header("8", "False", "(1,)"), "malformed .npy header: 'descr' must be a string"),
                Arguments.of(header("'<f8'", "False", "'abc'"), "malformed .npy header: 'shape' must be a tuple of integers"),
                Arguments.of(header("'<f8'", "False", "(2, 'x')"), "malformed .npy header: 'shape' must be a tuple of integers"),
                Arguments.of(header("'<f8'", "False", "(3000000000,)"), "array dimension 3000000000 is too large"),
                Arguments.of(header("'<f8'", "False", "(100000, 100000)"), "array of shape (100000, 100000) is too large"),
                Arguments.of(h = header("'<f8'", "False", "(-1,)"),
                        "malformed .npy header: 'shape' has a negative dimension, -1"),
                Arguments.of(h = header("'<f8'", "False", "(1.5,)"),
                        "malformed .npy header: expected ',' but found '.' at offset 52 of " + h),
                Arguments.of(h = header("'<f8'", "False", "(99999999999999999999,)"),
                        "malformed .npy header: integer '99999999999999999999' is too large at offset 51 of " + h),
                Arguments.of(h = header("'<f8'", "Maybe", "(1,)"),
                        "malformed .npy header: unexpected 'M' at offset 34 of " + h),
                Arguments.of("{'descr': '<f8", "malformed .npy header: unterminated string at offset 14 of {'descr': '<f8"),
                Arguments.of(h = "{'descr': '<f8', 'descr': '<f4'}", "malformed .npy header: duplicate key 'descr' at offset 31 of " + h),
                Arguments.of(h = header("'<f8'", "False", "(1,)") + " x", "malformed .npy header: unexpected text after the closing '}' at offset 56 of " + h),
                Arguments.of(h = "{'descr': '<f8' 'shape': (1,)}", "malformed .npy header: expected ',' but found ''' at offset 16 of " + h),
                Arguments.of(h = "{1: 2}", "malformed .npy header: dict keys must be strings at offset 2 of " + h),
                Arguments.of(h = "{'version': 2}", "malformed .npy header: unexpected key 'version' at offset 11 of " + h),
                Arguments.of(h = "['descr', '<f8']", "malformed .npy header: expected '{' but found '[' at offset 0 of " + h),
                Arguments.of(h = "{'descr': '<f8',", "malformed .npy header: unexpected end of header at offset 16 of " + h),
                Arguments.of(h = "{'descr': '<f8'\u0001}", "malformed .npy header: expected ',' but found '\\x01' at offset 15 of {'descr': '<f8'\\x01}"));
    }

    @ParameterizedTest
    @MethodSource("badHeaders")
    void badHeader(String header, String message) {
        expect(NpyBytes.v1(header, new byte[0]), message);
    }

    @Test
    void missingFile() {
        Path f = dir.resolve("nope.npy");
        Expect.userError(f + ": error: no such file", () -> Npy.read(f));
    }

    @Test
    void directoryInsteadOfFile() {
        Expect.userError(dir + ": error: is a directory, expected a file", () -> Npy.read(dir));
    }
}
