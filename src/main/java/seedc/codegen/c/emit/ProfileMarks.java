package seedc.codegen.c.emit;

import java.util.function.Supplier;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.OpFacts;

/**
 * What a predict body emitted on this thread marks for 'seedc bench --profile' ({@link BodyEmitter} writes the
 * marks). A scoped switch rather than an emit option so that profiling touches the body's emitter alone (the kernels'
 * constructors stay as they are), and off unless {@link #profiled} is running, so that ordinary output is unchanged
 * byte for byte.
 */
public final class ProfileMarks {
    private ProfileMarks() {}

    /** What a profiled emission marks: nothing (ordinary output), the top-level ops, or those and loop bodies. */
    enum Marks { NONE, TOP_LEVEL, LOOP_BODIES }

    private static final ThreadLocal<Marks> PROFILING = ThreadLocal.withInitial(() -> Marks.NONE);

    /** What emission on this thread marks now. */
    static Marks current() {
        return PROFILING.get();
    }

    /**
     * Runs {@code emission} (an emit on this thread) with a {@code SEEDC_PROFILE_MARK(i);} statement before each
     * top-level op i of the predict body and one after the last (i = the number of top-level ops), and inside the body
     * of each top-level op that {@link #marksBodyOf} names: one before each of its body's ops and one before the copy
     * of each iteration's result (so a loop's own interval is its init and, per iteration, that copy, the counter and
     * the state's copy) or, in a sum loop, before the addition of the iteration's result to the sum (so its own
     * interval is the sum's zeroing and, per iteration, that addition and the counter; where the body's last op is
     * added as it is computed, that op's interval has the addition and the mark follows it). Body marks are numbered on
     * from the end mark, in the order of the text. The macro is empty unless the build defines it (the Uno bench
     * defines it as a write of i to GPIOR1, which simavr stamps).
     */
    public static <T> T profiled(Supplier<T> emission) {
        return profiled(true, emission);
    }

    /**
     * The same; {@code loopBodies} false: the top-level ops only (the body marks' cost is measured against it). Inside
     * another call the outer one decides, so that a test can profile at top level through the bench's own call.
     */
    public static <T> T profiled(boolean loopBodies, Supplier<T> emission) {
        if (PROFILING.get() != Marks.NONE) {
            return emission.get();
        }
        PROFILING.set(loopBodies ? Marks.LOOP_BODIES : Marks.TOP_LEVEL);
        try {
            return emission.get();
        } finally {
            PROFILING.remove();
        }
    }

    /**
     * Whether a profiled build marks the ops in the body of the top-level op {@code op}: a loop's (LSTM, GRU and
     * FastGRNN cells) and a sum loop's with ops in its body (ProtoNN's per-prototype loop), not
     * the ops of loops nested in those bodies. {@code seedc.bench.OpProfile} reads the marks by the same rule.
     */
    public static boolean marksBodyOf(Op op) {
        return op instanceof Op.Loop || op instanceof Op.SumLoop s && !s.body().ops().isEmpty();
    }

    /** The body of the loop or sum loop {@code op} (null: another op). */
    public static Block bodyOf(Op op) {
        OpFacts.Repeated r = OpFacts.repeated(op);
        return r == null ? null : r.body();
    }

    /** How often the body of the loop or sum loop {@code op} runs (0: another op). */
    public static int iterationsOf(Op op) {
        OpFacts.Repeated r = OpFacts.repeated(op);
        return r == null ? 0 : r.iterations();
    }
}
