package seedc.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The messages about memory: the bytes needed, the heap's limit and the options that help, worked by hand. */
class HeapNeedTest {
    @Test
    void megabytesRoundUp() {
        assertEquals("0 MB", HeapNeed.mb(0));
        assertEquals("1 MB", HeapNeed.mb(1));
        assertEquals("1 MB", HeapNeed.mb(1 << 20));
        assertEquals("2 MB", HeapNeed.mb((1 << 20) + 1));
        assertEquals("3,072 MB", HeapNeed.mb(3L << 30));
    }

    @Test
    void exceededNamesTheNeedTheHeapAndTheOptions() {
        UserError e = HeapNeed.exceeded("train.npy", "loading its 8000 rows", 2L << 30, 1L << 30);
        assertEquals("train.npy: error: loading its 8000 rows takes about 2,048 MB of memory, and the Java heap holds"
                + " at most 1,024 MB; give seedc a larger heap (SEEDC_HEAP=SIZE, e.g. SEEDC_HEAP=16g; the launcher gives"
                + " Java 3/4 of the machine's memory unless SEEDC_HEAP or an -Xmx says otherwise) or give it fewer"
                + " rows (every row is loaded: of a --train set above 4,000 rows the search decides on 2,000 and"
                + " confirms on all)",
                e.getMessage());
    }

    @Test
    void outOfMemoryNamesTheHeapAndTheLargestNeed() {
        String m = HeapNeed.outOfMemory(512L << 20, new HeapNeed.Noted("t.npy (2000 rows of 32001 values)", 300L << 20));
        assertEquals("seedc: error: out of memory: the command needed more than the 512 MB the Java heap holds;"
                + " t.npy (2000 rows of 32001 values) alone takes about 300 MB; " + HeapNeed.ADVICE, m);
        assertEquals("seedc: error: out of memory: the command needed more than the 512 MB the Java heap holds; "
                + HeapNeed.ADVICE, HeapNeed.outOfMemory(512L << 20, null));
    }
}
