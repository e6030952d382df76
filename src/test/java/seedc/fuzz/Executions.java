package seedc.fuzz;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many inputs each fuzz target ran, printed after its class ("seedc fuzz: TARGET ran N inputs") for
 * scripts/fuzz and BENCHMARKS.md: Jazzer's own statistics go to a stream the test runner does not keep.
 */
public final class Executions {
    private static final Map<String, AtomicLong> COUNTS = new ConcurrentHashMap<>();

    private Executions() {}

    public static void count(String target) {
        COUNTS.computeIfAbsent(target, t -> new AtomicLong()).incrementAndGet();
    }

    public static void report(String target) {
        System.out.println("seedc fuzz: " + target + " ran " + COUNTS.getOrDefault(target, new AtomicLong()) + " inputs");
    }
}
