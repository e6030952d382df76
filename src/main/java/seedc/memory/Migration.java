package seedc.memory;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import seedc.ir.Op;

/**
 * One move of Shiftry's {@code ShiftVars}: just before instruction {@code atInstruction} executes,
 * copy {@code sizeBytes} bytes of value {@code name} from buffer offset {@code fromOffset} to
 * {@code toOffset}. Moves only go to lower addresses; the moves of one instruction must run in the
 * order listed (it makes each copy safe with memmove semantics).
 *
 * <p>{@code before}: what that instruction is, as far as the plan knows ({@link Before}). Not in report.json, which
 * has the instruction's number; a plan read back from it says {@link Before.Unknown}.
 */
public record Migration(int atInstruction, String name, int fromOffset, int toOffset, int sizeBytes,
                        @JsonIgnore Before before) {
    /**
     * The instruction a move precedes. The planner sees only live ranges numbered by instruction ({@link Unknown});
     * where those instructions are a program's ops, the C backends' RAM plan names the op the move makes room for
     * ({@link AnOp}), or says the instruction is the one that returns the result ({@link TheReturn}), so that its
     * report, and the bench's per-op profile, can count each move where it runs.
     */
    public sealed interface Before {
        /** Before the instruction that runs {@code op}. */
        record AnOp(Op op) implements Before {
            public AnOp {
                Objects.requireNonNull(op, "a move before an op needs the op");
            }
        }

        /** Before the last instruction, which returns the program's result. */
        record TheReturn() implements Before {}

        /** A plan of bare live ranges, or one read back from JSON: only the instruction's number is known. */
        record Unknown() implements Before {}

        Before RETURN = new TheReturn();
        Before UNKNOWN = new Unknown();
    }

    public Migration {
        Objects.requireNonNull(before, "say what the move precedes: Before.UNKNOWN when the plan does not know");
    }

    /** A move read back from JSON (a report's plan), which does not say what its instruction is. */
    @JsonCreator
    static Migration read(@JsonProperty("atInstruction") int atInstruction, @JsonProperty("name") String name,
                          @JsonProperty("fromOffset") int fromOffset, @JsonProperty("toOffset") int toOffset,
                          @JsonProperty("sizeBytes") int sizeBytes) {
        return new Migration(atInstruction, name, fromOffset, toOffset, sizeBytes);
    }

    /** A move as the planner makes it, from live ranges numbered by instruction. */
    public Migration(int atInstruction, String name, int fromOffset, int toOffset, int sizeBytes) {
        this(atInstruction, name, fromOffset, toOffset, sizeBytes, Before.UNKNOWN);
    }

    /** The same move, with what its instruction {@code atInstruction} is now known. */
    public Migration withBefore(Before what) {
        return new Migration(atInstruction, name, fromOffset, toOffset, sizeBytes, what);
    }
}
