package seedc.fixed;

import java.util.List;
import java.util.OptionalInt;

/**
 * The C backends' widths: values live in int8_t, int16_t or int32_t, temporaries in those or int64_t.
 * A temporary is rounded up to a C type, so its choices are powers of two; these are the rules seedc's
 * strategies have always used.
 */
public record ContainerWidths() implements WidthPolicy {
    public static final ContainerWidths C = new ContainerWidths();

    @Override
    public String name() {
        return "the C backends";
    }

    @Override
    public List<Integer> storageWidths() {
        return List.of(8, 16, 32);
    }

    @Override
    public boolean computes(int bits) {
        return bits == 8 || bits == 16 || bits == 32 || bits == 64;
    }

    /** The C type of the bits needed, never narrower than 16 (the AVR multiplies 8x8 into 16 bits anyway). */
    @Override
    public int productWidth(int aBits, int bBits, long terms) {
        int need = aBits + bBits + FixedArith.ceilLog2(terms) - 1;
        return Math.min(64, Math.max(16, 1 << FixedArith.ceilLog2(need)));
    }

    /** One C type wider than the wider operand, at most 32 bits (Shiftry uses the operand's own width, which can overflow). */
    @Override
    public int sumWidth(int aBits, int bBits) {
        return Math.min(32, 2 * Math.max(aBits, bBits));
    }

    /** 2B bits for B = 8 or 16; none for 32 (64-bit products cost too much on an 8-bit AVR). */
    @Override
    public OptionalInt wideProductWidth(int bits) {
        return 2 * bits <= 32 ? OptionalInt.of(2 * bits) : OptionalInt.empty();
    }
}
