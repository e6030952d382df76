package seedc.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The def-use graph of a program, keyed by IR values: the op that defines each value and every
 * place that reads it. A loop ({@link Op.SumLoop}, {@link Op.Loop}) is a sub-graph: its body is a
 * {@link Region} nested in the region of the loop op, so an analysis can tell a read inside a loop
 * of a value defined outside it (read again by every iteration) from one of a value of the body.
 */
public final class Dataflow {
    /**
     * A straight-line part of the graph: the program's body ({@code loop} and {@code parent} null)
     * or the body of {@code loop}, nested in {@code parent}, the region holding the loop op.
     */
    public record Region(Op loop, Region parent, List<Op> ops) {
        /** True when {@code r} is this region or nested in it. */
        public boolean encloses(Region r) {
            for (Region x = r; x != null; x = x.parent) {
                if (x == this) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Where a value is read. */
    public enum Site {
        /** As an operand of {@link Use#op()}, when that op runs. */
        OPERAND,
        /** By the loop {@link Use#op()} at the end of each iteration: its result, output and accumulator. */
        LOOP_END,
        /** By the program's return ({@link Use#op()} is null). */
        RETURN
    }

    /** One read of a value. */
    public record Use(Op op, Site site) {}

    private final Program program;
    private final Region top;
    private final Map<Value, Op> defs = new HashMap<>();
    private final Map<Value, List<Use>> uses = new HashMap<>();
    private final Map<Op, Region> regionOf = new IdentityHashMap<>();
    private final Map<Op, Region> bodies = new IdentityHashMap<>();

    /** Reads some ops make beyond their operands (a backend's fused code reading an earlier op's operand). */
    private final Map<Op, List<Value>> extraReads;

    private Dataflow(Program program, Map<Op, List<Value>> extraReads) {
        this.program = program;
        this.extraReads = extraReads;
        this.top = region(null, null, program.body());
        use(program.result(), new Use(null, Site.RETURN));
    }

    public static Dataflow of(Program program) {
        return new Dataflow(program, Map.of());
    }

    /** The graph with {@code extraReads}: values some ops also read, as operands, when they run. */
    public static Dataflow of(Program program, Map<Op, List<Value>> extraReads) {
        return new Dataflow(program, extraReads);
    }

    /** Builds the region of {@code block} in program order: defs before uses, a loop before its body. */
    private Region region(Op loop, Region parent, Block block) {
        Region r = new Region(loop, parent, block.ops());
        for (Op op : block.ops()) {
            regionOf.put(op, r);
            for (Value v : defined(op)) {
                defs.put(v, op);
            }
            for (Value v : op.inputs()) {
                use(v, new Use(op, Site.OPERAND));
            }
            for (Value v : extraReads.getOrDefault(op, List.of())) {
                use(v, new Use(op, Site.OPERAND));
            }
            Block body = body(op);
            if (body != null) {
                bodies.put(op, region(op, r, body));
                for (Value v : loopEndReads(op)) {
                    use(v, new Use(op, Site.LOOP_END));
                }
            }
        }
        return r;
    }

    private void use(Value v, Use u) {
        uses.computeIfAbsent(v, k -> new ArrayList<>()).add(u);
    }

    /** The values op defines: its output, and for a loop its index (and a {@link Op.Loop}'s accumulator). */
    public static List<Value> defined(Op op) {
        if (op instanceof Op.SumLoop s) {
            return List.of(s.out(), s.index());
        }
        if (op instanceof Op.Loop l) {
            return List.of(l.out(), l.index(), l.acc());
        }
        return List.of(op.out());
    }

    /**
     * What a loop reads when an iteration ends (beyond {@link Op#inputs()}, read when it starts): the
     * body's result, and the output it adds the result to (or copies it into); a {@link Op.Loop} also
     * sets its accumulator from the output for the next iteration.
     */
    static List<Value> loopEndReads(Op op) {
        if (op instanceof Op.SumLoop s) {
            return List.of(s.result(), s.out());
        }
        if (op instanceof Op.Loop l) {
            return List.of(l.result(), l.out(), l.acc());
        }
        return List.of();
    }

    /** The body of a loop op, null for any other op. */
    static Block body(Op op) {
        return op instanceof Op.SumLoop s ? s.body() : op instanceof Op.Loop l ? l.body() : null;
    }

    public Program program() {
        return program;
    }

    /** The region of the program's body, the root of the region tree. */
    public Region top() {
        return top;
    }

    /** The op defining v (for a loop index or accumulator, the loop). */
    public Op def(Value v) {
        Op op = defs.get(v);
        if (op == null) {
            throw new IllegalArgumentException("not defined in this program: " + v);
        }
        return op;
    }

    /** Every read of v in program order (a loop's end reads after its body's); empty when none. */
    public List<Use> uses(Value v) {
        return List.copyOf(uses.getOrDefault(v, List.of()));
    }

    /** The op that reads v as an operand when that is v's only use, else null. */
    public Op onlyReader(Value v) {
        List<Use> u = uses.getOrDefault(v, List.of());
        return u.size() == 1 && u.get(0).site() == Site.OPERAND ? u.get(0).op() : null;
    }

    /** The region holding op. */
    public Region region(Op op) {
        return regionOf.get(op);
    }

    /** The sub-graph of a loop's body; null for any other op. */
    public Region bodyRegion(Op loop) {
        return bodies.get(loop);
    }
}
