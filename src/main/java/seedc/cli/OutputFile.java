package seedc.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import seedc.diag.UserError;

/**
 * A single output file (run --predictions): like a compiler's -o it replaces an earlier file, but never an
 * input of the same run or a directory, and it is written beside the target and moved into place, so a
 * failure leaves the old file whole.
 */
final class OutputFile {
    private OutputFile() {}

    static void write(Path file, String text, List<Path> inputs) {
        if (Files.isDirectory(file)) {
            throw UserError.inFile(file, "is a directory; give a file name");
        }
        for (Path in : inputs) {
            if (in != null && isSameFile(in, file)) {
                throw UserError.inFile(file, "is an input of this run (" + in + "); give another file");
            }
        }
        Path target = file.toAbsolutePath().normalize();
        Path temp = null;
        try {
            Files.createDirectories(target.getParent());
            temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".seedc-tmp");
            Files.writeString(temp, text);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + OutputFolder.reason(e));
        } finally {
            deleteQuietly(temp);
        }
    }

    /** True when {@code out} names the input file {@code in} (by path, or as the same file through links). */
    private static boolean isSameFile(Path in, Path out) {
        Path a = in.toAbsolutePath().normalize(), b = out.toAbsolutePath().normalize();
        try {
            return a.equals(b) || Files.exists(b) && Files.exists(a) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            if (p != null) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a hidden temporary file left behind is harmless
        }
    }
}
