package seedc.fixed;

import java.util.List;

/**
 * Wrap events of one interpreter, per IR value (by id), over every example it ran: an event is an element of
 * an op's result whose computation lost information to a two's complement wrap, judged against the same
 * computation without any wrap (docs/fixed-point-semantics.md, "Wrap events"). The kernels report an event
 * through the value's {@link WrapSite}; this counts it and the examples that had one. Not thread-safe: one per
 * interpreter, like the interpreter itself.
 */
public final class WrapCounter {
    private final long[] events;
    private final int[] examples;
    /** The run in which each value last had an event, so that an example counts once per value. */
    private final int[] lastRun;
    private final WrapSite[] sites;
    private int run;
    /** The examples with an event in any value, and the run that last counted one. */
    private int anyExamples;
    private int lastAnyRun;
    /** Every event of every value so far. */
    private long total;

    public WrapCounter(int values) {
        events = new long[values];
        examples = new int[values];
        lastRun = new int[values];
        sites = new WrapSite[values];
    }

    /** Marks the start of an example's run. */
    void startRun() {
        run++;
    }

    /** The site an op computing value {@code id} reports its events to. */
    WrapSite site(int id) {
        WrapSite s = sites[id];
        return s != null ? s : (sites[id] = new WrapSite(this, id));
    }

    /** One element of value {@code id} wrapped in the current run. */
    void hit(int id) {
        total++;
        events[id]++;
        if (lastAnyRun != run) {
            lastAnyRun = run;
            anyExamples++;
        }
        if (lastRun[id] != run) {
            lastRun[id] = run;
            examples[id]++;
        }
    }

    /** Every event of every value so far: what a search racing candidates checks after each example. */
    public long total() {
        return total;
    }

    /** The counts so far. */
    public WrapCounts counts() {
        return new WrapCounts(events.clone(), examples.clone(), anyExamples);
    }

    /** The counts of several interpreters that ran disjoint examples of one program, added up. */
    public static WrapCounts sum(int values, List<WrapCounter> counters) {
        long[] e = new long[values];
        int[] x = new int[values];
        int any = 0;
        for (WrapCounter c : counters) {
            any += c.anyExamples;
            for (int i = 0; i < values; i++) {
                e[i] += c.events[i];
                x[i] += c.examples[i];
            }
        }
        return new WrapCounts(e, x, any);
    }
}
