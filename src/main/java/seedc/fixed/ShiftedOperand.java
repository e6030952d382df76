package seedc.fixed;

/**
 * An operand of a product shifted by {@code n} ({@link FixedKernels#shifted}), kept while the operand's array
 * stays the same, as a parameter's does in every example, so each weight is shifted once per interpreter.
 */
final class ShiftedOperand {
    private final long[][] vals;
    private final int id;
    private final int n;
    private long[] src;
    private long[] shifted;

    /** Operand value {@code id} of the interpreter's values {@code vals}, shifted by {@code n}. */
    ShiftedOperand(long[][] vals, int id, int n) {
        this.vals = vals;
        this.id = id;
        this.n = n;
    }

    long[] get() {
        long[] now = vals[id];
        if (now != src) {
            src = now;
            shifted = FixedKernels.shifted(now, n);
        }
        return shifted;
    }
}
