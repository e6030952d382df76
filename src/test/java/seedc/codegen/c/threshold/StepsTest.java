package seedc.codegen.c.threshold;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.Test;
import seedc.codegen.c.writer.IntExpr;

/**
 * A fused chain's steps moved onto a kernel's exact sum T (Steps.overSum): for random steps on a 16-bit x and sums
 * whose stored value x = wrap16(shr(m T, shift)) wraps inside the sum's bound, the moved steps give, for every T of
 * the bound (brute force), the output the steps on x give for T's stored value; and a bound over which x wraps too
 * often has none.
 */
class StepsTest {
    @Test
    void theStepsOnTheSumAgreeWithTheStepsOnItsStoredValue() {
        Random rnd = new Random(7);
        int tried = 0, moved = 0;
        while (tried < 300) {
            int channels = 1 + rnd.nextInt(3), steps = 1 + rnd.nextInt(2);
            long[] at = new long[channels * steps], values = new long[channels * (steps + 1)];
            for (int c = 0; c < channels; c++) {
                long t = -32768 + rnd.nextInt(20000);
                for (int j = 0; j < steps; j++) {
                    t += rnd.nextInt(30000);
                    at[c * steps + j] = Math.min(t, 32767);
                }
                for (int j = 0; j <= steps; j++) {
                    values[c * (steps + 1) + j] = rnd.nextInt(4) - 2;
                }
            }
            Steps onX = new Steps(channels, steps, at, values);
            long factor = 1 + rnd.nextInt(3000), bound = 50 + rnd.nextInt(3000);
            int shift = rnd.nextInt(12) - 4;
            Stored v = Stored.exact("acc", IntExpr.of("acc", 16), factor, shift, 16, bound);
            tried++;
            Steps onT = onX.overSum(v);
            if (onT == null) {
                continue;
            }
            moved++;
            for (long t = v.minSum(); t <= v.maxSum(); t++) {
                for (int c = 0; c < channels; c++) {
                    assertEquals(onX.output(c, v.valueAt(t)), onT.output(c, t),
                            "channel " + c + ", sum " + t + ", m " + factor + ", shift " + shift);
                }
            }
        }
        assertEquals(true, moved >= 50, moved + " of " + tried + " moved"); // the others wrap too often
    }

    /**
     * The sums whose stored value does not wrap (Stored.unwrappedOnly): for random factors, shifts and bounds, every
     * sum of the bound is inside the cut exactly when shr(m T, shift) lies in the 8-bit range (brute force), and the
     * steps over the cut give the steps on x there.
     */
    @Test
    void theUnwrappedSumsAreThoseWhoseValueFits() {
        Random rnd = new Random(8);
        for (int k = 0; k < 200; k++) {
            long factor = 1 + rnd.nextInt(200), bound = 10 + rnd.nextInt(5000);
            int shift = rnd.nextInt(10);
            Stored v = Stored.exact("acc", IntExpr.of("acc", 16), factor, shift, 8, bound);
            Stored inside = v.unwrappedOnly();
            for (long t = v.minSum(); t <= v.maxSum(); t++) {
                long u = seedc.fixed.FixedArith.shr(factor * t, shift);
                boolean fits = u >= -128 && u <= 127;
                assertEquals(fits, inside != null && t >= inside.minSum() && t <= inside.maxSum(),
                        "sum " + t + ", m " + factor + ", shift " + shift);
            }
            if (inside != null) {
                Steps onX = new Steps(1, 1, new long[] {rnd.nextInt(256) - 128}, new long[] {-1, 1});
                Steps onT = onX.overSum(inside);
                assertNotNull(onT);
                for (long t = inside.minSum(); t <= inside.maxSum(); t++) {
                    assertEquals(onX.output(0, inside.valueAt(t)), onT.output(0, t));
                }
            }
        }
    }

    /** Outputs as literals only when every channel's are the same, thresholds aside. */
    @Test
    void sharedOutputsAreEveryChannelsOwn() {
        Steps same = new Steps(3, 2, new long[] {-5, 0, 1, 7, -9, 2}, new long[] {-1, 0, 1, -1, 0, 1, -1, 0, 1});
        assertArrayEquals(new long[] {-1, 0, 1}, same.sharedValues());
        Steps flipped = new Steps(2, 1, new long[] {0, 3}, new long[] {-1, 1, 1, -1});
        assertNull(flipped.sharedValues());
    }

    /**
     * The core of steps whose ends turn back (wraps): for every x in it, the inner steps alone give each channel's
     * output (brute force over a range around it); none where an end does not turn back.
     */
    @Test
    void theCoreNeedsOnlyTheInnerSteps() {
        Steps wraps = new Steps(2, 3, new long[] {-904, -77, 750, -833, -7, 820},
                new long[] {64, -64, 64, -64, 64, -64, 64, -64});
        assertArrayEquals(new long[] {-833, 750}, wraps.core());
        Steps inner = new Steps(2, 1, new long[] {-77, -7}, new long[] {-64, 64, -64, 64});
        for (long x = -1000; x < 1000; x++) {
            for (int c = 0; c < 2; c++) {
                if (x >= -833 && x < 750) {
                    assertEquals(inner.output(c, x), wraps.output(c, x), "x " + x + " channel " + c);
                }
            }
        }
        Steps realFirst = new Steps(1, 3, new long[] {0, 10, 20}, new long[] {0, 1, 2, 0});
        assertNull(realFirst.core(), "the first step is a real one: x below it is data");
    }

    @Test
    void aSumThatWrapsTooOftenKeepsItsValue() {
        Steps sign = new Steps(1, 1, new long[] {0}, new long[] {-1, 1});
        // x = wrap16(4096 T): a wrap every 16 sums, 1,000 sums each way
        assertNull(sign.overSum(Stored.exact("acc", IntExpr.of("acc", 16), 4096, 0, 16, 1000)));
        // one wrap: x = wrap16(64 T) over |T| <= 600: the sign turns at 0 and back where x wraps
        assertNotNull(sign.overSum(Stored.exact("acc", IntExpr.of("acc", 16), 64, 0, 16, 600)));
    }
}
