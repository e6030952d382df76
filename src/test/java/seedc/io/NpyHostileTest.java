package seedc.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static seedc.io.NpyBytes.dict;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.diag.UserError;

/** Issue 42's hostile .npy files (and text files): each fails fast with a message naming the file. */
class NpyHostileTest {
    @TempDir
    Path dir;

    private Path file(byte[] bytes) {
        return NpyBytes.write(dir.resolve("h.npy"), bytes);
    }

    @ParameterizedTest(name = "{0} deep")
    @ValueSource(ints = {33, 5_000, 20_000})
    void deeplyNestedHeadersAreRefusedWithoutAStackOverflow(int depth) {
        String header = "{'descr': " + "[".repeat(depth) + "}";
        Path f = file(NpyBytes.v1(header, new byte[0]));
        UserError e = assertThrows(UserError.class, () -> Npy.read(f));
        // "{'descr': " is 10 characters: the 33rd bracket, at offset 10 + 32, is one too deep
        String prefix = f + ": error: malformed .npy header: brackets nested more than 32 deep at offset 42 of ";
        assertEquals(prefix + (header.length() > 160 ? header.substring(0, 160) + "..." : header), e.getMessage());
    }

    @Test
    void nestingWithinTheBoundIsAnOrdinaryHeaderError() {
        String shape = "(".repeat(32) + ")".repeat(32);
        Path f = file(NpyBytes.v1(dict("<f8", shape), new byte[0]));
        Expect.userError(f + ": error: malformed .npy header: 'shape' must be a tuple of integers", () -> Npy.read(f));
    }

    /**
     * A 1.0 file whose version byte says 3: 3.0 reads a 4-byte header length, two bytes of it the header's "{'"
     * (0x7b, 0x27), so 118 + 0x7b * 2^16 + 0x27 * 2^24 = 662372470, the number issue 42 saw.
     */
    @Test
    void aVersionByteOf3OnA10FileSaysWhatWasRead() throws IOException {
        Path valid = dir.resolve("valid.npy");
        Npy.write(valid, new NpyArray(new int[] {2, 3}, new double[] {1, 2, 3, 4, 5, 6}));
        byte[] bytes = Files.readAllBytes(valid);
        assertEquals(176, bytes.length); // 10 + 118 + 48
        bytes[6] = 3;
        Path f = file(bytes);
        Expect.userError(f + ": error: truncated: expected 662372470 bytes of header, found 164 (format 3.0 stores the"
                + " header length in 4 bytes; read as 1.0, with 2, it would be 118 bytes: is the version byte wrong?)",
                () -> Npy.read(f));
    }

    /** numpy's 3.0 is 2.0 with a UTF-8 header: U+3000 (an ideographic space, 3 bytes) pads it as whitespace. */
    @Test
    void version3HeadersAreUtf8() {
        byte[] data = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putDouble(1.5).putDouble(-2).array();
        String header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }\u3000\n";
        Path f = file(NpyBytes.file(3, header, data));
        assertArrayEquals(new double[] {1.5, -2}, Npy.read(f).data());
        // the same bytes read as latin-1 (format 2.0) begin with 'ã' after the dict
        byte[] asV2 = NpyBytes.file(3, header, data);
        asV2[6] = 2;
        Path g = file(asV2);
        UserError e = assertThrows(UserError.class, () -> Npy.read(g));
        assertEquals(g + ": error: malformed .npy header: unexpected text after the closing '}' at offset 57 of ",
                e.getMessage().substring(0, e.getMessage().indexOf(" of ") + 4));
    }

    @Test
    void aLinkToDevZeroFailsAtOnce() throws IOException {
        Path npy = Files.createSymbolicLink(dir.resolve("z.npy"), Path.of("/dev/zero"));
        Path csv = Files.createSymbolicLink(dir.resolve("z.csv"), Path.of("/dev/zero"));
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            Expect.userError(npy + ": error: not a .npy file", () -> Npy.read(npy));
            Expect.userError(csv + ":1: error: contains a NUL byte; this is not a text file", () -> DataSets.load(csv, 1));
        });
    }

    @Test
    void theDeclaredSizeIsCheckedBeforeReading() {
        // (100000, 1000) float64 declares 800,000,000 bytes; the file holds 8
        Path f = file(NpyBytes.v1(dict("<f8", "(100000, 1000)"), new byte[8]));
        Expect.userError(f + ": error: truncated: expected 800000000 bytes of data, found 8", () -> Npy.read(f));
    }

    @Test
    void aHeaderLengthBeyondTheFile() {
        byte[] bytes = NpyBytes.file(2, dict("<f8", "(1,)"), new byte[8]);
        bytes[11] = (byte) 0x7f; // header length 0x7f0000xx: about 2 GB
        int declared = ByteBuffer.wrap(bytes, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        Path f = file(bytes);
        Expect.userError(f + ": error: truncated: expected " + declared + " bytes of header, found "
                + (bytes.length - 12), () -> Npy.read(f));
    }

    @Test
    void shapesThatOverflowOrAreNegative() {
        Path big = file(NpyBytes.v1(dict("<f8", "(2147483647, 2147483647, 2147483647)"), new byte[0]));
        Expect.userError(big + ": error: array of shape (2147483647, 2147483647, 2147483647) is too large",
                () -> Npy.read(big));
        Path neg = file(NpyBytes.v1(dict("<f8", "(3, -2)"), new byte[0]));
        Expect.userError(neg + ": error: malformed .npy header: 'shape' has a negative dimension, -2", () -> Npy.read(neg));
    }

    @Test
    void unsupportedDtypeIsNamed() {
        Path f = file(NpyBytes.v1(dict("<c8", "(1,)"), new byte[8]));
        Expect.userError(f + ": error: unsupported dtype '<c8'; supported are float16/32/64, int8..int64, uint8..uint64"
                + " and bool", () -> Npy.read(f));
    }

    @Test
    void fortranOrderIsReadAsC() {
        // (2, 3) in Fortran order stores columns: [[1, 2, 3], [4, 5, 6]] as 1 4 2 5 3 6
        ByteBuffer b = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        for (double d : new double[] {1, 4, 2, 5, 3, 6}) b.putDouble(d);
        String header = "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }\n";
        Path f = file(NpyBytes.v1(header, b.array()));
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, Npy.read(f).data());
    }

    /** A FIFO is streamed: its data is checked against the header as it comes, however much it would send. */
    @Test
    void aFifoIsReadWithTheHeadersBound() throws Exception {
        byte[] valid = NpyBytes.v1(dict("<f8", "(2,)"), new byte[16]);
        Path fifo = fifo("short.npy");
        feed(fifo, Arrays.copyOf(valid, valid.length - 8));
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> Expect.userError(fifo + ": error: truncated: expected 16 bytes of data, found 8", () -> Npy.read(fifo)));
        Path longer = fifo("long.npy");
        feed(longer, Arrays.copyOf(valid, valid.length + 1000));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Expect.userError(longer + ": error: expected 16 bytes of"
                + " data, found more (the file is longer than its header says)", () -> Npy.read(longer)));
    }

    private Path fifo(String name) throws Exception {
        Path p = dir.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", p.toString()).start().waitFor());
        return p;
    }

    /** Writes {@code bytes} into the FIFO once a reader opens it (the write blocks until then). */
    private static void feed(Path fifo, byte[] bytes) {
        CompletableFuture.runAsync(() -> {
            try {
                Files.write(fifo, bytes);
            } catch (IOException e) {
                // the reader stopped early (the "found more" case): a broken pipe is expected
            }
        });
    }
}
