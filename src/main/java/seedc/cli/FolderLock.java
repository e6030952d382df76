package seedc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import seedc.diag.UserError;

/**
 * An OS file lock on a hidden file beside an output folder ({@code .NAME.seedc-lock}), holding the PID of the seedc
 * that took it. The OS drops the lock when its process dies, so the lock itself is never stale; the file can be,
 * when a run was killed: the next run takes the lock, names the dead process in a note and carries on.
 */
record FolderLock(Path file, FileChannel channel, FileLock lock) {
    static FolderLock take(Path out, Path file, PrintWriter err) {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            // a FIFO would block the open; a link could lead the PID into a user's file
            throw UserError.inFile(out, "cannot be locked: " + file + " is " + RealPaths.kind(file) + ", not a lock"
                    + " seedc wrote; remove it");
        }
        String before = previousOwner(file);
        FileChannel ch = null;
        try {
            // not through a link: the lock's PID is written into it, which must never land in a file of the user's
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            FileLock l = ch.tryLock();
            if (l == null) {
                throw new OverlappingFileLockException();
            }
            ch.truncate(0);
            ch.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            if (before != null) {
                err.println(out + ": note: removed a stale lock, " + file + ", left by " + before);
            }
            return new FolderLock(file, ch, l);
        } catch (OverlappingFileLockException e) {
            closeQuietly(ch);
            throw UserError.inFile(out, "another seedc is writing this directory now; wait for it or give"
                    + " another directory");
        } catch (IOException e) {
            closeQuietly(ch);
            throw UserError.inFile(out, "cannot be created: " + OutputFolder.reason(e));
        }
    }

    /** Who left the lock file (when there is one): "seedc process N, which is no longer running"; null: none. */
    private static String previousOwner(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 64) {
                return null; // not seedc's: opening it for the lock fails with the file system's reason
            }
        } catch (IOException e) {
            return null;
        }
        try {
            long pid = Long.parseLong(Files.readString(file).strip());
            boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            // alive yet not holding the lock: the PID was reused by another process, or that seedc is past its lock
            return "seedc process " + pid + (alive ? ", which no longer holds it" : ", which is no longer running");
        } catch (IOException | NumberFormatException e) {
            return "an earlier seedc that is no longer running";
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

    /** At shutdown: the file goes; the OS drops the lock with the process. */
    void deleteFile() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // the next run treats it as stale
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
