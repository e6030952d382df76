package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The fixed IR: a program in which every real value has a fixed-point type and every arithmetic
 * op carries the constants of its integer computation. Backends read only this (and a memory plan).
 */
public record FixedProgram(Program program, FixedType[] types, IdentityHashMap<Op, OpParams> params,
                           String strategy, int bitwidth, int maxscale) {

    public FixedType type(Value v) {
        FixedType t = types[v.id()];
        if (t == null) {
            throw new IllegalStateException("no fixed type for " + v.name());
        }
        return t;
    }

    @SuppressWarnings("unchecked")
    public <P extends OpParams> P params(Op op, Class<P> kind) {
        OpParams p = params.get(op);
        if (!kind.isInstance(p)) {
            throw new IllegalStateException("op " + op.out().name() + " has no " + kind.getSimpleName() + " parameters");
        }
        return (P) p;
    }

    /** Flash taken by the parameters at their bitwidths, counted dense (a sparse one stores its non-zeros and indices). */
    public int paramBytes() {
        int total = 0;
        for (Program.Param pa : program.params()) {
            total += pa.shape().size() * type(pa.value()).bits() / 8;
        }
        return total;
    }

    public Map<Op, OpParams> paramMap() {
        return params;
    }
}
