package seedc.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import seedc.fixed.FixedProgram;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Which top-level ops of a candidate must run when another fixed program of the same source has already run
 * on the same input: a demoted value changes only the ops downstream of it, and every other op computes the
 * same integers as in the other program. An op must run when its own fixed types or op parameters differ
 * (for a loop, those of any op in its body), or when it reads (in a loop, anywhere in its body) a value an
 * op that runs defines.
 */
final class Reuse {
    private Reuse() {}

    /** run[i] for top-level op i of {@code cand}'s program, relative to {@code ref}. */
    static boolean[] mustRun(FixedProgram cand, FixedProgram ref) {
        Program p = cand.program();
        List<Op> ops = p.body().ops();
        boolean[] changed = new boolean[p.valueCount()];
        boolean[] run = new boolean[ops.size()];
        for (int i = 0; i < ops.size(); i++) {
            List<Op> nested = new ArrayList<>();
            flatten(ops.get(i), nested);
            for (Op op : nested) {
                run[i] |= !Objects.equals(cand.paramMap().get(op), ref.paramMap().get(op));
                for (Value v : OpFacts.defines(op)) {
                    run[i] |= !Objects.equals(cand.types()[v.id()], ref.types()[v.id()]);
                }
                for (Value v : op.inputs()) {
                    run[i] |= changed[v.id()];
                }
            }
            if (run[i]) {
                for (Op op : nested) {
                    OpFacts.defines(op).forEach(v -> changed[v.id()] = true);
                }
            }
        }
        return run;
    }

    /** Whether {@code cand} computes every op exactly as {@code ref} does (no top-level op must run again). */
    static boolean alike(FixedProgram cand, FixedProgram ref) {
        for (boolean run : mustRun(cand, ref)) {
            if (run) {
                return false;
            }
        }
        return true;
    }

    /** Work of the top-level ops that run: about one unit per element computed, loops times their trip count. */
    static long cost(Program p, boolean[] run) {
        long total = 0;
        for (int i = 0; i < run.length; i++) {
            total += run[i] ? OpFacts.work(p.body().ops().get(i)) : 0;
        }
        return total;
    }

    /** fresh[id]: whether value id is defined by a top-level op that runs (inside it, for a loop). */
    static boolean[] fresh(Program p, boolean[] run) {
        boolean[] fresh = new boolean[p.valueCount()];
        List<Op> ops = p.body().ops();
        for (int i = 0; i < ops.size(); i++) {
            if (run[i]) {
                List<Op> nested = new ArrayList<>();
                flatten(ops.get(i), nested);
                nested.forEach(op -> OpFacts.defines(op).forEach(v -> fresh[v.id()] = true));
            }
        }
        return fresh;
    }

    private static void flatten(Op op, List<Op> out) {
        out.add(op);
        if (op instanceof Op.SumLoop s) {
            s.body().ops().forEach(o -> flatten(o, out));
        } else if (op instanceof Op.Loop l) {
            l.body().ops().forEach(o -> flatten(o, out));
        }
    }
}
