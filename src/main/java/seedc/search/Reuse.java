package seedc.search;

import java.util.Objects;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.StateDetail;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Which ops of a candidate must run when another fixed program of the same source has already run on the same
 * input and kept its state: a demoted value changes only the ops downstream of it, and every other op computes
 * the same integers as in the other program. An op must run when its own fixed types or op parameters differ,
 * or when it reads a value such an op defines. A loop runs when an op in its body must; in it, the ops whose
 * values differ run, and those whose values the state does not keep ({@link StateDetail#keeps}).
 *
 * <p>The answer is by the id of each op's value ({@code Op.out()}), the form
 * {@link seedc.fixed.FixedInterpreter#run(double[], seedc.fixed.FixedInterpreter.State, boolean[])} takes.
 */
final class Reuse {
    private final FixedProgram cand;
    private final FixedProgram ref;
    private final StateDetail detail;
    /** By value id: whether the value differs between the two programs; by op value id: whether the op's does. */
    private final boolean[] changed;
    private final boolean[] runs;

    private Reuse(FixedProgram cand, FixedProgram ref, StateDetail detail) {
        this.cand = cand;
        this.ref = ref;
        this.detail = detail;
        this.changed = new boolean[cand.program().valueCount()];
        this.runs = new boolean[changed.length];
    }

    /**
     * runs[op.out().id()] for every op of {@code cand}'s program, relative to {@code ref}'s kept state: whether
     * the interpreter computes it (an op whose value differs, or whose value the state does not keep, in a loop
     * that runs) or takes its value from the state.
     */
    static boolean[] mustRun(FixedProgram cand, FixedProgram ref, StateDetail detail) {
        Reuse r = new Reuse(cand, ref, detail);
        r.mark(cand.program().body());
        r.schedule(cand.program().body(), 0);
        return r.runs;
    }

    /** Whether {@code cand} computes every value exactly as {@code ref} does. */
    static boolean alike(FixedProgram cand, FixedProgram ref) {
        Reuse r = new Reuse(cand, ref, StateDetail.TOP_LEVEL);
        return !r.mark(cand.program().body());
    }

    /** Marks the values of {@code b} that differ; whether any does. */
    private boolean mark(Block b) {
        boolean any = false;
        for (Op op : b.ops()) {
            boolean differs = differs(op) || readsChanged(op);
            if (op instanceof Op.SumLoop s) {
                differs |= mark(s.body());
            } else if (op instanceof Op.Loop l) {
                differs |= markLoop(l);
            }
            if (differs) {
                OpFacts.defines(op).forEach(v -> changed[v.id()] = true);
            }
            any |= differs;
        }
        return any;
    }

    /** Whether op reads a value that differs (a loop, not a stream: this runs for every op of every candidate). */
    private boolean readsChanged(Op op) {
        for (Value v : op.inputs()) {
            if (changed[v.id()]) {
                return true;
            }
        }
        return false;
    }

    /**
     * A loop's body reads the accumulator, which carries the result of the iteration before: it changes when the
     * initial value does or, found by marking the body once more, when the result does.
     */
    private boolean markLoop(Op.Loop l) {
        changed[l.acc().id()] |= changed[l.init().id()] || differs(l);
        boolean any = mark(l.body());
        if (changed[l.result().id()] && !changed[l.acc().id()]) {
            changed[l.acc().id()] = true;
            any |= mark(l.body());
        }
        return any;
    }

    /** Which ops of {@code b}, at loop depth {@code depth} in a loop that runs, the interpreter computes. */
    private void schedule(Block b, int depth) {
        for (Op op : b.ops()) {
            int id = op.out().id();
            runs[id] = changed[id] || !detail.keeps(op, depth);
            if (runs[id] && op instanceof Op.SumLoop s) {
                schedule(s.body(), depth + 1);
            } else if (runs[id] && op instanceof Op.Loop l) {
                schedule(l.body(), depth + 1);
            }
        }
    }

    /** Whether op's own fixed types or op parameters differ between the two programs. */
    private boolean differs(Op op) {
        Object mine = cand.paramMap().get(op), theirs = ref.paramMap().get(op);
        if (mine != theirs && !Objects.equals(mine, theirs)) {
            return true;
        }
        if (typeDiffers(op.out())) {
            return true;
        }
        if (op instanceof Op.SumLoop || op instanceof Op.Loop) { // the index and accumulator too
            for (Value v : OpFacts.defines(op)) {
                if (typeDiffers(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean typeDiffers(Value v) {
        FixedType a = cand.types()[v.id()], b = ref.types()[v.id()];
        return a != b && !Objects.equals(a, b);
    }

    /** Work of the ops that run: about one unit per element computed, times the trip counts of their loops. */
    static long cost(Program p, boolean[] runs) {
        return cost(p.body(), runs, 1);
    }

    private static long cost(Block b, boolean[] runs, long trips) {
        long total = 0;
        for (Op op : b.ops()) {
            long c = 0;
            if (op instanceof Op.SumLoop s) {
                c = cost(s.body(), runs, times(trips, s.to() - s.from()));
            } else if (op instanceof Op.Loop l) {
                c = cost(l.body(), runs, times(trips, l.to() - l.from()));
            } else if (runs[op.out().id()]) {
                c = times(trips, OpFacts.work(op));
            }
            total = total + c < 0 ? Long.MAX_VALUE : total + c;
        }
        return total;
    }

    /** a * b for counts (b may be negative: an empty loop), saturating. */
    private static long times(long a, long b) {
        b = Math.max(0, b);
        return b == 0 || a <= Long.MAX_VALUE / b ? a * b : Long.MAX_VALUE;
    }

    /**
     * fresh[id]: whether value id is computed by an op that runs (ints always run), so that its wrap events are
     * counted in this run, not taken from the kept one.
     */
    static boolean[] fresh(Program p, boolean[] runs) {
        boolean[] fresh = new boolean[p.valueCount()];
        p.forEachOp(op -> {
            boolean computed = runs[op.out().id()] || op.out().isInt();
            fresh[op.out().id()] |= computed;
            if (op instanceof Op.SumLoop || op instanceof Op.Loop) { // the index and accumulator too
                OpFacts.defines(op).forEach(v -> fresh[v.id()] |= computed);
            }
        });
        return fresh;
    }
}
