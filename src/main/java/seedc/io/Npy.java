package seedc.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import seedc.diag.UserError;

/**
 * Reads and writes numpy's .npy format (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html).
 *
 * <p>Layout: the magic {@code \x93NUMPY}, a major and a minor version byte, the header length (u16
 * little-endian for version 1.0, u32 for 2.0 and 3.0), the header dict (latin-1, or UTF-8 for 3.0)
 * padded with spaces and ending in a newline, then the raw elements.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** numpy pads the preamble plus header to a multiple of this, so the data is aligned. */
    private static final int ALIGNMENT = 64;
    /** numpy itself refuses headers over 10,000 bytes unless told otherwise; ten times that is generous. */
    private static final int MAX_HEADER = 100_000;
    /** The largest Java array. */
    private static final long MAX_DATA = Integer.MAX_VALUE - 8;

    private Npy() {}

    /**
     * Reads a .npy file; any problem with its contents is a {@link UserError} naming the file. The file is
     * streamed and every size it declares is checked against what it holds before anything large is read,
     * so a device such as /dev/zero (or a FIFO) behind the name fails at its first bytes, not after 2 GB.
     */
    public static NpyArray read(Path file) {
        FileAccess.Source src = FileAccess.open(file);
        try (InputStream in = src.stream()) {
            return parse(in, src.size(), file);
        } catch (IOException e) {
            throw FileAccess.readError(file, e);
        } catch (OutOfMemoryError e) {
            throw UserError.inFile(file, "file is too large to load");
        }
    }

    /** Parses the bytes of a .npy file; {@code file} is only used in messages. */
    static NpyArray parse(byte[] bytes, Path file) {
        try {
            return parse(new ByteArrayInputStream(bytes), bytes.length, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array cannot fail to read
        }
    }

    /** Parses a .npy stream of {@code size} bytes ({@code -1}: unknown, not a regular file). */
    private static NpyArray parse(InputStream in, long size, Path file) throws IOException {
        Layout layout = layout(in, size, file);
        return new NpyArray(layout.shape(), values(in, layout, file));
    }

    /** The elements that follow the header {@code layout} describes, in C order. */
    static double[] values(InputStream in, Layout layout, Path file) throws IOException {
        long count = layout.count();
        byte[] data = readData(in, layout.dataBytes(), count * layout.dtype().size(), file);
        double[] values = layout.dtype().decode(data, 0, (int) count);
        // EdgeML's trainers save some parameters Fortran-ordered (e.g. ProtoNN's W, Z): reorder to C order.
        return layout.fortranOrder() ? fortranToC(values, layout.shape()) : values;
    }

    /**
     * What a .npy file's preamble and header declare, read and checked, the stream left at the first element:
     * {@code dataBytes} is how many bytes follow the header ({@code -1}: unknown, not a regular file).
     */
    record Layout(int[] shape, NpyDtype dtype, boolean fortranOrder, long dataBytes) {
        long count() {
            return Shapes.elementCount(shape);
        }
    }

    /** Reads and checks the preamble and header of {@code in}, a .npy stream of {@code size} bytes (-1: unknown). */
    static Layout layout(InputStream in, long size, Path file) throws IOException {
        byte[] head = in.readNBytes(8);
        if (head.length == 0) throw UserError.inFile(file, "empty file, expected a .npy array");
        checkMagic(head, file);
        if (head.length < 8) throw truncatedPreamble(file, 10, head.length);
        int major = head[6] & 0xff;
        int minor = head[7] & 0xff;
        if (minor != 0 || major < 1 || major > 3) {
            throw UserError.inFile(file, "unsupported .npy format version " + major + "." + minor
                    + " (supported: 1.0, 2.0, 3.0)");
        }
        int lengthBytes = major == 1 ? 2 : 4;
        int preamble = 8 + lengthBytes;
        byte[] len = in.readNBytes(lengthBytes);
        if (len.length < lengthBytes) throw truncatedPreamble(file, preamble, 8 + len.length);
        ByteBuffer le = ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN);
        long headerLength = major == 1 ? le.getShort(0) & 0xffff : le.getInt(0) & 0xffffffffL;
        byte[] headerBytes = readHeader(in, size, preamble, headerLength, major, file);
        String text = new String(headerBytes, major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        NpyHeader header = NpyHeader.parse(text, file);
        NpyDtype dtype = NpyDtype.parse(header.descr(), file);
        long count = Shapes.elementCount(header.shape());
        if (count < 0) throw UserError.inFile(file, "array of shape " + Shapes.format(header.shape()) + " is too large");
        return new Layout(header.shape(), dtype, header.fortranOrder(), size < 0 ? -1 : size - preamble - headerLength);
    }

    /** The header's bytes, its declared length checked against the file's size first. */
    private static byte[] readHeader(InputStream in, long size, int preamble, long headerLength, int major, Path file)
            throws IOException {
        long available = size - preamble;
        if (size >= 0 && headerLength > available) {
            throw UserError.inFile(file, "truncated: expected " + headerLength + " bytes of header, found " + available
                    + versionHint(major, headerLength, available));
        }
        if (headerLength > MAX_HEADER) {
            throw UserError.inFile(file, "header of " + headerLength + " bytes is too long (at most " + MAX_HEADER
                    + "; numpy writes a few hundred)");
        }
        byte[] header = in.readNBytes((int) headerLength);
        if (header.length < headerLength) {
            throw UserError.inFile(file, "truncated: expected " + headerLength + " bytes of header, found "
                    + header.length);
        }
        return header;
    }

    /**
     * Format 2.0 and 3.0 store the header length in 4 bytes, 1.0 in 2: a 1.0 file whose version byte says 3 reads
     * its header's first character, '{', as the length's third byte. Said when that is what happened.
     */
    private static String versionHint(int major, long headerLength, long available) {
        long asV1 = headerLength & 0xffff;
        if (major == 1 || (headerLength >>> 16 & 0xff) != '{' || asV1 > available + 2) {
            return "";
        }
        return " (format " + major + ".0 stores the header length in 4 bytes; read as 1.0, with 2, it would be " + asV1
                + " bytes: is the version byte wrong?)";
    }

    /** {@code expected} bytes of data; {@code found} ({@code -1}: unknown) is checked before reading them. */
    private static byte[] readData(InputStream in, long found, long expected, Path file) throws IOException {
        checkDataLength(found, expected, file);
        if (expected > MAX_DATA) {
            throw UserError.inFile(file, "its " + expected + " bytes of data are more than seedc loads at once ("
                    + MAX_DATA + ")");
        }
        byte[] data = in.readNBytes((int) expected);
        if (data.length < expected) throw truncatedData(file, expected, data.length);
        if (found < 0) checkNothingAfter(in, expected, file);
        return data;
    }

    /** The data's length as the header declares it ({@code expected}) against the file's ({@code found}, -1: unknown). */
    static void checkDataLength(long found, long expected, Path file) {
        if (found >= 0 && found < expected) throw truncatedData(file, expected, found);
        if (found > expected) {
            throw UserError.inFile(file, "expected " + expected + " bytes of data, found " + found
                    + " (the file is longer than its header says)");
        }
    }

    static UserError truncatedData(Path file, long expected, long found) {
        return UserError.inFile(file, "truncated: expected " + expected + " bytes of data, found " + found);
    }

    /** A stream of unknown length (a FIFO) that has given its {@code expected} bytes must end there. */
    static void checkNothingAfter(InputStream in, long expected, Path file) throws IOException {
        if (in.read() >= 0) {
            throw UserError.inFile(file, "expected " + expected + " bytes of data, found more (the file is longer than"
                    + " its header says)");
        }
    }

    /** Element at C-order position k comes from the Fortran-order position of the same index. */
    static double[] fortranToC(double[] f, int[] shape) {
        double[] c = new double[f.length];
        int rank = shape.length;
        int[] idx = new int[rank];
        for (int k = 0; k < c.length; k++) {
            int pos = 0;
            for (int a = rank - 1; a >= 0; a--) {
                pos = pos * shape[a] + idx[a];
            }
            c[k] = f[pos];
            for (int a = rank - 1; a >= 0; a--) {
                if (++idx[a] < shape[a]) {
                    break;
                }
                idx[a] = 0;
            }
        }
        return c;
    }

    private static void checkMagic(byte[] bytes, Path file) {
        int n = Math.min(bytes.length, MAGIC.length);
        for (int i = 0; i < n; i++) {
            if (bytes[i] != MAGIC[i]) {
                String hint = bytes.length >= 2 && bytes[0] == 'P' && bytes[1] == 'K'
                        ? " (it looks like a .npz archive; save each array with np.save)" : "";
                throw UserError.inFile(file, "not a .npy file" + hint);
            }
        }
        if (bytes.length < MAGIC.length) throw truncatedPreamble(file, 10, bytes.length);
    }

    private static UserError truncatedPreamble(Path file, int expected, int found) {
        return UserError.inFile(file, "truncated: expected at least " + expected + " bytes of .npy preamble, found " + found);
    }

    /** Writes {@code array} as little-endian float64, format version 1.0. */
    public static void write(Path file, NpyArray array) {
        ByteBuffer data = ByteBuffer.allocate(Math.multiplyExact(array.size(), 8)).order(ByteOrder.LITTLE_ENDIAN);
        for (double d : array.data()) data.putDouble(d);
        FileAccess.writeAll(file, encode("<f8", array.shape(), data.array()));
    }

    /** Writes {@code data} (C order) as little-endian int64, format version 1.0. */
    public static void writeInts(Path file, int[] shape, long[] data) {
        new NpyArray(shape, new double[data.length]); // validates that shape and data agree
        ByteBuffer buf = ByteBuffer.allocate(Math.multiplyExact(data.length, 8)).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : data) buf.putLong(v);
        FileAccess.writeAll(file, encode("<i8", shape, buf.array()));
    }

    /** The complete file: preamble, header padded with spaces to the alignment and ending in '\n', data. */
    static byte[] encode(String descr, int[] shape, byte[] data) {
        String dict = NpyHeader.format(descr, shape);
        int unpadded = 10 + dict.length() + 1;
        int headerLength = dict.length() + 1 + (ALIGNMENT - unpadded % ALIGNMENT) % ALIGNMENT;
        if (headerLength > 0xffff) throw new IllegalArgumentException("shape too long for .npy 1.0: " + Shapes.format(shape));
        String header = dict + " ".repeat(headerLength - dict.length() - 1) + "\n";
        ByteBuffer out = ByteBuffer.allocate(10 + headerLength + data.length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) headerLength);
        out.put(header.getBytes(StandardCharsets.ISO_8859_1)).put(data);
        return out.array();
    }
}
