package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import seedc.fixed.RealThresholds.Channel;
import seedc.fixed.RealThresholds.ChannelSteps;

/**
 * A channel's step function read from its thresholds ({@link RealThresholds.Chain#steps}), what the C and Verilog
 * backends compare: worked by hand, and against a walk over every x of the interval (what each backend did before).
 */
class RealThresholdStepsTest {
    private static final long[] LEVELS = {0, 1, 2, 3};

    @Test
    void stepsWorkedByHand() {
        // x >= t: the level counts the thresholds reached, so it rises at each, levels 0 to 3
        assertSteps(new long[] {-3, 0, 5}, new long[] {0, 1, 2, 3}, new Channel(1, new long[] {-3, 0, 5}, 0), -10, 10);
        // thresholds below the interval are reached from its start, those above never: one change, at 0
        assertSteps(new long[] {0}, new long[] {1, 2}, new Channel(1, new long[] {-20, 0, 20}, 0), -10, 10);
        // a threshold at the start is reached there: no change
        assertSteps(new long[] {}, new long[] {1}, new Channel(1, new long[] {-10}, 0), -10, 10);
        // x <= t (a negative scale): the level falls after t, at t + 1; at the interval's end nothing follows
        assertSteps(new long[] {3}, new long[] {1, 0}, new Channel(-1, new long[] {2}, 0), -5, 5);
        assertSteps(new long[] {}, new long[] {1}, new Channel(-1, new long[] {5}, 0), -5, 5);
        assertSteps(new long[] {5}, new long[] {1, 0}, new Channel(-1, new long[] {4}, 0), -5, 5);
        assertSteps(new long[] {}, new long[] {1}, new Channel(-1, new long[] {Long.MAX_VALUE}, 0), -5, 5);
        // a zero scale: the fixed level everywhere
        assertSteps(new long[] {}, new long[] {2}, new Channel(0, new long[] {-1, 0, 1}, 2), -5, 5);
    }

    @Test
    void equalThresholdsAndEqualLevelsChangeNothing() {
        long[] signs = {-1, -1, 1, 1}; // levels 0 and 1 give -1, 2 and 3 give +1
        Channel c = new Channel(1, new long[] {0, 0, 4}, 0); // level 0 below 0, 2 from 0, 3 from 4
        ChannelSteps s = chain(signs, c).steps(0, -8, 8);
        assertArrayEquals(new long[] {0}, s.at());
        assertArrayEquals(new long[] {-1, 1}, s.outputs());
    }

    @Test
    void theSameStepsAsAWalkOverEveryX() {
        Random r = new Random(41);
        for (int trial = 0; trial < 2000; trial++) {
            int direction = r.nextInt(3) - 1, n = 1 + r.nextInt(3);
            long[] theta = new long[n];
            for (int j = 0; j < n; j++) {
                theta[j] = r.nextInt(81) - 40;
            }
            long[] levels = new long[n + 1];
            for (int j = 0; j <= n; j++) {
                levels[j] = r.nextInt(3) - 1;
            }
            long lo = r.nextInt(61) - 30, hi = lo + r.nextInt(40);
            RealThresholds.Chain chain = chain(levels, new Channel(direction, theta, r.nextInt(n + 1)));
            long[][] walked = walk(chain, lo, hi);
            ChannelSteps s = chain.steps(0, lo, hi);
            assertArrayEquals(walked[0], s.at(), "changes, trial " + trial);
            assertArrayEquals(walked[1], s.outputs(), "outputs, trial " + trial);
        }
    }

    private static void assertSteps(long[] at, long[] outputs, Channel c, long lo, long hi) {
        ChannelSteps s = chain(LEVELS, c).steps(0, lo, hi);
        assertArrayEquals(at, s.at(), "changes of " + c);
        assertArrayEquals(outputs, s.outputs(), "outputs of " + c);
    }

    /** A chain of one channel: only its comparison and levels matter to its steps. */
    private static RealThresholds.Chain chain(long[] levels, Channel c) {
        return new RealThresholds.Chain(null, null, null, null, null, 1, null, new Channel[] {c}, levels);
    }

    /** The changes and outputs found by computing the output at every x of [lo, hi]. */
    private static long[][] walk(RealThresholds.Chain chain, long lo, long hi) {
        List<Long> at = new ArrayList<>(), y = new ArrayList<>(List.of(chain.output(0, lo)));
        for (long x = lo + 1; x <= hi; x++) {
            if (chain.output(0, x) != y.getLast()) {
                at.add(x);
                y.add(chain.output(0, x));
            }
        }
        return new long[][] {at.stream().mapToLong(Long::longValue).toArray(),
                y.stream().mapToLong(Long::longValue).toArray()};
    }
}
