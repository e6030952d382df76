package seedc.diag;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Memory a command needs, and what to say when the Java heap cannot hold it: how much was needed, how much the heap
 * may hold, and what reduces the need or enlarges the heap (issue 42: "internal error: OutOfMemoryError" named none).
 *
 * <p>Stages that hold large things note them ({@link #note}); when the heap runs out elsewhere, the command's top
 * level names the largest of them ({@link #outOfMemory}), so that even an estimate made before the failure reaches
 * the user.
 */
public final class HeapNeed {
    private HeapNeed() {}

    /** What the launcher and the search offer; every message about memory ends with it. */
    public static final String ADVICE = "give seedc a larger heap (SEEDC_HEAP=SIZE, e.g. SEEDC_HEAP=16g; the launcher"
            + " gives Java 3/4 of the machine's memory unless SEEDC_HEAP or an -Xmx says otherwise) or give it fewer"
            + " rows (every row is loaded: of a --train set above 4,000 rows the search decides on 2,000 and confirms"
            + " on all)";

    /** Something large held in memory, and its estimated size. */
    public record Noted(String what, long bytes) {}

    /** The large things noted in this process, by what they are (a data set's file: the latest load of it). */
    private static final Map<String, Noted> NOTED = new ConcurrentHashMap<>();

    /** Records that {@code what} takes about {@code bytes} of the heap. */
    public static void note(String what, long bytes) {
        NOTED.put(what, new Noted(what, bytes));
    }

    /**
     * Notes that {@code held} will take about {@code need} bytes, and refuses it before it is built when the heap
     * cannot hold that much ({@link #exceeded}: "FILE: error: WHAT takes about ...").
     */
    public static void reserve(Object file, String held, String what, long need) {
        note(held, need);
        if (need > heapLimit()) {
            throw exceeded(file, what, need, heapLimit());
        }
    }

    /** The largest thing noted, or null. */
    public static Noted largest() {
        return NOTED.values().stream().max(java.util.Comparator.comparingLong(Noted::bytes)).orElse(null);
    }

    /** The most the heap may hold ({@code -Xmx}). */
    public static long heapLimit() {
        return Runtime.getRuntime().maxMemory();
    }

    /**
     * The error when {@code what} is known before it is built to need {@code need} bytes, more than the heap of
     * {@code heap} bytes may hold: "FILE: error: WHAT takes about N MB ... the Java heap holds at most M MB; ADVICE".
     */
    public static UserError exceeded(Object file, String what, long need, long heap) {
        return UserError.inFile(file, what + " takes about " + mb(need) + " of memory, and the Java heap holds at most "
                + mb(heap) + "; " + ADVICE);
    }

    /**
     * The message when the heap of {@code heap} bytes ran out, naming the largest thing noted ({@code largest}, may
     * be null): "seedc: error: out of memory: ...".
     */
    public static String outOfMemory(long heap, Noted largest) {
        String held = largest == null ? "" : "; " + largest.what() + " alone takes about " + mb(largest.bytes());
        return "seedc: error: out of memory: the command needed more than the " + mb(heap) + " the Java heap holds"
                + held + "; " + ADVICE;
    }

    /** Bytes in megabytes (2^20), rounded up, with thousands separated: "1,024 MB". */
    public static String mb(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", (bytes + (1 << 20) - 1) >> 20);
    }
}
