package seedc.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.PrintWriter;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import seedc.diag.UserError;

/**
 * The one way a command writes a folder of outputs, so that no user file is ever lost:
 * <ul>
 *   <li>the folder must be new, empty, or an earlier seedc output, proved by seedc's marker ({@link Manifest}),
 *       which lists every file seedc wrote with its hash;</li>
 *   <li>an earlier output that holds an input of this run (the program, weights, data; found by real paths, so a
 *       link into the folder counts) or a file seedc did not write (a note, an edited main.c) is refused, naming
 *       them: seedc replaces its folders as a whole, and keeping the user's files inside a folder seedc regenerates
 *       would mix them with outputs of another run, so they are never deleted, only named;</li>
 *   <li>everything is written into a hidden sibling and moved into place only when complete, so a failed
 *       run leaves nothing behind and a rerun for another target leaves none of the old target's files;</li>
 *   <li>a lock beside the folder makes a second seedc writing the same folder at once fail clearly; the sibling
 *       and the lock are removed when seedc is interrupted ({@link Cleanup}), and found stale when it was killed.</li>
 * </ul>
 * Use: {@code try (OutputFolder f = OutputFolder.open(out, inputs, err)) { write into f.dir(); f.commit(); }}.
 */
final class OutputFolder implements AutoCloseable {
    /** How many of the user's files a refusal names. */
    private static final int NAMED = 10;

    private final Path target;
    private final Path temp;
    private final Path staging;
    private final FolderLock lock;
    private final Runnable undo;

    private OutputFolder(Path target, Path temp, Path staging, FolderLock lock) {
        this.target = target;
        this.temp = temp;
        this.staging = staging;
        this.lock = lock;
        this.undo = Cleanup.register(this::abandon);
    }

    /**
     * Checks {@code out} against the rules above, locks it and prepares the staging folder. A link given as
     * {@code out} names the folder it points to (which is written; the link stays).
     */
    static OutputFolder open(Path out, List<Path> inputs, PrintWriter err) {
        Path target = target(out);
        checkReplaceable(out, target, inputs);
        Path parent = target.getParent();
        if (parent == null) {
            throw UserError.inFile(out, "cannot write outputs to the root of the file system");
        }
        createParent(out, parent);
        FolderLock lock = FolderLock.take(out, parent.resolve("." + target.getFileName() + ".seedc-lock"), err);
        try {
            removeStaleTemps(out, target, err);
            Path temp = Files.createTempDirectory(parent, "." + target.getFileName() + ".seedc-tmp-");
            Path staging = Files.createDirectory(temp.resolve(target.getFileName()));
            return new OutputFolder(target, temp, staging, lock);
        } catch (IOException e) {
            lock.release();
            throw UserError.inFile(out, "cannot be written: " + reason(e));
        } catch (UserError e) {
            lock.release();
            throw e;
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

    /** Where {@code file} goes in the staging folder when it lies inside the target (links resolved); else null. */
    Path staged(Path file) {
        Path real = RealPaths.real(file);
        return real.startsWith(target) && !real.equals(target) ? staging.resolve(target.relativize(real)) : null;
    }

    /** Moves the complete outputs into place, replacing an earlier seedc output. */
    void commit() {
        try {
            Manifest.write(staging);
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
        Cleanup.done(undo);
        try {
            deleteTree(temp);
        } finally {
            lock.release();
        }
    }

    /** At shutdown mid-run: an earlier output moved aside but not yet replaced goes back; the rest goes. */
    private void abandon() {
        Path old = temp.resolve(target.getFileName() + ".old");
        try {
            if (Files.exists(old) && !Files.exists(target)) {
                Files.move(old, target);
            }
        } catch (IOException e) {
            // left in the hidden sibling, where the next run's stale-sibling check reports it
            return;
        }
        deleteTree(temp);
        lock.deleteFile();
    }

    /** Marks a folder another way filled (the demo's, written after its commit) as seedc's, listing its files. */
    static void mark(Path dir) throws IOException {
        Manifest.write(dir);
    }

    /** {@code out} with links resolved; a dangling link is refused (writing through it would create its target). */
    static Path target(Path out) {
        if (RealPaths.danglingLink(out)) {
            throw UserError.inFile(out, "is a symbolic link to a path that does not exist; give a directory");
        }
        return RealPaths.real(out);
    }

    /**
     * A user error unless {@code target} (the real path of {@code out}) is absent, an empty folder, or a seedc output
     * holding neither an input nor a file of the user's.
     */
    static void checkReplaceable(Path out, Path target, List<Path> inputs) {
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw UserError.inFile(out, "exists and is not a directory");
        }
        if (!Files.isDirectory(target) || isEmpty(target)) {
            return;
        }
        Manifest manifest = Manifest.read(target);
        if (manifest == null) {
            throw UserError.inFile(out, "exists, is not empty and was not written by seedc (it has no " + Manifest.FILE
                    + " marker); give a new or empty directory (seedc never overwrites files it did not write)");
        }
        checkHoldsNoInput(out, target, inputs);
        if (!manifest.listed()) {
            throw UserError.inFile(out, "was written by an earlier seedc, which kept no list of its files, so seedc"
                    + " cannot tell yours from its own; move out what you want to keep and delete it, or give another"
                    + " directory");
        }
        List<String> mine;
        try {
            mine = manifest.userFiles(target);
        } catch (IOException | UncheckedIOException e) {
            throw UserError.inFile(out, "cannot be read: " + e.getMessage());
        }
        if (!mine.isEmpty()) {
            String named = String.join(", ", mine.subList(0, Math.min(NAMED, mine.size())))
                    + (mine.size() > NAMED ? " and " + (mine.size() - NAMED) + " more" : "");
            throw UserError.inFile(out, "holds " + (mine.size() == 1 ? "a file" : mine.size() + " files")
                    + " seedc did not write: " + named + "; seedc replaces its output folders as a whole and never"
                    + " deletes your files: move them out, or give another directory");
        }
    }

    /** An input inside the folder, by real path: given directly, through a link, or as a link in a --model folder. */
    private static void checkHoldsNoInput(Path out, Path target, List<Path> inputs) {
        for (Path in : inputs) {
            if (in == null) {
                continue;
            }
            for (Path file : withEntries(in)) {
                Path real = RealPaths.real(file);
                if (real.startsWith(target)) {
                    String what = real.equals(file.toAbsolutePath().normalize()) ? file.toString()
                            : real + " (which " + file + " links to)";
                    throw UserError.inFile(out, "holds " + what + ", an input of this run; give another output"
                            + " directory");
                }
            }
        }
    }

    /** {@code in}, and when it is a folder (--model), the files in it (a folder in it may be the output itself). */
    private static List<Path> withEntries(Path in) {
        List<Path> all = new ArrayList<>(List.of(in));
        if (Files.isDirectory(in)) {
            try (Stream<Path> s = Files.list(in)) {
                s.filter(p -> !Files.isDirectory(p)).forEach(all::add);
            } catch (IOException e) {
                // an unreadable --model folder is reported where it is read
            }
        }
        return all;
    }

    /** Hidden siblings of runs killed before they could remove them (we hold the lock: no live run owns one). */
    private static void removeStaleTemps(Path out, Path target, PrintWriter err) throws IOException {
        String prefix = "." + target.getFileName() + ".seedc-tmp-";
        try (Stream<Path> s = Files.list(target.getParent())) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(prefix)).toList()) {
                deleteTree(p);
                err.println(out + ": note: removed " + p + ", left by an interrupted seedc");
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
}
