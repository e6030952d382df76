package seedc.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import seedc.diag.UserError;

/**
 * A single output file (run --predictions, --pareto): like a compiler's -o it replaces an earlier file, but never
 * an input of the same run, and only a regular file: links are resolved first (the file a link names is replaced,
 * the link stays), and a directory, device, FIFO or socket is refused, since replacing it with a regular file would
 * destroy it (as root, writing /dev/full this way removed the device). The text is written beside the target and
 * moved into place, so a failure leaves the old file whole.
 */
final class OutputFile {
    private OutputFile() {}

    static void write(Path file, String text, List<Path> inputs) {
        Path target = target(file);
        for (Path in : inputs) {
            if (in != null && isSameFile(in, target)) {
                throw UserError.inFile(file, "is an input of this run (" + in + "); give another file");
            }
        }
        Path temp = null;
        Runnable undo = null;
        try {
            Files.createDirectories(target.getParent());
            temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".seedc-tmp");
            Path t = temp;
            undo = Cleanup.register(() -> deleteQuietly(t));
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
            if (undo != null) {
                Cleanup.done(undo);
            }
        }
    }

    /** The real path to write: {@code file} with links resolved, refused unless a regular file or new. */
    static Path target(Path file) {
        if (RealPaths.danglingLink(file)) {
            throw UserError.inFile(file, "is a symbolic link to a path that does not exist; give a regular file or a"
                    + " new path");
        }
        Path real = RealPaths.real(file);
        if (Files.isDirectory(real)) {
            throw UserError.inFile(file, "is a directory; give a file name");
        }
        if (Files.exists(real) && !Files.isRegularFile(real)) {
            String what = real.equals(file.toAbsolutePath().normalize()) ? RealPaths.kind(real)
                    : "a link to " + real + ", " + RealPaths.kind(real);
            throw UserError.inFile(file, "is " + what + ", not a regular file; seedc writes only regular files or new"
                    + " paths (replacing it would destroy it)");
        }
        return real;
    }

    /** True when {@code out} (a real path) names the input file {@code in} (by path, or through links). */
    private static boolean isSameFile(Path in, Path out) {
        try {
            return RealPaths.real(in).equals(out) || Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out);
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
