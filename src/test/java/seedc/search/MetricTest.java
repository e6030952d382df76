package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import seedc.eval.Result;
import seedc.io.DataSet;

class MetricTest {
    private static final DataSet DATA = new DataSet(1, new double[][] {{1}, {0}, {1}},
            new double[][] {{0}, {0}, {0}});

    @Test
    void labelMetrics() {
        // labels 1, 0, 1; float says 1, 1, 0 (right, wrong, wrong); fixed says 0, 1, 1.
        Result[] fl = {Result.label(1), Result.label(1), Result.label(0)};
        Result[] fx = {Result.label(0), Result.label(1), Result.label(1)};
        assertEquals(2.0 / 3, Metric.ACCURACY.loss(DATA, fl, fx), 1e-12); // examples 0 and 1 wrong
        assertEquals(2.0 / 3, Metric.DISAGREEMENT.loss(DATA, fl, fx), 1e-12); // 0 and 2 differ
        assertEquals(1.0 / 3, Metric.REDUCED_DISAGREEMENT.loss(DATA, fl, fx), 1e-12); // only 0: float right there
    }

    @Test
    void scoreErrorIsRelativeToTheSpreadOfFloatScores() {
        // Example 1: float (1, 3), mean 2, spread 1 + 1; fixed (1.5, 3): error 0.25.
        // Example 2: float (0, 0, 6), mean 2, spread 4 + 4 + 16; fixed equal: error 0.
        // sqrt(0.25 / 26) = 0.0980581...
        Result[] fl = {Result.label(1, new double[] {1, 3}), Result.label(2, new double[] {0, 0, 6})};
        Result[] fx = {Result.label(1, new double[] {1.5, 3}), Result.label(2, new double[] {0, 0, 6})};
        assertEquals(Math.sqrt(0.25 / 26), Metric.scoreError(fl, fx), 1e-12);
        assertEquals(0.0, Metric.scoreError(fl, fl));
        // Tensor outputs count their spread around 0 (1 + 9), not around their mean; labels without scores count
        // nothing.
        assertEquals(Math.sqrt(0.25 / 10),
                Metric.scoreError(new Result[] {Result.tensor(new double[] {1, 3})},
                        new Result[] {Result.tensor(new double[] {1.5, 3})}), 1e-12);
        assertEquals(0.0, Metric.scoreError(new Result[] {Result.label(1)}, new Result[] {Result.label(0)}));
    }

    /**
     * A regression model's one-number output: every metric's loss is the relative RMS error, sqrt((0.5^2 + 0.1^2)
     * / (2^2 + 1^2)) = sqrt(0.26 / 5); each example weighs its squared error (0.25, 0.01), so a race's running
     * sum orders candidates as the loss does. (Around the example's mean, a one-number output has no spread.)
     */
    @Test
    void aTensorResultIsScoredByItsOutputError() {
        Result[] fl = {Result.tensor(new double[] {2}), Result.tensor(new double[] {-1})};
        Result[] fx = {Result.tensor(new double[] {2.5}), Result.tensor(new double[] {-0.9})};
        DataSet data = new DataSet(1, new double[][] {{0}, {0}}, new double[][] {{0}, {0}});
        for (Metric m : Metric.values()) {
            assertEquals(Math.sqrt(0.26 / 5), m.loss(data, fl, fx), 1e-12, m.id());
            assertEquals(0.25, m.badness(0, fl[0], fx[0]), 1e-12, m.id());
            assertEquals(0.01, m.badness(0, fl[1], fx[1]), 1e-12, m.id());
            assertEquals(0.0, m.loss(data, fl, fl), m.id());
        }
    }
}
