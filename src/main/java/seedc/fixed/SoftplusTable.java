package seedc.fixed;

/**
 * softplus's table of g(t) = log(1 + e^-t) for t >= 0, fixed by the input's and output's types (no strategy
 * chooses it). Entries are at scale {@code tableScale} = min(so + 2, 30): two bits below the output, so that the
 * one rounding to the output dominates the error. The knots are 2^-k apart, k = min(5, max(0, ceil((so - 4) / 2))):
 * linear interpolation errs by at most h^2 max|g''| / 8 = h^2 / 32, below half an output step. An input at scale sa
 * drops {@code drop} = max(0, sa - k) bits to find its knot, so knot i sits at i 2^(drop - sa), and the rest of
 * the bits interpolate. The table ends at its first entry that rounds to 0 (g decreases), which every larger
 * magnitude reads as 0; so {@code entries} ends with 0.
 */
public record SoftplusTable(int drop, int tableScale, long[] entries) {

    /** The widest table scale: entries (at most ln 2 * 2^30) fit 31 bits. */
    static final int MAX_TABLE_SCALE = 30;
    /** The finest knot spacing, 2^-5: at most a few hundred knots for any output scale. */
    static final int MAX_KNOT_SCALE = 5;

    public static SoftplusTable of(FixedType in, FixedType out) {
        int tableScale = Math.min(out.scale() + 2, MAX_TABLE_SCALE);
        int knotScale = Math.min(MAX_KNOT_SCALE, Math.max(0, Math.floorDiv(out.scale() - 4 + 1, 2)));
        int drop = Math.max(0, in.scale() - knotScale);
        java.util.List<Long> t = new java.util.ArrayList<>();
        for (int i = 0; ; i++) {
            double knot = Math.scalb((double) i, drop - in.scale());
            long v = Math.round(Math.scalb(StrictMath.log1p(StrictMath.exp(-knot)), tableScale));
            t.add(v);
            if (v == 0) {
                break;
            }
        }
        return new SoftplusTable(drop, tableScale, t.stream().mapToLong(Long::longValue).toArray());
    }

    /** g(t) at the table's scale for a magnitude t >= 0 (the input's integer, at the input's scale). */
    public long interpolate(long t) {
        long i = t >>> drop;
        int last = entries.length - 1;
        if (i >= last) {
            return 0;
        }
        long f = t & ((1L << drop) - 1);
        long lo = entries[(int) i];
        return lo + FixedArith.shr((entries[(int) i + 1] - lo) * f, drop);
    }

    /** Equal when they compute the same (a record compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SoftplusTable s && drop == s.drop && tableScale == s.tableScale
                && java.util.Arrays.equals(entries, s.entries);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * drop + tableScale) + java.util.Arrays.hashCode(entries);
    }

    @Override
    public String toString() {
        return "SoftplusTable[drop=" + drop + ", tableScale=" + tableScale + ", entries=" + entries.length + "]";
    }
}
