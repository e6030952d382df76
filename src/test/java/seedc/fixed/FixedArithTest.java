package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The primitive operations, against values worked by hand. */
class FixedArithTest {

    @Test
    void wrapIsTwosComplementAtEachWidth() {
        assertEquals(127, FixedArith.wrap(127, 8));
        assertEquals(-128, FixedArith.wrap(128, 8));
        assertEquals(-1, FixedArith.wrap(255, 8));
        assertEquals(127, FixedArith.wrap(-129, 8));
        assertEquals(0, FixedArith.wrap(256, 8));
        assertEquals(-56, FixedArith.wrap(200, 8));

        assertEquals(32767, FixedArith.wrap(32767, 16));
        assertEquals(-32768, FixedArith.wrap(32768, 16));
        assertEquals(-25232, FixedArith.wrap(40304, 16)); // 2 * 20152 (1.23 at scale 14) overflows
        assertEquals(32767, FixedArith.wrap(-32769, 16));
        assertEquals(1, FixedArith.wrap(65537, 16));

        assertEquals(Integer.MAX_VALUE, FixedArith.wrap(Integer.MAX_VALUE, 32));
        assertEquals(Integer.MIN_VALUE, FixedArith.wrap(1L << 31, 32));
        assertEquals(5, FixedArith.wrap((1L << 32) + 5, 32));
        assertEquals(-1, FixedArith.wrap(0xFFFF_FFFFL, 32));

        assertEquals(1L << 40, FixedArith.wrap(1L << 40, 64));
    }

    @Test
    void rightShiftDividesRoundingTowardZero() {
        assertEquals(3, FixedArith.shr(7, 1));
        assertEquals(-3, FixedArith.shr(-7, 1)); // an arithmetic shift would give -4
        assertEquals(0, FixedArith.shr(-1, 4));
        assertEquals(-1, FixedArith.shr(-16, 4));
        assertEquals(-1, FixedArith.shr(-17, 4));
        assertEquals(-1, FixedArith.shr(-31, 4));
        assertEquals(-2, FixedArith.shr(-32, 4));
        assertEquals(6, FixedArith.shr(105, 4));
        assertEquals(-6, FixedArith.shr(-106, 4));
        assertEquals(0, FixedArith.shr(Long.MAX_VALUE, 63));
        assertEquals(0, FixedArith.shr(-12345, 70));
    }

    @Test
    void zeroAndNegativeShiftsMultiply() {
        assertEquals(-7, FixedArith.shr(-7, 0));
        assertEquals(12, FixedArith.shr(3, -2));
        assertEquals(-12, FixedArith.shr(-3, -2));
        assertEquals(1L << 20, FixedArith.shr(1, -20));
        // Products kept modulo 2^64: 3 * 2^62 leaves 2^62 + 2^63 (negative), and 2^64 and beyond leave 0
        // (Java's << alone would shift 5 by 70 mod 64 = 6).
        assertEquals(Long.MIN_VALUE + (1L << 62), FixedArith.shr(3, -62));
        assertEquals(0, FixedArith.shr(5, -64));
        assertEquals(0, FixedArith.shr(-5, -70));
        // A left shift then a right shift of the same amount is the identity.
        for (long v = -300; v <= 300; v += 7) {
            assertEquals(v, FixedArith.shr(FixedArith.shr(v, -5), 5));
        }
    }

    /**
     * shrBits against every value: the signed bits of the widest shr(v, n) over all v of a width, found by
     * enumeration, for right and left shifts and shifts past the width. Left shifts that leave 64 bits are checked at
     * the rule's edges only (the values would wrap modulo 2^64).
     */
    @Test
    void shrBitsAreTheBitsTheWidestShiftedValueNeeds() {
        for (int bits = 1; bits <= 12; bits++) {
            for (int n = -12; n <= 14; n++) {
                int need = 1;
                for (long v = -(1L << (bits - 1)); v < (1L << (bits - 1)); v++) {
                    long r = FixedArith.shr(v, n);
                    while (r < -(1L << (need - 1)) || r >= (1L << (need - 1))) {
                        need++;
                    }
                }
                assertEquals(need, FixedArith.shrBits(bits, n), "bits " + bits + ", shift " + n);
            }
        }
        assertEquals(64, FixedArith.shrBits(16, -48));
        assertEquals(64, FixedArith.shrBits(16, -60)); // 76 bits, kept modulo 2^64
        assertEquals(1, FixedArith.shrBits(16, -64)); // v * 2^64 is 0 modulo 2^64
    }

