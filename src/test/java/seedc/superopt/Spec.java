package seedc.superopt;

import seedc.superopt.Avr.Reg;

/**
 * The popcount-accumulate steps searched for. BYTE: x (the AND of a byte of each operand, already done) in
 * register X, acc' = acc + popcount(x) modulo 2^16 in ACCH:ACCL. WORD: the same for a packed 16-bit word
 * XH:X, acc' = acc + popcount(x_lo) + popcount(x_hi). Both: ZERO holds 0 and may not be written, ZH:ZL (the
 * weight stream's flash pointer) must come out unchanged; X, XH, T0..T2, R0, R1 and SH:SL are free.
 */
public enum Spec {
    BYTE(false), WORD(true);

    public final boolean word;

    Spec(boolean word) {
        this.word = word;
    }

    /** The registers holding defined values on entry. */
    public boolean input(int r) {
        Reg g = Reg.values()[r];
        return g == Reg.X || (word && g == Reg.XH) || g == Reg.ACCL || g == Reg.ACCH || g == Reg.ZERO
                || g == Reg.ZL || g == Reg.ZH;
    }

    /** The entry state for x (16 bits for WORD), acc, weight pointer z and scratch filler f. */
    public int[] state(int x, int acc, int z, int f) {
        int[] r = new int[Avr.STATE];
        fill(r, x, acc, z, f);
        return r;
    }

    /** {@link #state} into r. */
    public void fill(int[] r, int x, int acc, int z, int f) {
        for (int i = 0; i < Avr.C; i++) {
            r[i] = (f * (i + 3) * 0x9E3779B1 >>> 24) & 0xff;
        }
        r[Reg.X.ordinal()] = x & 0xff;
        r[Reg.XH.ordinal()] = word ? x >> 8 & 0xff : r[Reg.XH.ordinal()];
        r[Reg.ACCL.ordinal()] = acc & 0xff;
        r[Reg.ACCH.ordinal()] = acc >> 8 & 0xff;
        r[Reg.ZERO.ordinal()] = 0;
        r[Reg.ZL.ordinal()] = z & 0xff;
        r[Reg.ZH.ordinal()] = z >> 8 & 0xff;
        r[Avr.C] = f & 1;
    }

    /** The accumulator the step must leave. */
    public int expected(int x, int acc) {
        int pop = word ? Integer.bitCount(x & 0xffff) : Integer.bitCount(x & 0xff);
        return (acc + pop) & 0xffff;
    }

    /** The bits in which final state r misses the spec: accumulator, weight pointer z, the zero register. */
    public int error(int[] r, int x, int acc, int z) {
        int got = r[Reg.ACCL.ordinal()] | r[Reg.ACCH.ordinal()] << 8;
        int zz = r[Reg.ZL.ordinal()] | r[Reg.ZH.ordinal()] << 8;
        return Integer.bitCount(got ^ expected(x, acc)) + Integer.bitCount(zz ^ (z & 0xffff))
                + Integer.bitCount(r[Reg.ZERO.ordinal()]);
    }
}
