package seedc.harness;

import java.util.List;
import java.util.stream.Collectors;
import seedc.ir.Value;

/**
 * A one-op program: the op's kind, its operands and how the op (and any int offsets, loop index or
 * loop body it needs) is emitted once the operands exist. The emitter gives every real value it
 * creates a planned type ({@link OneOp#real}); a {@link Rule} then fixes the types and op parameters.
 */
record OpSpec(String op, List<Operand> operands, Emitter emitter) {
    @FunctionalInterface
    interface Emitter {
        /** Emits the op (and its helpers) reading {@code args} (one per operand, in order); returns its result. */
        Value emit(OneOp b, Value[] args);
    }

    @Override
    public String toString() {
        return op + " " + operands.stream().map(Operand::toString).collect(Collectors.joining(", "));
    }
}
