package seedc.io;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import seedc.diag.HeapNeed;
import seedc.diag.UserError;

/** File reads and writes whose failures become {@link UserError}s naming the file. */
final class FileAccess {
    private FileAccess() {}

    /** An open file and its size ({@code -1} when it is not a regular file: a device, a FIFO). */
    record Source(InputStream stream, long size) {}

    /** Opens {@code file} to read; a directory, a missing or unreadable file is a {@link UserError}. */
    static Source open(Path file) {
        if (Files.isDirectory(file)) throw UserError.inFile(file, "is a directory, expected a file");
        try {
            long size = Files.isRegularFile(file) ? Files.size(file) : -1;
            return new Source(new BufferedInputStream(Files.newInputStream(file)), size);
        } catch (IOException e) {
            throw readError(file, e);
        }
    }

    /** What reading {@code file} failed on, as a user error naming it. */
    static UserError readError(Path file, IOException e) {
        if (e instanceof NoSuchFileException) return UserError.inFile(file, "no such file");
        if (e instanceof AccessDeniedException) return UserError.inFile(file, "permission denied");
        return UserError.inFile(file, "cannot read: " + describe(e));
    }

    /**
     * A text file's contents. Read in blocks and refused at the first NUL byte, so that a binary file, or a device
     * such as /dev/zero behind the name, fails at once instead of after 2 GB: "FILE:LINE: error: contains a NUL byte".
     */
    static String readText(Path file) {
        Source src = open(file);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        byte[] block = new byte[1 << 16];
        try (InputStream in = src.stream()) {
            for (int n; (n = in.read(block)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (block[i] == 0) {
                        throw new UserError(file + ":" + (lines(text.toByteArray()) + lines(block, i) + 1)
                                + ": error: contains a NUL byte; this is not a text file");
                    }
                }
                if (text.size() > MAX_TEXT - n) {
                    throw UserError.inFile(file, "is larger than " + MAX_TEXT + " bytes, more than seedc loads at"
                            + " once");
                }
                text.write(block, 0, n);
            }
            return text.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw readError(file, e);
        } catch (OutOfMemoryError e) {
            // the bytes read, their copy and the text decoded from them: about three times the file
            throw src.size() < 0 ? UserError.inFile(file, "file is too large to load")
                    : HeapNeed.exceeded(file, "reading its text", 3 * src.size(), HeapNeed.heapLimit());
        }
    }

    private static final int MAX_TEXT = Integer.MAX_VALUE / 2 - 8; // its String of UTF-16 chars must fit an array

    private static int lines(byte[] b) {
        return lines(b, b.length);
    }

    private static int lines(byte[] b, int end) {
        int n = 0;
        for (int i = 0; i < end; i++) {
            if (b[i] == '\n') n++;
        }
        return n;
    }

    static void writeAll(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "cannot write: no such directory");
        } catch (AccessDeniedException e) {
            throw UserError.inFile(file, "cannot write: permission denied");
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + describe(e));
        }
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** Quotes user text for a message: {@code 'text'}, see {@link #printable}. */
    static String quote(String s) {
        return "'" + printable(s, 40) + "'";
    }

    /** User text made safe to print: control characters escaped, cut to {@code maxChars} with "...". */
    static String printable(String s, int maxChars) {
        StringBuilder sb = new StringBuilder();
        int limit = Math.min(s.length(), maxChars);
        for (int i = 0; i < limit; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) sb.append(String.format("\\x%02x", (int) c));
            else if (c == 0xfffd) sb.append("\\ufffd"); // an undecodable byte
            else sb.append(c);
        }
        if (s.length() > limit) sb.append("...");
        return sb.toString();
    }
}
