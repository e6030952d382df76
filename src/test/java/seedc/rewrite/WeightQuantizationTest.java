package seedc.rewrite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The levels of --weight-bits and --codebook, computed by hand; and their bounds on random weights. */
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
    void randomWeightsGetAtMostTheirLevelsInsideTheirRange() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            double[] w = new double[1 + rnd.nextInt(300)];
            for (int i = 0; i < w.length; i++) {
                w[i] = rnd.nextGaussian() * (1 + trial) + (trial % 3 - 1);
            }
            double lo = Arrays.stream(w).min().orElseThrow(), hi = Arrays.stream(w).max().orElseThrow();
            int bits = 1 + trial % 8, n = 2 + trial * 5;
            for (double[] q : new double[][] {WeightQuantization.grid(w, bits), WeightQuantization.codebook(w, n)}) {
                assertEquals(w.length, q.length);
                for (double v : q) {
                    assertTrue(v >= lo - EPS && v <= hi + EPS, v + " outside [" + lo + ", " + hi + "]");
                }
            }
            long gridLevels = Arrays.stream(WeightQuantization.grid(w, bits)).distinct().count();
            assertTrue(gridLevels <= Math.max(2, (1 << bits) - 1), gridLevels + " levels at " + bits + " bits");
            assertTrue(Arrays.stream(WeightQuantization.codebook(w, n)).distinct().count() <= n);
        }
    }
}
