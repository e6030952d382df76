package seedc.memory;

/**
 * One move of Shiftry's {@code ShiftVars}: just before instruction {@code atInstruction} executes,
 * copy {@code sizeBytes} bytes of value {@code name} from buffer offset {@code fromOffset} to
 * {@code toOffset}. Moves only go to lower addresses; the moves of one instruction must run in the
 * order listed (it makes each copy safe with memmove semantics).
 */
public record Migration(int atInstruction, String name, int fromOffset, int toOffset, int sizeBytes) {}
