package seedc.analysis;

import java.util.Optional;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The bound on what one example may cost: a program whose ops do more than {@link #MAX_PER_EXAMPLE} element
 * operations per example ({@link #work}) is refused before any work starts. Why: every command runs the program
 * over whole data sets, the search once per candidate, so such a program would keep seedc busy for hours without a
 * word (a sum over a billion indices); and no microcontroller runs it in useful time. The bound is 250 times the
 * largest model in benchmarks/ (a two-layer CNN on 28x28 images, about 400,000), and a program at the bound takes
 * about a tenth of a second per example in the float interpreter, whether its work is in large tensors or in many small
 * ops run in loops (measured in BENCHMARKS.md, "Limits"): each op run also counts {@link #PER_OP_RUN}.
 */
public final class WorkBound {
    private WorkBound() {}

    public static final long MAX_PER_EXAMPLE = 100_000_000L;

    /**
     * What running one op costs besides its elements, in element operations: the interpreters spend about 60 ns
     * on an op of one element (an iteration of {@code $(i = [0:n]) (X)} as much), against about 1 ns per element
     * of a large op. Without it a loop of small ops would count a hundredth of its time ({@code $(i =
     * [0:30000000]) (X)} ran for 9 s per pass over two examples and kept the search busy for minutes).
     */
    public static final long PER_OP_RUN = 100;

    /** A program over the bound: its work per example, and the value of the top-level op that does the most. */
    public record Excess(long work, Value where) {
        public String message() {
            return String.format("the program does about %,d operations per example, most of them in this expression;"
                    + " seedc compiles programs of at most %,d (it runs a program over whole training sets, once"
                    + " per candidate of the search): use fewer iterations or smaller tensors", work, MAX_PER_EXAMPLE);
        }
    }

    /**
     * An op's work as the bound counts it: {@link OpFacts#work} plus {@link #PER_OP_RUN}; a sum's or loop's is its
     * trip count times its body's, plus {@link #PER_OP_RUN} for the iteration itself and, for a sum, the addition
     * of its result (its elements), so that a loop whose body is a bare reference ({@code $(i = [0:1000000000])
     * (X)}, or a hundred nested loops around one) counts its iterations too. Saturates at Long.MAX_VALUE.
     */
    static long work(Op op) {
        return switch (op) {
            case Op.SumLoop s -> OpFacts.times(s.to() - s.from(),
                    OpFacts.plus(work(s.body()), PER_OP_RUN + Math.max(1, s.out().size())));
            case Op.Loop l -> OpFacts.times(l.to() - l.from(), OpFacts.plus(work(l.body()), PER_OP_RUN));
            default -> OpFacts.plus(OpFacts.work(op), PER_OP_RUN);
        };
    }

    private static long work(Block b) {
        long total = 0;
        for (Op op : b.ops()) {
            total = OpFacts.plus(total, work(op));
        }
        return total;
    }

    /** The program's work per example as the bound counts it ({@link #work(Op)} of every op). */
    public static long perExample(Program p) {
        return work(p.body());
    }

    /** The excess, when the program's work per example is over the bound. */
    public static Optional<Excess> excess(Program p) {
        long total = work(p.body());
        if (total <= MAX_PER_EXAMPLE) {
            return Optional.empty();
        }
        Op worst = null;
        long most = -1;
        for (Op op : p.body().ops()) {
            long w = work(op);
            if (w > most) {
                worst = op;
                most = w;
            }
        }
        return Optional.of(new Excess(total, worst.out()));
    }
}
