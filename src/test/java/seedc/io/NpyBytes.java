package seedc.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/** Builds .npy files byte by byte, so tests do not depend on the writer under test. */
final class NpyBytes {
    private NpyBytes() {}

    /** A version 1.0 file with {@code header} (unpadded) and {@code data}. */
    static byte[] v1(String header, byte[] data) {
        return file(1, header, data);
    }

    /** A file of format {@code major}.0: u16 header length for 1.0, u32 for 2.0 and 3.0. */
    static byte[] file(int major, String header, byte[] data) {
        Charset cs = major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        byte[] h = header.getBytes(cs);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) major, 0});
        int n = h.length;
        if (major == 1) out.writeBytes(new byte[] {(byte) n, (byte) (n >> 8)});
        else out.writeBytes(new byte[] {(byte) n, (byte) (n >> 8), (byte) (n >> 16), (byte) (n >> 24)});
        out.writeBytes(h);
        out.writeBytes(data);
        return out.toByteArray();
    }

    /** The header dict numpy would write for a C-order array. */
    static String dict(String descr, String shape) {
        return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }\n";
    }

    /** Bytes from hex text; spaces are ignored ("3f c0 00 00"). */
    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    static Path write(Path file, byte[] bytes) {
        try {
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path writeText(Path file, String text) {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
