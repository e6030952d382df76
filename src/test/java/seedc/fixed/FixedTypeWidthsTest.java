package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Fixed types of widths other than 8, 16 and 32 (an FPGA's 12 bits, a 3-bit model), worked by hand. */
class FixedTypeWidthsTest {

    @Test
    void anyWidthFromOneTo32BitsIsAType() {
        FixedType int12 = new FixedType(12, 5);
        assertEquals(2047, int12.max()); // 2^11 - 1
        assertEquals(-2048, int12.min());
        assertEquals(3, new FixedType(3, 0).max());
        assertEquals(-4, new FixedType(3, 0).min());
        assertEquals(0, new FixedType(1, 0).max()); // one bit: the sign alone, -1 or 0
        assertEquals(-1, new FixedType(1, 0).min());
        assertEquals("int12@5", int12.toString());
        assertEquals(63.96875, int12.toReal(2047)); // 2047 / 2^5
        assertThrows(IllegalArgumentException.class, () -> new FixedType(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new FixedType(33, 0));
        assertThrows(IllegalArgumentException.class, () -> new FixedType(64, 0));
    }

    @Test
    void wrapOfTwelveAndThreeBits() {
        assertEquals(2047, FixedArith.wrap(2047, 12));
        assertEquals(-2048, FixedArith.wrap(2048, 12)); // 2^11 wraps to the minimum
        assertEquals(-1, FixedArith.wrap(4095, 12)); // 2^12 - 1
        assertEquals(2047, FixedArith.wrap(-2049, 12));
        assertEquals(904, FixedArith.wrap(5000, 12)); // 5000 - 4096
        assertEquals(-4, FixedArith.wrap(4, 3));
        assertEquals(-1, FixedArith.wrap(7, 3));
        assertEquals(3, FixedArith.wrap(-5, 3));
        assertEquals(-3, FixedArith.wrap(13, 3)); // 13 - 16
        assertEquals(-1, FixedArith.wrap(1, 1));
    }

    @Test
    void saturateOfTwelveAndThreeBits() {
        assertEquals(2047, FixedArith.saturate(5000, 12));
        assertEquals(-2048, FixedArith.saturate(-5000, 12));
        assertEquals(100, FixedArith.saturate(100, 12));
        assertEquals(3, FixedArith.saturate(5, 3));
        assertEquals(-4, FixedArith.saturate(-9, 3));
        assertEquals(-4, FixedArith.saturate(-4, 3));
        assertEquals(Long.MAX_VALUE, FixedArith.saturate(Long.MAX_VALUE, 64));
        assertEquals(127, FixedArith.saturate(Long.MAX_VALUE, 8));
    }

    @Test
    void quantizeSaturatesAtOddWidths() {
        FixedType int12 = new FixedType(12, 8);
        assertEquals(384, FixedArith.quantize(1.5, int12)); // 1.5 * 256
        assertEquals(2047, FixedArith.quantize(9.0, int12)); // 2304 does not fit
        assertEquals(-2048, FixedArith.quantize(-8.0, int12)); // exactly the minimum
        assertEquals(-2048, FixedArith.quantize(-9.0, int12));
        FixedType int3 = new FixedType(3, 1);
        assertEquals(2, FixedArith.quantize(0.75, int3)); // 1.5 rounds away from zero
        assertEquals(3, FixedArith.quantize(1.5, int3));
        assertEquals(3, FixedArith.quantize(2.0, int3)); // 4 saturates
        assertEquals(-4, FixedArith.quantize(-2.0, int3));
        assertEquals(-1, FixedArith.quantize(-0.25, int3)); // -0.5 rounds away from zero
        assertEquals(0, FixedArith.quantize(Double.NaN, int3));
        assertEquals(3, FixedArith.quantize(Double.POSITIVE_INFINITY, int3));
    }

    @Test
    void conversionToThreeBitsWrapsNeverSaturates() {
        // int8@4 -> int3@1: shr by 3 toward zero, then wrap to 3 bits: 20 -> 2, -7 -> 0, 100 -> 12 -> -4.
        long[] out = FixedKernels.convert(new long[] {20, -7, 100}, new FixedType(8, 4), new FixedType(3, 1), WrapSite.IGNORE);
        assertArrayEquals(new long[] {2, 0, -4}, out);
    }

    @Test
    void containerIsTheCTypeThatHoldsIt() {
        assertEquals(8, new FixedType(1, 0).container());
        assertEquals(8, new FixedType(3, 0).container());
        assertEquals(8, new FixedType(8, 0).container());
        assertEquals(16, new FixedType(9, 0).container());
        assertEquals(16, new FixedType(12, 0).container());
        assertEquals(16, new FixedType(16, 0).container());
        assertEquals(32, new FixedType(17, 0).container());
        assertEquals(32, new FixedType(32, 0).container());
    }

    @Test
    void packedSizes() {
        assertEquals(5, new FixedType(12, 0).packedBytes(3)); // 36 bits
        assertEquals(3, new FixedType(3, 0).packedBytes(8)); // 24 bits
        assertEquals(2, new FixedType(3, 0).packedBytes(5)); // 15 bits
        assertEquals(2, new FixedType(1, 0).packedBytes(9)); // 9 bits
        assertEquals(0, new FixedType(12, 0).packedBytes(0));
        // 8, 16 and 32 bits: exactly the bytes of the int8_t, int16_t and int32_t arrays (flash counts unchanged).
        assertEquals(10, FixedType.packedBytes(8, 10));
        assertEquals(20, FixedType.packedBytes(16, 10));
        assertEquals(12, FixedType.packedBytes(32, 3));
    }
}
