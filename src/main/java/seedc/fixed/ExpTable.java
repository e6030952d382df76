package seedc.fixed;

/**
 * Two-table exponentiation (SeeDot 5.3.1, Shiftry 5.4): an argument x at scale {@code sIn} is
 * offset by the range start mQ, clamped into the range, and split into a high part i (hiBits)
 * and a low part j (loBits), the lowest {@code drop} bits being ignored. Then
 * e^x ~= tf[i] * tg[j] at scale sf + sg, with tf[i] = e^(mQ + i*2^(loBits+drop)) and
 * tg[j] = e^(j*2^drop + half of the dropped bits), each rounded at its scale.
 * With loBits = 0 there is a single table (tg = {2^sg}).
 */
public record ExpTable(int sIn, long mQ, int hiBits, int loBits, int drop, long[] tf, long[] tg,
                       int sf, int sg, int entryBits) {

    /** Builds tables covering [lo, lo + 2^(hiBits+loBits+drop)) at input scale sIn, wide enough for [lo, hi]. */
    public static ExpTable build(int sIn, double lo, double hi, int hiBits, int loBits, int sf, int sg, int entryBits) {
        long mQ = Math.round(Math.floor(Math.scalb(lo, sIn)));
        long span = Math.max(1, (long) Math.ceil(Math.scalb(hi, sIn)) - mQ);
        int drop = Math.max(0, FixedArith.ceilLog2(span) - hiBits - loBits);
        long max = (1L << (entryBits - 1)) - 1;
        long[] tf = new long[1 << hiBits];
        for (int i = 0; i < tf.length; i++) {
            double x = Math.scalb((double) (mQ + ((long) i << (loBits + drop))), -sIn);
            tf[i] = Math.min(max, Math.round(Math.scalb(Math.exp(x), sf)));
        }
        long[] tg = new long[1 << loBits];
        double half = drop == 0 ? 0 : ((1L << drop) - 1) / 2.0;
        for (int j = 0; j < tg.length; j++) {
            double x = Math.scalb(((long) j << drop) + (loBits == 0 && drop == 0 ? 0 : half), -sIn);
            tg[j] = Math.min(max, Math.round(Math.scalb(Math.exp(x), sg)));
        }
        return new ExpTable(sIn, mQ, hiBits, loBits, drop, tf, tg, sf, sg, entryBits);
    }

    /** tf[i] * tg[j] at scale sf + sg for an argument x at scale sIn. */
    public long lookup(long x) {
        long d = x - mQ;
        long span = 1L << (hiBits + loBits + drop);
        if (d < 0) {
            d = 0;
        } else if (d >= span) {
            d = span - 1;
        }
        int i = (int) (d >> (loBits + drop));
        int j = (int) ((d >> drop) & ((1L << loBits) - 1));
        return tf[i] * tg[j];
    }

    /** Equal when they compute the same: the same parameters and entries (a record compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ExpTable t && sIn == t.sIn && mQ == t.mQ && hiBits == t.hiBits && loBits == t.loBits
                && drop == t.drop && sf == t.sf && sg == t.sg && entryBits == t.entryBits
                && java.util.Arrays.equals(tf, t.tf) && java.util.Arrays.equals(tg, t.tg);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(sIn, mQ, hiBits, loBits, drop, sf, sg, entryBits, java.util.Arrays.hashCode(tf),
                java.util.Arrays.hashCode(tg));
    }

    /** Bytes of flash both tables take, their entries packed at entryBits. */
    public int bytes() {
        return (int) FixedType.packedBytes(entryBits, tf.length + (loBits == 0 ? 0 : tg.length));
    }
}
