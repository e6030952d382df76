package seedc.codegen.c.lowbit;

import seedc.codegen.c.avr.AvrLevelTables;
import seedc.fixed.LowBitProducts;

/**
 * The bytes a bit-serial product's weights take in flash, in the layout its kernel reads: the weight vectors' bit
 * planes one after another (or interleaved byte by byte for the AVR's one-pass kernel, AvrPlanePairs), or each
 * vector's value numbers together (the bits-of-one-element layout); and each vector's sum of value numbers, which the
 * product's sum needs.
 */
public final class BitPlaneWeights {
    private BitPlaneWeights() {}

    /** The weights' bytes in the layout of p's kernel. */
    public static long[] bytes(PlaneProduct p) {
        if (p.layout().elements()) {
            return elements(p);
        }
        return p.form().interleavesWeights() ? interleaved(planes(p), p.weight().planes(), p.planeBytes()) : planes(p);
    }

    /** Vector f's value numbers r_t together: r_t at bits s (t mod 8/s) of byte t / (8/s) of its bytes. */
    private static long[] elements(PlaneProduct p) {
        int vectors = p.product().vectors(), k = p.terms(), nb = p.planeBytes(), s = p.stride(), perByte = 8 / s;
        long[] bytes = new long[vectors * nb];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < k; t++) {
                bytes[f * nb + t / perByte] |= p.product().weightCode(f, t) << (s * (t % perByte));
            }
        }
        return bytes;
    }

    /**
     * The weight vectors' planes: vector f (a column of b, or a row of a) holds, for each plane j, bit j of each
     * element's value number r_t = (w_t - base) / step, eight elements a byte.
     */
    private static long[] planes(PlaneProduct p) {
        int vectors = p.product().vectors();
        LowBitProducts.Levels b = p.weight();
        int k = p.terms(), nb = p.planeBytes(), planes = b.planes();
        long[] bytes = new long[vectors * planes * nb];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < k; t++) {
                long code = p.product().weightCode(f, t);
                for (int j = 0; j < planes; j++) {
                    if ((code >> j & 1) != 0) {
                        bytes[(f * planes + j) * nb + t / 8] |= 1L << (t % 8);
                    }
                }
            }
        }
        return bytes;
    }

    /** The weight vectors' planes byte by byte: byte b of plane j of vector f at (f nb + b) kb + j. */
    private static long[] interleaved(long[] planes, int kb, int nb) {
        long[] out = new long[planes.length];
        for (int f = 0; f < planes.length / (kb * nb); f++) {
            for (int j = 0; j < kb; j++) {
                for (int b = 0; b < nb; b++) {
                    out[(f * nb + b) * kb + j] = planes[(f * kb + j) * nb + b];
                }
            }
        }
        return out;
    }

    /**
     * Each vector's value numbers summed over each tap of a convolution's window (its group's input channels):
     * {@code [f * taps + tap]}, tap = i kw + j, what a padding tap's count adds (BitSerialEmitter: the padding's
     * count from this table, not from a plane of its own).
     */
    public static long[] tapCodeSums(PlaneProduct p) {
        int vectors = p.product().vectors(), taps = p.taps(), cig = p.terms() / taps;
        long[] s = new long[vectors * taps];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < p.terms(); t++) {
                s[f * taps + t / cig] += p.product().weightCode(f, t);
            }
        }
        return s;
    }

    /**
     * The window tables (PlaneKernel.WindowTables): entry P vectors + f is R_f(P), the sum of vector f's value numbers
     * r_t over the taps t where pattern P has ones (bit t).
     */
    public static long[] windowTables(PlaneProduct p) {
        int vectors = p.product().vectors(), n = p.terms();
        long[] table = new long[(1 << n) * vectors];
        for (int q = 1; q < 1 << n; q++) {
            int t = Integer.numberOfTrailingZeros(q), rest = q & (q - 1); // R_f(P) = r_t + R_f(P without t)
            for (int f = 0; f < vectors; f++) {
                table[q * vectors + f] = p.product().weightCode(f, t) + table[rest * vectors + f];
            }
        }
        return table;
    }

    /** Each weight vector's sum of value numbers, sum r_t (at most 7 n: BitSerial keeps it within 16 bits). */
    public static long[] codeSums(PlaneProduct p) {
        int vectors = p.product().vectors();
        long[] c = new long[vectors];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < p.terms(); t++) {
                c[f] += p.product().weightCode(f, t);
            }
        }
        return c;
    }

    /**
     * The level tables' index bytes (AvrLevelTables): for weight vector f, plane j, group g of four elements, (g mod
     * 16) 16 + the four elements' bits of plane j of their value numbers (element 4 g + i in bit i; past the vector's
     * terms 0), in that order.
     */
    public static long[] indexBytes(PlaneProduct p) {
        int groups = p.groups(), kb = p.weight().planes(), vectors = p.product().vectors();
        long[] b = new long[vectors * kb * groups];
        for (int f = 0; f < vectors; f++) {
            for (int j = 0; j < kb; j++) {
                for (int g = 0; g < groups; g++) {
                    int nibble = 0;
                    for (int i = 0; i < 4 && 4 * g + i < p.terms(); i++) {
                        nibble |= (int) (p.product().weightCode(f, 4 * g + i) >> j & 1) << i;
                    }
                    b[(f * kb + j) * groups + g] = (long) (g % AvrLevelTables.GROUPS_A_PAGE) * AvrLevelTables.ENTRIES
                            + nibble;
                }
            }
        }
        return b;
    }
}
