package seedc.fixed;

/** A fixed-point type: a value r is stored as a {@code bits}-wide signed integer round(r * 2^scale). */
public record FixedType(int bits, int scale) {
    public FixedType {
        if (bits != 8 && bits != 16 && bits != 32) {
            throw new IllegalArgumentException("bitwidth " + bits);
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

    @Override
    public String toString() {
        return "int" + bits + "@" + scale;
    }
}
