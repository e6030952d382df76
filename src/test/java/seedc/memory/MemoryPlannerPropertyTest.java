package seedc.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.diag.UserError;

/**
 * Random interval sets (fixed seeds): every plan passes {@link PlanChecker}, and the buffer lies
 * between the peak live sum and the no-reuse sum. With the limit at the peak the planner must
 * always succeed (defragmenting as needed), and one byte less must be a {@link UserError}.
 */
class MemoryPlannerPropertyTest {
    private static final int CASES_PER_SEED = 100;

    private static List<LiveRange> randomRanges(Random rnd) {
        int n = 1 + rnd.nextInt(24);
        int program = 1 + rnd.nextInt(40);
        List<LiveRange> ranges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int first = rnd.nextInt(program);
            int last = first + (rnd.nextInt(3) == 0 ? rnd.nextInt(program) : rnd.nextInt(4));
            int elem = 1 << rnd.nextInt(3);
            int count = rnd.nextInt(4) == 0 ? 1 : 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 64);
            // Mostly element-sized alignment; sometimes a size that is not a multiple of it.
            int size = rnd.nextInt(10) == 0 ? 1 + rnd.nextInt(50) : elem * count;
            int align = size % elem == 0 ? elem : 1;
            ranges.add(new LiveRange("v" + i, size, first, last, align));
        }
        return ranges;
    }

    private static int roundUp(int size, int unit) {
        return (size + unit - 1) / unit * unit;
    }

    /** Brute force over every instruction, independent of the planner's own peak. */
    private static int peak(List<LiveRange> ranges, int unit) {
        int max = 0;
        int end = ranges.stream().mapToInt(LiveRange::lastUse).max().orElse(0);
        for (int i = 0; i <= end; i++) {
            int sum = 0;
            for (LiveRange r : ranges) {
                sum += r.liveAt(i) ? roundUp(r.sizeBytes(), unit) : 0;
            }
            max = Math.max(max, sum);
        }
        return max;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomPlansAreValid(long seed) {
        Random rnd = new Random(seed);
        int defragmented = 0;
        for (int c = 0; c < CASES_PER_SEED; c++) {
            List<LiveRange> ranges = randomRanges(rnd);
            String what = "seed " + seed + " case " + c + ": " + ranges;
            int unit = ranges.stream().mapToInt(LiveRange::alignment).max().orElse(1);
            int sum = ranges.stream().mapToInt(r -> roundUp(r.sizeBytes(), unit)).sum();
            int peak = peak(ranges, unit);
            assertEquals(peak, MemoryPlanner.peakLiveBytes(ranges), what);

            MemoryPlan free = MemoryPlanner.plan(ranges, Integer.MAX_VALUE);
            free.check(ranges);
            assertTrue(free.bufferBytes() >= peak && free.bufferBytes() <= sum, what);

            MemoryPlan tight = MemoryPlanner.plan(ranges, peak);
            tight.check(ranges);
            assertEquals(peak, tight.bufferBytes(), what);
            defragmented += tight.migrations().isEmpty() ? 0 : 1;

            int limit = peak + rnd.nextInt(peak + 1);
            MemoryPlan loose = MemoryPlanner.plan(ranges, limit);
            loose.check(ranges);
            assertTrue(loose.bufferBytes() <= limit, what);

            assertThrows(UserError.class, () -> MemoryPlanner.plan(ranges, peak - 1), what);
        }
        assertTrue(defragmented > 0, "the random cases should exercise defragmentation");
    }
}
