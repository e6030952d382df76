package seedc.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import me.tongfei.progressbar.ProgressBarConsumer;
import org.junit.jupiter.api.Test;

/** The one progress helper: it counts every step from any thread, and draws only when asked to. */
class ProgressTest {
    /** Keeps what the bar library draws instead of writing it to stderr. */
    private static final class Lines implements ProgressBarConsumer {
        final List<String> drawn = new ArrayList<>();

        @Override
        public int getMaxRenderedLength() {
            return 120;
        }

        @Override
        public synchronized void accept(String line) {
            drawn.add(line);
        }

        @Override
        public void close() {}

        synchronized String last() {
            return drawn.getLast();
        }
    }

    @Test
    void countsStepsFromManyThreads() throws InterruptedException {
        try (Progress p = Progress.start(false, "stage", 4000)) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                pool.submit(() -> {
                    for (int i = 0; i < 1000; i++) {
                        p.step();
                    }
                });
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
            p.stepBy(5);
            assertEquals(4005, p.done());
        }
    }

    @Test
    void aShownBarEndsWithTheFinalCount() {
        Lines lines = new Lines();
        try (Progress p = new Progress("profile", 7, true, Duration.ZERO, lines)) {
            for (int i = 0; i < 7; i++) {
                p.step();
            }
        }
        assertTrue(lines.last().startsWith("profile 100%"), lines.last());
        assertTrue(lines.last().contains("7/7"), lines.last());
    }

    /** A bar that appears once the stage has run a while starts from the steps already counted, not from zero. */
    @Test
    void aLateBarStartsFromTheStepsAlreadyDone() {
        Lines lines = new Lines();
        try (Progress p = new Progress("search", 10, false, Duration.ZERO, lines)) {
            p.stepBy(4);
            p.show(); // what the timer does after Progress.DELAY
            p.step();
        }
        assertTrue(lines.last().contains("5/10"), lines.last());
    }

    @Test
    void aHiddenOrQuickStageDrawsNothing() {
        Lines lines = new Lines();
        try (Progress hidden = new Progress("hidden", 3, false, Duration.ZERO, lines);
             Progress quick = new Progress("quick", 3, true, Duration.ofHours(1), lines)) {
            hidden.stepBy(3);
            quick.stepBy(3);
        }
        assertEquals(List.of(), lines.drawn);
    }
}
