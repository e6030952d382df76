package seedc.fixed;

/**
 * A fixed-point type: a value r is stored as a {@code bits}-wide signed integer round(r * 2^scale).
 * Any width from 1 to 32 bits is a type; which widths a program may use is the backend's
 * {@link WidthPolicy} (the C backends: 8, 16 and 32; hardware: any).
 */
public record FixedType(int bits, int scale) {
    /** The widest value: products and sums of 32-bit values still fit the 64-bit arithmetic of the semantics. */
    public static final int MAX_BITS = 32;

    public FixedType {
        if (bits < 1 || bits > MAX_BITS) {
            throw new IllegalArgumentException("bitwidth " + bits + " (a fixed type has 1 to " + MAX_BITS + " bits)");
        }
    }

    public long max() {
        return (1L << (bits - 1)) - 1;
    }

    public long min() {
        return -(1L << (bits - 1));
    }

    public double toReal(long q) {
        return Math.scalb((double) q, -scale);
    }

    /** The C integer type (int8_t, int16_t or int32_t) that holds it: its bits rounded up to 8, 16 or 32. */
    public int container() {
        return bits <= 8 ? 8 : bits <= 16 ? 16 : 32;
    }

    /** Bytes {@code count} values of this type take packed back to back (hardware, bit-packed parameters). */
    public long packedBytes(long count) {
        return packedBytes(bits, count);
    }

    /**
     * Bytes of {@code count} values of {@code bits} bits each, packed back to back and rounded up to a
     * whole byte: 12 bits x 3 = 36 bits = 5 bytes. For 8, 16 and 32 bits this is what an array of
     * int8_t, int16_t or int32_t takes.
     */
    public static long packedBytes(int bits, long count) {
        return (count * bits + 7) / 8;
    }

    @Override
    public String toString() {
        return "int" + bits + "@" + scale;
    }
}
