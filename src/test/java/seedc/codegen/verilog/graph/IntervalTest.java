package seedc.codegen.verilog.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedType;

/**
 * Interval's rules against brute force: on random small intervals, every value of the operation applied to every
 * member lies in the computed bound, and the bound's ends are reached (the rules are exact on intervals); and the
 * bits it declares hold every member in two's complement and one fewer does not.
 */
class IntervalTest {
    private static final Random RANDOM = new Random(7);

    @Test
    void unaryRulesHoldEveryResultAndReachTheirEnds() {
        for (int trial = 0; trial < 300; trial++) {
            Interval a = random();
            for (int n = -5; n <= 5; n++) {
                int shift = n;
                check(a, a.shr(shift), v -> FixedArith.shr(v, shift));
            }
            check(a, a.negated(), v -> -v);
            check(a, a.magnitude(), Math::abs);
            check(a, a.clamp(0, 7), v -> Math.clamp(v, 0, 7));
        }
    }

    @Test
    void binaryRulesHoldEveryResultAndReachTheirEnds() {
        for (int trial = 0; trial < 300; trial++) {
            Interval a = random(), b = random();
            check(a, b, a.plus(b), Long::sum);
            check(a, b, a.minus(b), (x, y) -> x - y);
            check(a, b, a.times(b), (x, y) -> x * y);
        }
    }

    @Test
    void bitsHoldEveryMemberAndNoFewerDo() {
        for (int trial = 0; trial < 500; trial++) {
            Interval a = random();
            int bits = a.bits();
            assertTrue(fits(a.lo(), bits) && fits(a.hi(), bits), a + " in " + bits);
            assertTrue(bits == 2 || !fits(a.lo(), bits - 1) || !fits(a.hi(), bits - 1), a + " in " + bits);
        }
        assertEquals(16, Interval.of(new FixedType(16, 3)).bits());
        assertEquals(64, Interval.ANY.bits());
    }

    @Test
    void overflowGivesAny() {
        Interval big = new Interval(-(1L << 40), 1L << 40);
        assertEquals(Interval.ANY, big.times(big));
        assertEquals(Interval.ANY, big.shr(-30));
        assertEquals(Interval.ANY, new Interval(Long.MIN_VALUE, 0).negated());
    }

    private static boolean fits(long v, int bits) {
        return v >= -(1L << (bits - 1)) && v <= (1L << (bits - 1)) - 1;
    }

    private static Interval random() {
        long lo = RANDOM.nextLong(-300, 300);
        return new Interval(lo, lo + RANDOM.nextLong(0, 40));
    }

    private static void check(Interval a, Interval bound, java.util.function.LongUnaryOperator f) {
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long v = a.lo(); v <= a.hi(); v++) {
            long r = f.applyAsLong(v);
            min = Math.min(min, r);
            max = Math.max(max, r);
        }
        assertEquals(new Interval(min, max), bound, a.toString());
    }

    private static void check(Interval a, Interval b, Interval bound, LongBinaryOperator f) {
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long x = a.lo(); x <= a.hi(); x++) {
            for (long y = b.lo(); y <= b.hi(); y++) {
                long r = f.applyAsLong(x, y);
                min = Math.min(min, r);
                max = Math.max(max, r);
            }
        }
        assertEquals(new Interval(min, max), bound, a + ", " + b);
    }
}
