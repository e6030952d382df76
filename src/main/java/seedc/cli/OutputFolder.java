package seedc.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import seedc.diag.UserError;

/**
 * The one way a command writes a folder of outputs, so that no user file is ever lost:
 * <ul>
 *   <li>the folder must be new, empty, or an earlier seedc output, proved by a marker file with seedc's
 *       own text ({@value #MARKER}), not by a file name users also use;</li>
 *   <li>an earlier output that holds an input of this run (the program, weights, data) is refused;</li>
 *   <li>everything is written into a hidden sibling and moved into place only when complete, so a failed
 *       run leaves nothing behind and a rerun for another target leaves none of the old target's files;</li>
 *   <li>a lock beside the folder makes a second seedc writing the same folder at once fail clearly.</li>
 * </ul>
 * Use: {@code try (OutputFolder f = OutputFolder.open(out, inputs)) { write into f.dir(); f.commit(); }}.
 */
final class OutputFolder implements AutoCloseable {
    static final String MARKER = ".seedc-output";
    private static final String MARKER_TEXT = "This folder was written by seedc. Writing to it again with seedc"
            + " replaces it as a whole.\n";

    private final Path target;
    private final Path temp;
    private final Path staging;
    private final Lock lock;

    private OutputFolder(Path target, Path temp, Path staging, Lock lock) {
        this.target = target;
        this.temp = temp;
        this.staging = staging;
        this.lock = lock;
    }

    /** Checks {@code out} against the rules above, locks it and prepares the staging folder. */
    static OutputFolder open(Path out, List<Path> inputs) {
        Path target = out.toAbsolutePath().normalize();
        checkReplaceable(out, target, inputs);
        Path parent = target.getParent();
        if (parent == null) {
            throw UserError.inFile(out, "cannot write outputs to the root of the file system");
        }
        createParent(out, parent);
        Lock lock = Lock.take(out, parent.resolve("." + target.getFileName() + ".seedc-lock"));
        try {
            Path temp = Files.createTempDirectory(parent, "." + target.getFileName() + ".seedc-tmp-");
            Path staging = Files.createDirectory(temp.resolve(target.getFileName()));
            return new OutputFolder(target, temp, staging, lock);
        } catch (IOException e) {
            lock.release();
            throw UserError.inFile(out, "cannot be written: " + reason(e));
        }
    }

    /** Where to write; it takes the final folder's name (a sketch's name comes from its folder). */
    Path dir() {
        return staging;
    }

    /** The folder the outputs will have once committed. */
    Path target() {
        return target;
    }

    /** Moves the complete outputs into place, replacing an earlier seedc output. */
    void commit() {
        try {
            Files.writeString(staging.resolve(MARKER), MARKER_TEXT);
            if (Files.exists(target)) {
                Files.move(target, temp.resolve(target.getFileName() + ".old"));
            }
            move(staging, target);
        } catch (IOException e) {
            throw UserError.inFile(target, "cannot be written: " + reason(e));
        }
    }

    @Override
    public void close() {
        try {
            deleteTree(temp);
        } finally {
            lock.release();
        }
    }

    /** True when {@code dir} holds seedc's marker with seedc's text. */
    static boolean isSeedcOutput(Path dir) {
        try {
            return Files.readString(dir.resolve(MARKER)).equals(MARKER_TEXT);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Marks a folder another way filled (the demo's) as seedc's. */
    static void mark(Path dir) throws IOException {
        Files.writeString(dir.resolve(MARKER), MARKER_TEXT);
    }

    /** A user error unless {@code out} is absent, an empty folder, or a seedc output holding no input. */
    static void checkReplaceable(Path out, Path target, List<Path> inputs) {
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw UserError.inFile(out, "exists and is not a directory");
        }
        if (!Files.isDirectory(target) || isEmpty(target)) {
            return;
        }
        if (!isSeedcOutput(target)) {
            throw UserError.inFile(out, "exists, is not empty and was not written by seedc (it has no " + MARKER
                    + " marker); give a new or empty directory (seedc never overwrites files it did not write)");
        }
        for (Path in : inputs) {
            if (in != null && in.toAbsolutePath().normalize().startsWith(target)) {
                throw UserError.inFile(out, "holds " + in + ", an input of this run; give another output directory");
            }
        }
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw UserError.inFile(dir, "cannot be read: " + reason(e));
        }
    }

    private static void createParent(Path out, Path parent) {
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw UserError.inFile(out, "cannot be created: " + reason(e));
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // Leaving a hidden temporary folder behind is harmless; failing the run for it would not be.
        }
    }

    /** What the file system said, without Java's exception names. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return f.getFile() + " exists and is not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** An OS file lock on a hidden file beside the output folder; the OS drops it if seedc dies. */
    private record Lock(Path file, FileChannel channel, FileLock lock) {
        static Lock take(Path out, Path file) {
            FileChannel ch = null;
            try {
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock l = ch.tryLock();
                if (l == null) {
                    throw new OverlappingFileLockException();
                }
                return new Lock(file, ch, l);
            } catch (OverlappingFileLockException e) {
                closeQuietly(ch);
                throw UserError.inFile(out, "another seedc is writing this directory now; wait for it or give"
                        + " another directory");
            } catch (IOException e) {
                closeQuietly(ch);
                throw UserError.inFile(out, "cannot be created: " + reason(e));
            }
        }

        void release() {
            try {
                Files.deleteIfExists(file); // deleted before the release, so a waiting run never locks a stale file
                lock.release();
            } catch (IOException e) {
                // the lock goes with the channel below
            } finally {
                closeQuietly(channel);
            }
        }

        private static void closeQuietly(FileChannel ch) {
            try {
                if (ch != null) {
                    ch.close();
                }
            } catch (IOException e) {
                // nothing to keep
            }
        }
    }
}
