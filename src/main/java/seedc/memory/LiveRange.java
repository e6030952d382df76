package seedc.memory;

/**
 * A temporary that must hold its value from instruction {@code firstUse} to {@code lastUse}, both
 * inclusive. Instructions are numbered in program order over the flattened IR; the caller widens a
 * range used inside a loop body to the whole loop. Two ranges that share an instruction never share
 * memory (an instruction may read one while writing the other).
 *
 * @param alignment required alignment of the value's address in bytes: 1, 2, 4 or 8
 */
public record LiveRange(String name, int sizeBytes, int firstUse, int lastUse, int alignment) {
    public LiveRange {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("live range needs a name");
        }
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException(name + ": size must be positive, got " + sizeBytes);
        }
        if (firstUse < 0 || lastUse < firstUse) {
            throw new IllegalArgumentException(
                    name + ": bad live range [" + firstUse + ", " + lastUse + "]");
        }
        if (alignment != 1 && alignment != 2 && alignment != 4 && alignment != 8) {
            throw new IllegalArgumentException(name + ": alignment must be 1, 2, 4 or 8, got " + alignment);
        }
    }

    /** True when the value is live at instruction {@code i}. */
    public boolean liveAt(int i) {
        return firstUse <= i && i <= lastUse;
    }

    /** True when both values are live at some common instruction, so they may not share memory. */
    public boolean overlaps(LiveRange o) {
        return firstUse <= o.lastUse && o.firstUse <= lastUse;
    }
}
