package seedc.io;

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

    private Npy() {}

    /** Reads a .npy file; any problem with its contents is a {@link UserError} naming the file. */
    public static NpyArray read(Path file) {
        byte[] bytes = FileAccess.readAll(file);
        return parse(bytes, file);
    }

    /** Parses the bytes of a .npy file; {@code file} is only used in messages. */
    static NpyArray parse(byte[] bytes, Path file) {
        if (bytes.length == 0) throw UserError.inFile(file, "empty file, expected a .npy array");
        checkMagic(bytes, file);
        if (bytes.length < 8) throw truncatedPreamble(file, 10, bytes.length);
        int major = bytes[6] & 0xff;
        int minor = bytes[7] & 0xff;
        if (minor != 0 || major < 1 || major > 3) {
            throw UserError.inFile(file, "unsupported .npy format version " + major + "." + minor
                    + " (supported: 1.0, 2.0, 3.0)");
        }
        int lengthBytes = major == 1 ? 2 : 4;
        int preamble = 8 + lengthBytes;
        if (bytes.length < preamble) throw truncatedPreamble(file, preamble, bytes.length);
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long headerLength = major == 1 ? le.getShort(8) & 0xffff : le.getInt(8) & 0xffffffffL;
        long available = bytes.length - preamble;
        if (headerLength > available) {
            throw UserError.inFile(file, "truncated: expected " + headerLength + " bytes of header, found " + available);
        }
        String text = new String(bytes, preamble, (int) headerLength,
                major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        NpyHeader header = NpyHeader.parse(text, file);
        NpyDtype dtype = NpyDtype.parse(header.descr(), file);
        long count = Shapes.elementCount(header.shape());
        if (count < 0) throw UserError.inFile(file, "array of shape " + Shapes.format(header.shape()) + " is too large");
        int dataStart = preamble + (int) headerLength;
        long expected = count * dtype.size();
        long found = bytes.length - dataStart;
        if (found < expected) {
            throw UserError.inFile(file, "truncated: expected " + expected + " bytes of data, found " + found);
        }
        if (found > expected) {
            throw UserError.inFile(file, "expected " + expected + " bytes of data, found " + found
                    + " (the file is longer than its header says)");
        }
        double[] data = dtype.decode(bytes, dataStart, (int) count);
        // EdgeML's trainers save some parameters Fortran-ordered (e.g. ProtoNN's W, Z): reorder to C order.
        return new NpyArray(header.shape(), header.fortranOrder() ? fortranToC(data, header.shape()) : data);
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
