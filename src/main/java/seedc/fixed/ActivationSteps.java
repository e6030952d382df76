package seedc.fixed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;
import seedc.ir.Op;

/**
 * A non-decreasing function of an input of at most 16 bits whose outputs take at most 255 steps (a sigmoid or tanh
 * into 8 bits), written as the inputs where it steps: f(x) = {@code first} + the number of entries of {@code below}
 * that x exceeds. The C finds that number by a binary search unrolled {@code depth} times ({@link #at} is the same
 * search in Java), in place of the exp lookup and the division (about 225 cycles an element on the AVR, where a step
 * of the search is about 16). The entries come from f itself, the semantics' kernel evaluated at every input, so the
 * C computes the same integers; {@code below} is padded with the largest input, which nothing exceeds, to
 * 2^depth - 1 entries. An IR-level fact ({@link #of(FixedProgram, Op)}: the op's parameters and types alone), so
 * that seedc.codegen.c.emit.ActivationEmitter writes the search where a dialect searches (the AVR's) and seedc.cost
 * prices that code, not the exp lookup and division it replaces.
 *
 * @param first the output at the smallest input
 * @param below x - 1 for each input x where the output steps up by one (twice for a step of two), ascending, padded
 * @param depth the search's steps
 */
public record ActivationSteps(long first, long[] below, int depth) {
    /** The most steps a search may take: 255 entries of 16 bits, 510 bytes of flash. */
    static final int MAX_DEPTH = 8;

    /** Whether a sigmoid or tanh from {@code in} into {@code out} is one the search may serve: 16 bits into 8. */
    public static boolean fits(FixedType in, FixedType out) {
        return in.container() == 16 && out.container() == 8;
    }

    /**
     * The steps of a sigmoid or tanh of fp whose input and output {@link #fits}, as the semantics' kernel computes it
     * (wraps ignored, as the C's), or null for any other op or where f decreases or steps too often.
     */
    public static ActivationSteps of(FixedProgram fp, Op op) {
        if (!(op instanceof Op.Sigmoid) && !(op instanceof Op.Tanh)) {
            return null;
        }
        FixedType in = fp.type(op.inputs().get(0)), out = fp.type(op.out());
        if (!fits(in, out)) {
            return null;
        }
        return of(FixedKernels.activation(op instanceof Op.Sigmoid, fp.params(op, OpParams.Activation.class), out),
                in.bits());
    }

    /**
     * f over the inputs of {@code inBits} bits (2 to 16) as its steps, or null where f decreases or steps too often.
     */
    public static ActivationSteps of(LongUnaryOperator f, int inBits) {
        long lo = -(1L << (inBits - 1)), hi = (1L << (inBits - 1)) - 1;
        long first = f.applyAsLong(lo), prev = first;
        List<Long> below = new ArrayList<>();
        for (long x = lo + 1; x <= hi; x++) {
            long v = f.applyAsLong(x);
            if (v < prev || below.size() + (v - prev) >= 1 << MAX_DEPTH) {
                return null;
            }
            for (long k = prev; k < v; k++) {
                below.add(x - 1);
            }
            prev = v;
        }
        int depth = 0;
        while ((1 << depth) - 1 < below.size()) {
            depth++;
        }
        long[] padded = new long[(1 << depth) - 1];
        Arrays.fill(padded, hi);
        for (int i = 0; i < below.size(); i++) {
            padded[i] = below.get(i);
        }
        return new ActivationSteps(first, padded, depth);
    }

    /** f(x) by the search the C makes: at each step, past the entry halfway through what is left when x exceeds it. */
    public long at(long x) {
        int i = 0;
        for (int step = half(); step >= 1; step >>= 1) {
            if (x > below[i + step - 1]) {
                i += step;
            }
        }
        return first + i;
    }

    /** The search's first step (0 when f is constant: no search). */
    public int half() {
        return depth == 0 ? 0 : 1 << (depth - 1);
    }
}
