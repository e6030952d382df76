package seedc.rewrite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The levels of --weight-bits, --codebook and --power-of-two-weights, computed by hand; and their bounds on random
 * weights.
 */
class WeightQuantizationTest {
    private static final double EPS = 1e-12;

    @Test
    void binaryIsPlusMinusTheMeanMagnitudeInsideTheRange() {
        // mean |w| = (1 + 2 + 3 + 0.5) / 4 = 1.625; -1.625 is below the smallest value, -1, so it becomes -1
        assertArrayEquals(new double[] {-1, 1.625, 1.625, -1},
                WeightQuantization.grid(new double[] {-1, 2, 3, -0.5}, 1), EPS);
    }

    @Test
    void gridIsSymmetricStepsOfTheLargestMagnitude() {
        double[] w = {-0.9, -0.2, 0.4, 1.0};
        // 2 bits: s = 1 / 1, q in {-1, 0, 1}; -1 is below -0.9, the smallest value
        assertArrayEquals(new double[] {-0.9, 0, 0, 1}, WeightQuantization.grid(w, 2), EPS);
        // 3 bits: s = 1 / 3, q in -3..3: -2.7 -> -3 (-1, moved to -0.9), -0.6 -> -1, 1.2 -> 1, 3 -> 3
        assertArrayEquals(new double[] {-0.9, -1.0 / 3, 1.0 / 3, 1}, WeightQuantization.grid(w, 3), EPS);
    }

    @Test
    void codebookIsKMeansFromTheQuantiles() {
        // two centres from the quantiles 0.1 and 10; Lloyd moves them to the means 0.1 and 10.05
        assertArrayEquals(new double[] {0.1, 0.1, 0.1, 10.05, 10.05},
                WeightQuantization.codebook(new double[] {0, 0.1, 0.2, 10, 10.1}, 2), 1e-9);
    }

    @Test
    void powersOfTwoAreTheNearestOfZeroAndTheExponentsBelowTheLargest() {
        // max |w| = 1.5: exponents 0, -1, -2 at 3 bits; +1 is above 0.9, the largest value, so only -1 is a level
        // levels -1, -0.5, -0.25, 0, 0.25, 0.5: -1.5 -> -1, 0.9 -> 0.5 (0.4 away; 1 is no level), -0.3 -> -0.25,
        // 0.1 -> 0 (0.1 against 0.15), 0.125 -> 0 (a tie goes to the lower level), 0.7 -> 0.5
        assertArrayEquals(new double[] {-1, 0.5, -0.25, 0, 0, 0.5},
                WeightQuantization.powersOfTwo(new double[] {-1.5, 0.9, -0.3, 0.1, 0.125, 0.7}, 3), EPS);
        // 2 bits: one exponent; the ternary -1, 0, 1 of the largest magnitude's power of two
        assertArrayEquals(new double[] {-1, 1, 0}, WeightQuantization.powersOfTwo(new double[] {-1.9, 1.2, 0.4}, 2),
                EPS);
    }

    @Test
    void randomWeightsGetAtMostTheirLevelsInsideTheirRange() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            double[] w = new double[1 + rnd.nextInt(300)];
            for (int i = 0; i < w.length; i++) {
                w[i] = rnd.nextGaussian() * (1 + trial) + (trial % 3 - 1);
            }
            double lo = Arrays.stream(w).min().orElseThrow(), hi = Arrays.stream(w).max().orElseThrow();
            int bits = 1 + trial % 8, n = 2 + trial * 5;
            int powerBits = 2 + trial % 7;
            for (double[] q : new double[][] {WeightQuantization.grid(w, bits), WeightQuantization.codebook(w, n),
                    WeightQuantization.powersOfTwo(w, powerBits)}) {
                assertEquals(w.length, q.length);
                for (double v : q) {
                    assertTrue(v >= lo - EPS && v <= hi + EPS, v + " outside [" + lo + ", " + hi + "]");
                }
            }
            long gridLevels = Arrays.stream(WeightQuantization.grid(w, bits)).distinct().count();
            assertTrue(gridLevels <= Math.max(2, (1 << bits) - 1), gridLevels + " levels at " + bits + " bits");
            assertTrue(Arrays.stream(WeightQuantization.codebook(w, n)).distinct().count() <= n);
            for (double v : WeightQuantization.powersOfTwo(w, powerBits)) {
                assertTrue(v == 0 || Math.abs(v) == Math.scalb(1.0, Math.getExponent(v)), v + " is no power of two");
            }
            assertTrue(Arrays.stream(WeightQuantization.powersOfTwo(w, powerBits)).distinct().count()
                    <= 1 + 2 * ((1 << (powerBits - 1)) - 1));
        }
    }
}
