package seedc.memory;

/**
 * Where a value lives during one segment of its live range: bytes {@code [offset, offset +
 * sizeBytes)} of the static buffer, from instruction {@code firstUse} to {@code lastUse} inclusive.
 * A value that never migrates has exactly one placement covering its whole live range; a value
 * moved by defragmentation has one placement per segment, the next one starting at the
 * {@link Migration#atInstruction()} of the move. {@code sizeBytes} is the value's own size; the
 * block reserved for it may be larger (rounded), but only these bytes are read, written or moved.
 */
public record Placement(String name, int offset, int sizeBytes, int firstUse, int lastUse) {
    /** True when this segment covers instruction {@code i}. */
    public boolean covers(int i) {
        return firstUse <= i && i <= lastUse;
    }

    /** One past the last byte used. */
    public int end() {
        return offset + sizeBytes;
    }
}
