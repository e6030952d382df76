package seedc.driver;

import java.util.ArrayList;
import java.util.List;
import seedc.report.Report;

/** Times the stages of a compile: each lap is the time since the previous one. */
public final class Stopwatch {
    private final long start = System.nanoTime();
    private long last = start;
    private final List<Report.StageTime> laps = new ArrayList<>();

    /** Ends the stage named {@code stage}, which began at the previous lap (or at creation). */
    public void lap(String stage) {
        lap(stage, List.of());
    }

    /** {@link #lap(String)} of a stage made of {@code parts} (the search's stages). */
    public void lap(String stage, List<Report.StageTime> parts) {
        long now = System.nanoTime();
        laps.add(new Report.StageTime(stage, (now - last) / 1e9, parts));
        last = now;
    }

    /** Seconds since creation. */
    public double total() {
        return (System.nanoTime() - start) / 1e9;
    }

    public List<Report.StageTime> laps() {
        return List.copyOf(laps);
    }
}
