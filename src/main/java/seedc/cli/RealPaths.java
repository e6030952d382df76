package seedc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Paths as the file system resolves them. Every check that keeps a user's file safe compares real paths: a
 * symbolic link into an output folder, or an output that is a link to a device, must not pass for another path.
 */
final class RealPaths {
    private RealPaths() {}

    /**
     * {@code p} with every link resolved: the real path of its longest existing ancestor, then the rest. A last
     * component that is a dangling link stays that link (see {@link #danglingLink}).
     */
    static Path real(Path p) {
        Path abs = p.toAbsolutePath();
        Path rest = abs.getFileSystem().getPath("");
        for (Path at = abs; at != null; at = at.getParent()) {
            if (Files.exists(at)) {
                try {
                    return at.toRealPath().resolve(rest).normalize();
                } catch (IOException e) {
                    break; // unreadable on the way: the plain path, and the file system's own error later
                }
            }
            rest = at.getFileName() == null ? rest : at.getFileName().resolve(rest);
        }
        return abs.normalize();
    }

    /** True when {@code p} is a symbolic link whose target does not exist. */
    static boolean danglingLink(Path p) {
        return Files.isSymbolicLink(p) && !Files.exists(p);
    }

    /** What {@code p} itself is, for messages: "a regular file", "a character device", "a FIFO (named pipe)"... */
    static String kind(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            return switch (mode & 0170000) {
                case 0140000 -> "a socket";
                case 0120000 -> "a symbolic link";
                case 0100000 -> "a regular file";
                case 0060000 -> "a block device";
                case 0040000 -> "a directory";
                case 0020000 -> "a character device";
                case 0010000 -> "a FIFO (named pipe)";
                default -> "not a regular file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return Files.isDirectory(p) ? "a directory" : "not a regular file";
        }
    }
}
