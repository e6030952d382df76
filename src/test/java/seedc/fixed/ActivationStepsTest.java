package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A non-decreasing function as the inputs where it steps, worked by hand for a small one; the search the C makes
 * against every input of a 16-bit sigmoid and tanh into 8 bits (the semantics' kernels, the tables of Shiftry's
 * 16-bit design); and the functions it must refuse.
 */
class ActivationStepsTest {
    /**
     * On 8-bit inputs, -2 below -10, -1 from -10, 0 from 0 and 2 from 20: steps at -10, 0 and twice at 20, so the
     * entries (x - 1 at each step) are -11, -1, 19, 19, padded with 127 to 2^3 - 1 = 7 for a search of 3 steps.
     */
    @Test
    void stepsOfASmallFunctionByHand() {
        LongUnaryOperator f = x -> x < -10 ? -2 : x < 0 ? -1 : x < 20 ? 0 : 2;
        ActivationSteps s = ActivationSteps.of(f, 8);
        assertNotNull(s);
        assertEquals(-2, s.first());
        assertEquals(3, s.depth());
        assertArrayEquals(new long[] {-11, -1, 19, 19, 127, 127, 127}, s.below());
        for (long x = -128; x <= 127; x++) {
            assertEquals(f.applyAsLong(x), s.at(x), "x = " + x);
        }
        assertEquals(0, ActivationSteps.of(x -> 5, 8).depth()); // constant: no search
        assertEquals(5, ActivationSteps.of(x -> 5, 8).at(-3));
    }

    @Test
    void refusesAFunctionThatDecreasesOrStepsTooOften() {
        assertNull(ActivationSteps.of(x -> -x, 8));
        assertNull(ActivationSteps.of(x -> x / 64, 16), "1,023 steps: more than 255");
        assertNotNull(ActivationSteps.of(x -> x / 257, 16), "255 steps");
    }

    /** Shiftry's 16-bit e^x table (input scale 11, 8 and 7 index bits, entries at 14): TableDesign's. */
    @Test
    void sigmoidAndTanhOfEvery16BitInputInto8Bits() {
        double lo = -Math.scalb((double) ((1L << 15) - 1), -11);
        ExpTable t = ExpTable.build(11, lo, 0, 8, 7, 14, 14, 16);
        FixedType out = new FixedType(8, 6);
        for (int inShift : new int[] {0, 3, -2}) {
            OpParams.Activation p = new OpParams.Activation(t, inShift);
            for (boolean sigmoid : new boolean[] {false, true}) {
                LongUnaryOperator f = x -> sigmoid ? FixedKernels.sigmoid(x, p, out, WrapSite.IGNORE)
                        : FixedKernels.tanh(x, p, out, WrapSite.IGNORE);
                ActivationSteps s = ActivationSteps.of(f, 16);
                assertNotNull(s, (sigmoid ? "sigmoid" : "tanh") + " shift " + inShift);
                for (long x = -32768; x <= 32767; x++) {
                    assertEquals(f.applyAsLong(x), s.at(x), (sigmoid ? "sigmoid" : "tanh") + " shift " + inShift
                            + ", x = " + x);
                }
            }
        }
    }
}
