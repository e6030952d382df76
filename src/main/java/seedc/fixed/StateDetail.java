package seedc.fixed;

import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Program;

/**
 * How much of a run an interpreter keeps for a later run on the same example to reuse ({@link
 * FixedInterpreter.State}): which op executions it tapes. A later run of a program that computes some values
 * alike skips the ops whose values it can take from the tape.
 */
public enum StateDetail {
    /** The values of the top-level ops: a loop with any op in it to run runs whole. */
    TOP_LEVEL,
    /**
     * Every op's value, inside loops at every iteration: a loop runs only the ops that must (ProtoNN's loop over
     * prototypes, in which a demoted score reuses every distance). It costs a run's memory every iteration.
     */
    EVERY_ITERATION;

    /**
     * Whether a state keeps the value of {@code op} at loop depth {@code depth} (0: top level): every real
     * value at the top level; inside loops, with EVERY_ITERATION, those of costly ops: a product with an inner
     * dimension, a convolution, a loop. Copies and element-wise ops inside a loop compute faster than their kept
     * arrays load (measured on ProtoNN and FastGRNN, whose loops run many small ops), so they run again.
     */
    public boolean keeps(Op op, int depth) {
        if (op.out().isInt()) {
            return false;
        }
        return depth == 0 || this == EVERY_ITERATION && OpFacts.work(op) >= 4L * Math.max(1, op.out().size());
    }

    /** The taped executions inside op (a loop's body, every iteration), which come before the op's own. */
    int tapedInside(Op op, int depth) {
        return Math.toIntExact(inside(op, depth, false));
    }

    /** The taped executions of one example's run of {@code p}. */
    int length(Program p) {
        return Math.toIntExact(count(p.body(), 0, false));
    }

    /** About the bytes a state of {@code p} keeps: each taped array's header and elements, and its slot. */
    public long bytes(Program p) {
        return count(p.body(), 0, true);
    }

    /**
     * The finest detail whose states for {@code rows} examples fit {@code budget} bytes; TOP_LEVEL when only it
     * does (or neither: a state of the top level holds little more than a run holds anyway).
     */
    public static StateDetail finest(Program p, long rows, long budget) {
        long each = EVERY_ITERATION.bytes(p);
        return each != Long.MAX_VALUE && each <= budget / Math.max(1, rows) ? EVERY_ITERATION : TOP_LEVEL;
    }

    /** Taped executions of {@code b} at {@code depth} (or, with {@code bytes}, their bytes), saturating. */
    private long count(Block b, int depth, boolean bytes) {
        long total = 0;
        for (Op op : b.ops()) {
            long own = keeps(op, depth) ? (bytes ? 32 + 8L * op.out().size() : 1) : 0;
            total = plus(total, plus(own, inside(op, depth, bytes)));
        }
        return total;
    }

    private long inside(Op op, int depth, boolean bytes) {
        if (this == TOP_LEVEL) {
            return 0;
        }
        if (op instanceof Op.SumLoop s) {
            return times(s.to() - s.from(), count(s.body(), depth + 1, bytes));
        }
        if (op instanceof Op.Loop l) {
            return times(l.to() - l.from(), count(l.body(), depth + 1, bytes));
        }
        return 0; // only loops hold ops
    }

    private static long plus(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    private static long times(long trips, long n) {
        trips = Math.max(0, trips);
        return trips == 0 || n <= Long.MAX_VALUE / trips ? trips * n : Long.MAX_VALUE;
    }
}
