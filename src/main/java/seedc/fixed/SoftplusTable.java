package seedc.fixed;

/**
 * softplus's table of g(t) = log(1 + e^-t) for t >= 0, fixed by the input's and output's types (no strategy
 * chooses it). Entries are at scale {@code tableScale} = min(so + 2, bo - 1): two bits below the output, so that the
 * one rounding to the output dominates the error, and each entry (at most ln 2 2^(bo - 1)) fits the output's width.
 * The knots are 2^-k apart, k = min(K, max(0, ceil((so - 4) / 2))), K = 4 for outputs of up to 16 bits, else 5:
 * linear interpolation errs by at most h^2 max|g''| / 8 = h^2 / 32, half an output step up to so = 12 (14 for
 * wider outputs); K keeps the table to at most about 180 knots (16 bits) or 700 (32 bits). An input at scale sa
 * drops {@code drop} = max(0, sa - k) bits to find its knot, so knot i sits at i 2^(drop - sa), and the rest of
 * the bits interpolate. The table ends at its first entry that rounds to 0 (g decreases), which every larger
 * magnitude reads as 0; so {@code entries} ends with 0.
 */
public record SoftplusTable(int drop, int tableScale, long[] entries) {

    public static SoftplusTable of(FixedType in, FixedType out) {
        int tableScale = Math.min(out.scale() + 2, out.bits() - 1);
        int knotScale = Math.min(maxKnotScale(out), Math.max(0, Math.floorDiv(out.scale() - 4 + 1, 2)));
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

    /** The finest knot spacing 2^-K for an output of this width (a 16-bit table fits the Uno's flash easily). */
    static int maxKnotScale(FixedType out) {
        return out.bits() <= 16 ? 4 : 5;
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
