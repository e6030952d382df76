package seedc.backend;

import java.util.function.Supplier;

/**
 * Test builds that also print a classifier's decision scores: the raw integers of the argmax operand of the
 * program's label, each printed before the label on the label's line ("s0 s1 ... sN-1 label"), so that a
 * differential test compares every score with the fixed-point interpreter's, not the label alone (a kernel off by
 * a little agrees on most labels). A program with a tensor result already prints its raw integers, and one whose
 * int result is no argmax prints its label alone: both are unchanged.
 *
 * <p>A scoped switch, as bench --profile's marks are, and no emit option or command-line flag: emission outside
 * {@link #of} is unchanged byte for byte, and no user sees the hooks. Inside it:
 * <ul>
 *   <li>the C backends (every dialect: x86, Arduino, Cortex-M) write, right before the argmax of the label,
 *       {@code for (sd_idx k = 0; k < N; k++) SEEDC_SCORE(k, (int32_t)(score k));} on one line, and nothing else
 *       differs. {@value #C_MACRO}(k, v) is not defined by the generated code: the build that asks for scores defines
 *       it (a header given with {@code -include}) to print v and a space where the harness prints the label (the
 *       Uno's harness: seedc_bench.h and {@code seedc.bench.AvrBench});</li>
 *   <li>the FPGA backend's testbench (tb.v) prints the design's memory of the scores, read at done through the
 *       hierarchy, before the label; the design's other files are unchanged;</li>
 *   <li>{@code seedc.bench.ModelBench} expects such lines from the Uno.</li>
 * </ul>
 */
public final class ScoredBuild {
    /** The C macro a scored predict body calls for every score: {@code SEEDC_SCORE(k, v)}, v an int32_t. */
    public static final String C_MACRO = "SEEDC_SCORE";

    private static final ThreadLocal<Boolean> ON = ThreadLocal.withInitial(() -> false);

    private ScoredBuild() {}

    /** Runs {@code build} (emission, or a bench's build and run, on this thread) with the score hooks on. */
    public static <T> T of(Supplier<T> build) {
        boolean was = ON.get();
        ON.set(true);
        try {
            return build.get();
        } finally {
            ON.set(was);
        }
    }

    /** Whether emission on this thread writes the score hooks. */
    public static boolean on() {
        return ON.get();
    }
}
