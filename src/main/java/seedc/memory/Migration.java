package seedc.memory;

import com.fasterxml.jackson.annotation.JsonIgnore;
import seedc.ir.Op;

/**
 * One move of Shiftry's {@code ShiftVars}: just before instruction {@code atInstruction} executes,
 * copy {@code sizeBytes} bytes of value {@code name} from buffer offset {@code fromOffset} to
 * {@code toOffset}. Moves only go to lower addresses; the moves of one instruction must run in the
 * order listed (it makes each copy safe with memmove semantics).
 *
 * <p>{@code op}: the op that instruction runs, which the move makes room for, where the plan's instructions are a
 * program's ops ({@link #withOp}: the C backends' RAM plan names it in its report); null for the instruction that
 * returns the result, and in a plan of bare live ranges. Not in report.json, which has the instruction.
 */
public record Migration(int atInstruction, String name, int fromOffset, int toOffset, int sizeBytes,
                        @JsonIgnore Op op) {
    /** A move as the planner makes it, from live ranges numbered by instruction. */
    public Migration(int atInstruction, String name, int fromOffset, int toOffset, int sizeBytes) {
        this(atInstruction, name, fromOffset, toOffset, sizeBytes, null);
    }

    /** The same move, made before {@code op} (the op instruction {@code atInstruction} runs; null: the return). */
    public Migration withOp(Op op) {
        return new Migration(atInstruction, name, fromOffset, toOffset, sizeBytes, op);
    }
}
