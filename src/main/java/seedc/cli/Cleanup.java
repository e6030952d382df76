package seedc.cli;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What to undo when seedc is stopped (SIGINT, SIGTERM) while writing: hidden temporary folders and files, locks.
 * A normal run undoes them itself and deregisters; the JVM's shutdown hook runs what is left, so an interrupted
 * run leaves no {@code .seedc-tmp}/{@code .seedc-lock} sibling behind. (SIGKILL runs nothing: the next run treats
 * what it finds as stale, see {@link FolderLock}.)
 */
final class Cleanup {
    private static final Set<Runnable> PENDING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Cleanup::runAll, "seedc-cleanup"));
    }

    private Cleanup() {}

    /** Runs {@code undo} at shutdown unless {@link #done} is called first; returns it. */
    static Runnable register(Runnable undo) {
        PENDING.add(undo);
        return undo;
    }

    /** The run undid it itself. */
    static void done(Runnable undo) {
        PENDING.remove(undo);
    }

    private static void runAll() {
        for (Runnable r : PENDING) {
            try {
                r.run();
            } catch (RuntimeException e) {
                // best effort while the JVM stops: the next run treats what is left as stale
            }
        }
    }
}
