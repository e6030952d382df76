package seedc.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import seedc.diag.UserError;

/** File reads and writes whose failures become {@link UserError}s naming the file. */
final class FileAccess {
    private FileAccess() {}

    static byte[] readAll(Path file) {
        if (Files.isDirectory(file)) throw UserError.inFile(file, "is a directory, expected a file");
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "no such file");
        } catch (AccessDeniedException e) {
            throw UserError.inFile(file, "permission denied");
        } catch (OutOfMemoryError e) {
            throw UserError.inFile(file, "file is too large to load");
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot read: " + describe(e));
        }
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
