package seedc.rewrite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

class InputShiftsTest {
    /** W * X for three features whose training maxima are 1000, 1 and 0.3. */
    private static final String PRODUCT = """
            let X = (3, 1) in [0, 1000] in
            let W = (2, 3) in [-10, 10] in
            let XX = reshape(X, (3, 1), (1, 2)) in
            W * XX
            """;
    private static final double[] W = {0.001, 2, -5, -0.002, 1, 7};

    private static FloatModel model(String program) {
        return new FloatModel(SeeDotProgram.from(new SourceFile("t.sd", program)).program(), Map.of("W", W));
    }

    private static DataSet train(double[]... rows) {
        return new DataSet(1, new double[rows.length][1], rows);
    }

    private static final DataSet WIDE = train(new double[] {1000, 0.5, 0.3}, new double[] {-20, 1, 0.1});

    @Test
    void shiftsBringEveryFeatureWithinAFactorTwoOfTheLargest() {
        // 1000 / 1000 = 1 -> 0; 1000 / 1 = 1000 -> floor(log2 1000) = 9; 1000 / 0.3 = 3333 -> 11.
        assertArrayEquals(new int[] {0, 9, 11}, InputShifts.choose(model(PRODUCT), WIDE));
    }

    @Test
    void theColumnsAreScaledBackAndTheFloatResultIsUnchanged() {
        FloatModel m = model(PRODUCT);
        FloatModel shifted = InputShifts.apply(m, new int[] {0, 9, 11});
        assertArrayEquals(new double[] {0.001, 2 / 512.0, -5 / 2048.0, -0.002, 1 / 512.0, 7 / 2048.0},
                shifted.weights().get("W"), 0);
        assertArrayEquals(new int[] {0, 9, 11}, shifted.program().inputShifts());
        assertEquals(0, shifted.program().inputLo());
        assertEquals(1000, shifted.program().inputHi());
        double[] row = {123.5, 0.75, -0.2};
        // By hand: W * row = (0.1235 + 1.5 + 1.0, -0.247 + 0.75 - 1.4).
        double[] expected = {0.001 * 123.5 + 2 * 0.75 + -5 * -0.2, -0.002 * 123.5 + 0.75 + 7 * -0.2};
        assertArrayEquals(expected, new FloatInterpreter(m.program(), m.weights()).run(row, null).output(), 1e-12);
        assertArrayEquals(expected, new FloatInterpreter(shifted.program(), shifted.weights()).run(row, null).output(),
                1e-12);
    }

    @Test
    void featuresOfSimilarMagnitudeKeepOneScale() {
        DataSet narrow = train(new double[] {16, 3, 1}, new double[] {0, 1, 0});
        FloatModel m = model(PRODUCT);
        assertArrayEquals(new int[0], InputShifts.choose(m, narrow)); // 16 / 1 = 2^4 < 2^6
        assertSame(m, InputShifts.fold(m, narrow));
    }

    @Test
    void anInputReadOtherwiseThanByAProductIsLeftAlone() {
        String added = PRODUCT.replace("W * XX", "W * (XX + XX)");
        assertArrayEquals(new int[0], InputShifts.choose(model(added), WIDE));
        assertThrows(IllegalArgumentException.class, () -> InputShifts.apply(model(added), new int[] {0, 9, 11}));
    }

    @Test
    void aParameterReadTwiceIsLeftAlone() {
        String twice = PRODUCT.replace("W * XX", "W * XX + W * XX");
        assertArrayEquals(new int[0], InputShifts.choose(model(twice), WIDE));
    }

    @Test
    void nonFiniteTrainingValuesDoNotDecideTheShifts() {
        DataSet bad = train(new double[] {1000, 0.5, Double.POSITIVE_INFINITY}, new double[] {-20, 1, Double.NaN});
        int[] s = InputShifts.choose(model(PRODUCT), bad);
        assertEquals(0, s[0]);
        assertEquals(9, s[1]);
        assertEquals(0, s[2]);
    }

    /**
     * A declared range far beyond the data does not decide the shifts past twice the data's largest magnitude: with
     * X in [0, 1e308] every feature would be shifted by 24 (the largest) and the tiny ones by 0 (1e308 / 0.3 is
     * finite, but the point is the same), the input far past what its type holds. Here the top is 2 * 1000 = 2000:
     * 2000 / 1000 = 2 -> 1; 2000 / 1 -> floor(log2 2000) = 10; 2000 / 0.3 = 6667 -> 12.
     */
    @Test
    void aDeclaredRangeFarBeyondTheDataIsTakenAsTwiceTheData() {
        assertArrayEquals(new int[] {1, 10, 12}, InputShifts.choose(model(PRODUCT.replace("[0, 1000]", "[0, 1e308]")),
                WIDE));
        // within twice the data, the declared range decides as before: [0, 1500] -> 1500/1000 -> 0; 1500 -> 10;
        // 5000 -> 12
        assertArrayEquals(new int[] {0, 10, 12}, InputShifts.choose(model(PRODUCT.replace("[0, 1000]", "[0, 1500]")),
                WIDE));
    }

    /** A feature so small that the top over it overflows a double gets the largest shift, not none. */
    @Test
    void aFeatureTooSmallForTheRatioGetsTheLargestShift() {
        DataSet tiny = train(new double[] {1000, 0.5, 1e-306}, new double[] {-20, 1, 1e-307});
        assertArrayEquals(new int[] {0, 9, InputShifts.MAX_SHIFT}, InputShifts.choose(model(PRODUCT.replace(
                "[0, 1000]", "[0, 1e3]")), tiny));
    }
}
