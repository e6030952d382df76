package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import seedc.ir.Shape;
import seedc.ir.Window;

/** Wrap events counted by the kernels, worked by hand: a wrap counts only when it changed the result. */
class WrapEventsTest {
    private final WrapCounter counter = new WrapCounter(1);
    private final WrapSite site = counter.site(0);

    private long events() {
        return counter.counts().events()[0];
    }

    /**
     * An input element that saturates is an event: int8 at scale 6 holds [-2, 127/64]; 1.5 is 96, 3.0 would be
     * 192 and saturates to 127, -2.0 is -128 exactly (no event), -2.1 would be -134 and saturates to -128.
     */
    @Test
    void anInputThatSaturatesIsAnEvent() {
        counter.startRun();
        FixedType t = new FixedType(8, 6);
        long[] q = {FixedArith.quantize(1.5, t, site), FixedArith.quantize(3.0, t, site),
            FixedArith.quantize(-2.0, t, site), FixedArith.quantize(-2.1, t, site)};
        assertArrayEquals(new long[] {96, 127, -128, -128}, q);
        assertEquals(2, events());
        assertEquals(1, counter.counts().examples()[0]);
    }

    @Test
    void twoInt8ValuesWhoseSumWraps() {
        counter.startRun();
        long[] c = FixedKernels.add(new long[] {100, 1}, new long[] {100, 2}, 2, false, new OpParams.Add(0, 0, 8, 0),
                8, site);
        assertArrayEquals(new long[] {-56, 3}, c); // the integers are the semantics' own
        assertEquals(1, events());
        assertEquals(1, counter.counts().examples()[0]);
    }

    @Test
    void aSumThatFitsTheTemporaryButNotTheOutputWraps() {
        counter.startRun();
        // 100 + 100 = 200 fits the 16-bit sum, not the 8-bit output
        FixedKernels.add(new long[] {100}, new long[] {100}, 1, false, new OpParams.Add(0, 0, 16, 0), 8, site);
        assertEquals(1, events());
    }

    @Test
    void plainSumWhosePartialSumsWrapButWhoseFinalSumFitsHasNoEvent() {
        counter.startRun();
        // 100 + 100 wraps in 8 bits, - 100 brings the modular sum back: 100 exactly
        long[] c = FixedKernels.matmul(new long[] {100, 100, -100}, new long[] {1, 1, 1}, 1, 3, 1,
                new OpParams.Mul(0, 0, 8, 0, 0), 8, site);
        assertArrayEquals(new long[] {100}, c);
        assertEquals(0, events());
    }

    @Test
    void plainSumWhoseFinalSumWrapsHasOneEventPerElement() {
        counter.startRun();
        // (2, 2) x (2, 2): every output is 200, which wraps to -56 in 8 bits; 4 elements, 4 events, 1 example
        long[] c = FixedKernels.matmul(new long[] {100, 100, 100, 100}, new long[] {1, 1, 1, 1}, 2, 2, 2,
                new OpParams.Mul(0, 0, 8, 0, 0), 8, site);
        assertArrayEquals(new long[] {-56, -56, -56, -56}, c);
        assertEquals(4, events());
        assertEquals(1, counter.counts().examples()[0]);
    }

    @Test
    void halvingTreeCountsAWrappedTerm() {
        counter.startRun();
        // one halving level in 8 bits: the term 20 * 10 = 200 wraps to -56, halved -28; exact 200 / 2 = 100
        long[] c = FixedKernels.matmul(new long[] {20, 0}, new long[] {10, 0}, 1, 2, 1,
                new OpParams.Mul(0, 0, 8, 1, 0), 8, site);
        assertArrayEquals(new long[] {-28}, c);
        assertEquals(1, events());
    }

    @Test
    void halvingTreeWhoseUnhalvedLevelsWrapButCancelHasNoEvent() {
        counter.startRun();
        // T = 1 over 8 terms: level 1 halves to (120, 120, -120, 0); level 2 adds 120 + 120 = 240, which wraps
        // to -16, and -120; level 3: -16 - 120 = -136 wraps back to 120, the exact sum: 0 events
        long[] c = FixedKernels.matmul(new long[] {120, 120, 120, 120, -120, -120, 0, 0},
                new long[] {1, 1, 1, 1, 1, 1, 1, 1}, 1, 8, 1, new OpParams.Mul(0, 0, 8, 1, 0), 8, site);
        assertArrayEquals(new long[] {120}, c);
        assertEquals(0, events());
        counter.startRun();
        // level 2's 240 without the -120: 120 + 120 + 0 + 0 = 240 wraps for good: 1 event
        FixedKernels.matmul(new long[] {120, 120, 120, 120, 0, 0, 0, 0}, new long[] {1, 1, 1, 1, 1, 1, 1, 1}, 1, 8, 1,
                new OpParams.Mul(0, 0, 8, 1, 0), 8, site);
        assertEquals(1, events());
    }

    @Test
    void sparseAccumulationCountsOnlyItsFinalSum() {
        counter.startRun();
        // 100 + 100 wraps, - 100 brings it back to 100: 0 events; then a row whose final 200 wraps: 1 event
        long[] c = FixedKernels.sparseMatmul(new long[] {100, 100, -100, 100, 100, 0}, new long[] {1, 1, 1}, 2, 3,
                new OpParams.Mul(0, 0, 8, 0, 0), 8, site);
        assertArrayEquals(new long[] {100, -56}, c);
        assertEquals(1, events());
    }

    @Test
    void conversionAndConvolutionCountTheirWraps() {
        counter.startRun();
        long[] c = FixedKernels.convert(new long[] {100, 20}, new FixedType(8, 0), new FixedType(8, 1), site);
        assertArrayEquals(new long[] {-56, 40}, c);
        assertEquals(1, events());
        // a 1x1 convolution of two channels summing 100 + 100 in 8 bits: wraps once
        ConvKernels.conv2d(new long[] {100, 100}, Shape.of(1, 1, 1, 2), new long[] {1, 1}, Shape.of(1, 1, 1, 2, 1),
                new Window(1, 1, 0, 0, 0, 0, 1, 1), 1, Shape.of(1, 1, 1, 1), new OpParams.Mul(0, 0, 8, 0, 0), 8, site);
        assertEquals(2, events());
        assertEquals(1, counter.counts().examples()[0]);
    }

    @Test
    void eventsAndExamplesAddUpOverRuns() {
        for (int run = 0; run < 3; run++) {
            counter.startRun();
            FixedKernels.add(new long[] {100, 100}, new long[] {100, 100}, 2, false, new OpParams.Add(0, 0, 8, 0), 8,
                    site);
        }
        WrapCounts sum = WrapCounter.sum(1, java.util.List.of(counter, counter));
        assertEquals(12, sum.events()[0]);
        assertEquals(6, sum.examples()[0]);
        assertEquals(12, sum.total());
    }
}
