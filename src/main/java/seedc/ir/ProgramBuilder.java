package seedc.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import seedc.diag.Pos;

/**
 * The one way a front end builds a {@link Program}: it creates values (unique readable names, int
 * ranges), appends ops to the innermost open block, opens and closes nested loop bodies, and declares
 * the runtime input with the range its values are known to lie in and the parameters to load.
 */
public final class ProgramBuilder {
    private int nextId;
    private final Set<String> usedNames = new HashSet<>();
    private final List<Program.Param> params = new ArrayList<>();
    private final Deque<List<Op>> blocks = new ArrayDeque<>();
    private Value input;
    private double inputLo;
    private double inputHi;

    public ProgramBuilder() {
        blocks.push(new ArrayList<>());
    }

    /** A new real tensor value; {@code hint} (may be null) names it, made unique. */
    public Value real(String hint, Shape shape, Pos pos) {
        return new Value(nextId++, uniqueName(hint), Value.Kind.REAL, shape, pos, 0, 0);
    }

    /** A new int scalar whose value the front end has proven to lie in [lo, hi]. */
    public Value integer(String hint, Pos pos, long lo, long hi) {
        if (lo > hi) {
            throw new IllegalArgumentException("empty int range " + lo + ".." + hi);
        }
        return new Value(nextId++, uniqueName(hint), Value.Kind.INT, Shape.SCALAR, pos, lo, hi);
    }

    /** Whether an int range fits the 32-bit ints of the generated code. */
    public static boolean fitsInt32(long lo, long hi) {
        return lo >= Integer.MIN_VALUE && hi <= Integer.MAX_VALUE;
    }

    private String uniqueName(String hint) {
        String base = hint == null ? "t" : hint.replaceAll("[^A-Za-z0-9_]", "_");
        String name = base.equals("t") ? "t" + nextId : base;
        for (int k = 1; !usedNames.add(name); k++) {
            name = base + "_" + k;
        }
        return name;
    }

    /** Appends op to the innermost open block and returns the value it defines. */
    public Value emit(Op op) {
        blocks.peek().add(op);
        return op.out();
    }

    /** The runtime input, whose elements the front end knows to lie in [lo, hi]. */
    public Value input(String name, Shape shape, Pos pos, double lo, double hi) {
        if (input != null) {
            throw new IllegalStateException("a program has one input");
        }
        input = emit(new Op.Input(real(name, shape, pos)));
        inputLo = lo;
        inputHi = hi;
        return input;
    }

    /** A parameter loaded by name, with the range its declaration states; sparse ones are stored val/idx. */
    public Value param(String name, Shape shape, Pos pos, double lo, double hi, boolean sparse) {
        Value v = emit(new Op.Param(real(name, shape, pos), name));
        params.add(new Program.Param(v, name, shape, lo, hi, sparse));
        return v;
    }

    /** Opens a loop body: ops emitted from now on go into it until {@link #closeBlock()}. */
    public void openBlock() {
        blocks.push(new ArrayList<>());
    }

    public Block closeBlock() {
        if (blocks.size() == 1) {
            throw new IllegalStateException("no open loop body");
        }
        return new Block(List.copyOf(blocks.pop()));
    }

    public Program build(Value result) {
        if (blocks.size() != 1) {
            throw new IllegalStateException(blocks.size() - 1 + " loop bodies left open");
        }
        return new Program(new Block(List.copyOf(blocks.peek())), result, input, inputLo, inputHi, new int[0],
                List.copyOf(params), nextId);
    }
}
