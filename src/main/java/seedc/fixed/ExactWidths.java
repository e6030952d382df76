package seedc.fixed;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * Hardware widths (an FPGA): a value of any width from 1 to 32 bits is stored at exactly that width
 * (packed: {@link FixedType#packedBytes}), and a temporary is exactly as wide as its result needs.
 */
public record ExactWidths() implements WidthPolicy {
    public static final ExactWidths HARDWARE = new ExactWidths();

    private static final List<Integer> ALL = IntStream.rangeClosed(1, FixedType.MAX_BITS).boxed().toList();

    @Override
    public String name() {
        return "exact-width backends";
    }

    @Override
    public List<Integer> storageWidths() {
        return ALL;
    }

    @Override
    public boolean computes(int bits) {
        return bits >= 1 && bits <= 64;
    }

    /** aBits + bBits, not Shiftry's aBits + bBits - 1: min * min = 2^(aBits + bBits - 2) needs the extra bit. */
    @Override
    public int productWidth(int aBits, int bBits, long terms) {
        return Math.min(64, aBits + bBits + FixedArith.ceilLog2(terms));
    }

    /** Two b-bit values sum to [-2^b, 2^b - 2]: b + 1 bits. */
    @Override
    public int sumWidth(int aBits, int bBits) {
        return Math.max(aBits, bBits) + 1;
    }

    /** A product of two B-bit values fits 2B bits (at most 64). */
    @Override
    public OptionalInt wideProductWidth(int bits) {
        return OptionalInt.of(2 * bits);
    }
}
