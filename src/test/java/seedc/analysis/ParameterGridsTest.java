package seedc.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Grids recognized from values worked by hand. */
class ParameterGridsTest {
    @Test
    void binaryWeightsAreAOneBitGrid() {
        ParameterGrids.Grid g = ParameterGrids.of("W", new double[] {-0.5, 0.5, 0.5, -0.5, 0.5});
        assertEquals(ParameterGrids.Kind.GRID, g.kind());
        assertEquals(1, g.bits());
        assertEquals(1, g.packedBytes()); // 5 bits
    }

    @Test
    void ternaryWeightsAreATwoBitGrid() {
        ParameterGrids.Grid g = ParameterGrids.of("W", new double[] {-0.25, 0, 0.25, 0, -0.0, 0.25, -0.25, 0, 0.25});
        assertEquals(ParameterGrids.Kind.GRID, g.kind());
        assertEquals(2, g.bits()); // three levels need q in [0, 3)
        assertEquals(3, g.distinct());
        assertEquals(3, g.packedBytes()); // 18 bits
    }

    /** 0.1 q - 0.3 for q in 0..7: eight levels, three bits (0.1 is not exact in binary: the check allows rounding). */
    @Test
    void anAffineThreeBitGrid() {
        double[] w = new double[8];
        for (int q = 0; q < 8; q++) {
            w[q] = 0.1 * q - 0.3;
        }
        assertEquals(3, ParameterGrids.of("W", w).bits());
        assertEquals(ParameterGrids.Kind.GRID, ParameterGrids.of("W", w).kind());
    }

    /**
     * +/- 1, 1/2, 1/4, 1/8, 1/16 and 0 are all multiples of 1/16 in [-1, 1]: a 6-bit grid. Powers of two over a wide
     * range are not on any grid of fewer than 8 bits: a sign and an exponent code.
     */
    @Test
    void powersOfTwo() {
        double[] w = {1, -1, 0.5, -0.5, 0.25, -0.25, 0.125, -0.125, 0.0625, -0.0625, 0, 3.0 / 64 * 0};
        ParameterGrids.Grid g = ParameterGrids.of("W", w);
        assertEquals(ParameterGrids.Kind.GRID, g.kind()); // all multiples of 1/16 in [-1, 1]: 33 levels, 6 bits
        assertEquals(6, g.bits());
        double[] wide = new double[33]; // +/- 2^e for e in -10..5, and 0: no grid of fewer than 8 bits (2^16 steps)
        for (int e = -10; e <= 5; e++) {
            wide[2 * (e + 10)] = Math.scalb(1.0, e);
            wide[2 * (e + 10) + 1] = -Math.scalb(1.0, e);
        }
        ParameterGrids.Grid p = ParameterGrids.of("W", wide);
        assertEquals(ParameterGrids.Kind.POWERS_OF_TWO, p.kind());
        assertEquals(1 + 5, p.bits()); // 16 exponents and zero: 17 codes, 5 bits, and the sign (a codebook of 33: 6)
    }

    @Test
    void fewDistinctValuesOffAnyGridAreACodebook() {
        ParameterGrids.Grid g = ParameterGrids.of("W", new double[] {0.1, 0.37, -2.5, 0.1, 0.37});
        assertEquals(ParameterGrids.Kind.CODEBOOK, g.kind());
        assertEquals(2, g.bits());
    }

    @Test
    void trainedFloatWeightsAreDense() {
        double[] w = new double[300];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.sin(i * 1.234567);
        }
        assertEquals(ParameterGrids.Kind.DENSE, ParameterGrids.of("W", w).kind());
    }
}
