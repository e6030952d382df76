package seedc.diag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;

/**
 * The progress of one stage of a command (loading, profiling, a search stage, a run over a data set...): a count
 * of steps out of a known total and, when shown, a bar on stderr drawn by me.tongfei:progressbar. Every stage
 * that may take more than a second opens one, with the same rule: the bar appears only once the stage has run
 * for {@link #DELAY} (a quick stage prints nothing, so small models and scripts see no flicker), and never when
 * hidden — not on a terminal ({@link #onTerminal}) or --no-progress. Steps are counted either way, from any
 * thread.
 */
public final class Progress implements AutoCloseable {
    /**
     * How long a stage runs before its bar appears: issue 10 asks for an indication past one second. The property
     * seedc.progress.delayMillis changes it (0: every stage at once), so that a test sees every stage's bar.
     */
    static final Duration DELAY = Duration.ofMillis(Long.getLong("seedc.progress.delayMillis", 1000));

    /** Shows pending bars; a daemon thread, so a pending bar never keeps the JVM alive. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "seedc-progress");
        t.setDaemon(true);
        return t;
    });

    private final String stage;
    private final long total;
    /** Where the bar is drawn; null: the library's console consumer (stderr). */
    private final ProgressBarConsumer consumer;
    private final long startNanos = System.nanoTime();
    private final ScheduledFuture<?> pending;
    private long done;
    private ProgressBar bar;
    private boolean closed;
    /** Told the stage's name and seconds when it closes, if set. */
    private java.util.function.ObjDoubleConsumer<String> closedSink;

    /** {@code show}: draw a bar once the stage has run for {@code delay} (at once when zero). */
    Progress(String stage, long total, boolean show, Duration delay, ProgressBarConsumer consumer) {
        this.stage = stage;
        this.total = total;
        this.consumer = consumer;
        if (show && delay.isZero()) {
            this.pending = null;
            show();
        } else {
            this.pending = show ? TIMER.schedule(this::show, delay.toNanos(), TimeUnit.NANOSECONDS) : null;
        }
    }

    /** A stage of {@code total} steps; its bar shows after {@link #DELAY} when {@code show}. */
    public static Progress start(boolean show, String stage, long total) {
        return new Progress(stage, total, show, DELAY, null);
    }

    /** A stage nobody watches: it only counts (for callers without a command line, such as tests). */
    public static Progress hidden() {
        return new Progress("", 0, false, Duration.ZERO, null);
    }

    /**
     * Whether a bar would reach a person: stdin and stdout are a terminal (the JDK's console) and so is stderr,
     * where the bar goes (a redirected stderr would collect carriage returns and escape codes).
     */
    public static boolean onTerminal() {
        return System.console() != null && stderrIsTerminal();
    }

    /** Linux names stderr's device under /proc; where it cannot be read, the console has to do. */
    private static boolean stderrIsTerminal() {
        try {
            String device = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return true;
        }
    }

    public synchronized void step() {
        stepBy(1);
    }

    public synchronized void stepBy(long n) {
        done += n;
        if (bar != null) {
            bar.stepBy(n);
        }
    }

    /** The steps counted so far. */
    public synchronized long done() {
        return done;
    }

    /** Draws the bar, starting from the steps already done and the time already spent (the timer calls it). */
    synchronized void show() {
        if (closed || bar != null) {
            return;
        }
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(stage).setInitialMax(total)
                .startsFrom(done, Duration.ofNanos(System.nanoTime() - startNanos));
        if (consumer != null) {
            b.setConsumer(consumer);
        }
        bar = b.build();
    }

    /** This stage, telling {@code sink} its name and how many seconds it ran when it closes. */
    public synchronized Progress whenClosed(java.util.function.ObjDoubleConsumer<String> sink) {
        closedSink = sink;
        return this;
    }

    /** Ends the stage: a shown bar is drawn a last time with the final count; a pending one never appears. */
    @Override
    public synchronized void close() {
        if (!closed && closedSink != null) {
            closedSink.accept(stage, (System.nanoTime() - startNanos) / 1e9);
        }
        closed = true;
        if (pending != null) {
            pending.cancel(false);
        }
        if (bar != null) {
            bar.close();
        }
    }
}
