package seedc.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.diag.Progress;

/**
 * The search's stages as a user sees them: each stage's bar (shown on a terminal when {@code show}) and the
 * time it took, summed over the bars of one name, in the order the stages first ran. The compile report lists
 * these times under the search's own.
 */
public final class StageLog {
    /** One search stage's name and its seconds. */
    public record Time(String stage, double seconds) {}

    private final boolean show;
    private final Map<String, Double> seconds = new LinkedHashMap<>();

    public StageLog(boolean show) {
        this.show = show;
    }

    /** A log that shows no bar (tests, and callers without a terminal). */
    public static StageLog quiet() {
        return new StageLog(false);
    }

    /**
     * A stage of {@code total} steps: its bar, whose time is logged when it closes (public for the driver's
     * --select measured, which runs after the search and is timed as one of its stages).
     */
    public Progress bar(String stage, long total) {
        return Progress.start(show, stage, total).whenClosed(this::add);
    }

    private synchronized void add(String stage, double s) {
        seconds.merge(stage, s, Double::sum);
    }

    public synchronized List<Time> times() {
        List<Time> out = new ArrayList<>();
        seconds.forEach((k, v) -> out.add(new Time(k, v)));
        return out;
    }
}