    @Test
    void quantizeRoundsHalvesAwayFromZero() {
        FixedType i8 = new FixedType(8, 0);
        assertEquals(1, FixedArith.quantize(0.5, i8));
        assertEquals(-1, FixedArith.quantize(-0.5, i8));
        assertEquals(3, FixedArith.quantize(2.5, i8));
        assertEquals(-3, FixedArith.quantize(-2.5, i8));
        assertEquals(2, FixedArith.quantize(1.5, i8));
        assertEquals(1, FixedArith.quantize(1.49, i8));
        assertEquals(-1, FixedArith.quantize(-1.49, i8));
        assertEquals(0, FixedArith.quantize(0.49999999999999994, i8)); // floor(x + 0.5) would give 1
        assertEquals(0, FixedArith.quantize(-0.0, i8));
    }

    @Test
    void quantizeSaturates() {
        FixedType i8 = new FixedType(8, 0);
        assertEquals(127, FixedArith.quantize(126.5, i8));
        assertEquals(127, FixedArith.quantize(127.4, i8));
        assertEquals(127, FixedArith.quantize(127.5, i8));
        assertEquals(127, FixedArith.quantize(1e9, i8));
        assertEquals(127, FixedArith.quantize(Double.POSITIVE_INFINITY, i8));
        assertEquals(-128, FixedArith.quantize(-128.4, i8));
        assertEquals(-128, FixedArith.quantize(-128.6, i8));
        assertEquals(-128, FixedArith.quantize(-1e9, i8));
        assertEquals(-128, FixedArith.quantize(Double.NEGATIVE_INFINITY, i8));
        assertEquals(32767, FixedArith.quantize(2.0, new FixedType(16, 14)));
        assertEquals(-32768, FixedArith.quantize(-2.0, new FixedType(16, 14)));
        assertEquals(Integer.MAX_VALUE, FixedArith.quantize(1.0, new FixedType(32, 31)));
    }

    @Test
    void quantizeScales() {
        // Section 3 of the SeeDot paper: x at scale 7, w at scale 6 in 8 bits.
        FixedType x = new FixedType(8, 7), w = new FixedType(8, 6);
        assertEquals(10, FixedArith.quantize(0.0767, x)); // 9.8176
        assertEquals(118, FixedArith.quantize(0.9238, x)); // 118.2464
        assertEquals(-106, FixedArith.quantize(-0.8311, x)); // -106.3808
        assertEquals(105, FixedArith.quantize(0.8213, x)); // 105.1264
        assertEquals(50, FixedArith.quantize(0.7793, w)); // 49.8752
        assertEquals(-47, FixedArith.quantize(-0.7316, w)); // -46.8224
        assertEquals(115, FixedArith.quantize(1.8008, w)); // 115.2512
        assertEquals(-119, FixedArith.quantize(-1.8622, w)); // -119.1808
        // Section 5.3: 1.23 at scale 14 in 16 bits.
        assertEquals(20152, FixedArith.quantize(1.23, new FixedType(16, 14)));
        // Negative scales store multiples of 2^-scale.
        assertEquals(3, FixedArith.quantize(10, new FixedType(8, -2))); // 2.5
        assertEquals(-2, FixedArith.quantize(-9, new FixedType(8, -2))); // -2.25
        assertEquals(2.4599609375, new FixedType(16, 13).toReal(20152));
    }

    @Test
    void fixedTypeRanges() {
        assertEquals(127, new FixedType(8, 3).max());
        assertEquals(-128, new FixedType(8, 3).min());
        assertEquals(32767, new FixedType(16, 0).max());
        assertEquals(-2147483648L, new FixedType(32, 0).min());
        assertEquals(2047, new FixedType(12, 0).max()); // any width 1..32 is a type (FixedTypeWidthsTest)
        assertThrows(IllegalArgumentException.class, () -> new FixedType(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new FixedType(33, 0));
    }

    @Test
    void integerHelpers() {
        assertEquals(0, FixedArith.isqrt(0));
        assertEquals(1, FixedArith.isqrt(3));
        assertEquals(2, FixedArith.isqrt(4));
        assertEquals(5, FixedArith.isqrt(35));
        assertEquals(6, FixedArith.isqrt(36));
        assertEquals(1L << 31, FixedArith.isqrt(1L << 62));
        assertEquals((1L << 31) - 1, FixedArith.isqrt((1L << 62) - 1));
        assertEquals(0, FixedArith.ceilLog2(1));
        assertEquals(1, FixedArith.ceilLog2(2));
        assertEquals(2, FixedArith.ceilLog2(3));
        assertEquals(2, FixedArith.ceilLog2(4));
        assertEquals(3, FixedArith.ceilLog2(5));
        assertEquals(6, FixedArith.ceilLog2(40));
        assertEquals(7, FixedArith.ceilLog2(65));
    }
}
