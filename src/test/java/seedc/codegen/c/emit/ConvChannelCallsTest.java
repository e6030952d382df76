package seedc.codegen.c.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import seedc.diag.Pos;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * The padding terms, calls and added rows of a convolution's three ways of summing its channels, counted by hand for
 * the shapes of cnn-digits-10's two convolutions and for one without padding, and the choice they give.
 */
class ConvChannelCallsTest {
    private static final Window SAME = new Window(1, 1, 1, 1, 1, 1, 1, 1);

    /**
     * 8x8, one input channel, 3x3 taps, padding 1: the rows inside are 2, 3, 3, 3, 3, 3, 3, 2 (22 in all) and the
     * columns likewise, so 22 x 22 = 484 of the 64 x 9 = 576 taps are inside and 92 are zeros; the 48 pixels of
     * columns 1 to 6 make a call each, the 16 of columns 0 and 7 one a row inside, 2 x 22 = 44: 92 calls. With 8
     * output channels: one call 92 x 14 x 8 + 64 x 80 + 64 x 8 x 27 = 29,248 cycles against 92 x 90 x 8 = 66,240. One
     * call a run: the same 92 calls, and the edge columns' pixels add 2 x (22 - 8) = 28 rows: 92 x 80 + 92 x 8 x 27
     * + 28 x 8 x 22 = 32,160, and its scan 64 x (3 + 3) x 9 = 3,456 more against the one call a pixel.
     */
    @Test
    void oneInputChannelTakesTheOneCallAPixel() {
        Op.Conv2d c = conv(8, 1, 8, SAME);
        assertEquals(new ConvChannelCalls.Counts(92, 92, 64, 28, 0), ConvChannelCalls.count(c));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_PIXEL, ConvChannelCalls.way(c));
    }

    /**
     * 4x4, eight input channels, 3x3, padding 1: rows inside 2, 3, 3, 2 (10), so 100 of 144 taps inside and 44 x 8
     * = 352 zero terms; columns 1 and 2 make 8 calls, columns 0 and 3 make 2 x 10 = 20: 28. One call 352 x 14 x 8 +
     * 16 x 80 + 16 x 8 x 27 = 44,160 cycles against 28 x 90 x 8 = 20,160 a call a channel; one call a run 28 x 80 +
     * 28 x 8 x 27 + 12 x 8 x 22 = 10,400 (columns 0 and 3 add 2 x (10 - 4) = 12 rows), 11,264 with its scan.
     */
    @Test
    void eightInputChannelsOnASmallImageTakeOneCallARun() {
        Op.Conv2d c = conv(4, 8, 8, SAME);
        assertEquals(new ConvChannelCalls.Counts(352, 28, 16, 12, 0), ConvChannelCalls.count(c));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_RUN, ConvChannelCalls.way(c));
    }

    /**
     * No padding: no zeros and no added rows, a call a pixel every way (6 x 6 pixels of an 8x8 image), so one call a
     * pixel and one a run are the same code and cost (the first is taken). One output channel: 36 x 80 + 36 x 27 =
     * 3,852 against 36 x 90 = 3,240; four: 36 x 80 + 36 x 4 x 27 = 6,768 against 36 x 90 x 4 = 12,960.
     */
    @Test
    void withoutPaddingOnlyTheCallsCount() {
        Window valid = new Window(1, 1, 0, 0, 0, 0, 1, 1);
        assertEquals(new ConvChannelCalls.Counts(0, 36, 36, 0, 0), ConvChannelCalls.count(conv(8, 2, 1, valid)));
        assertEquals(ConvChannelCalls.Way.A_CALL_A_CHANNEL, ConvChannelCalls.way(conv(8, 2, 1, valid)));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_PIXEL, ConvChannelCalls.way(conv(8, 2, 4, valid)));
    }

    /**
     * 1x5 taps on 40 samples of 2 channels, stride 2, padding 2 (dscnn-waves-6's first convolution): 20 pixels, the
     * first with 2 taps outside, the last (samples 36 to 40) with 1, so 3 x 2 = 6 zero terms and no added rows; 8
     * output channels. One call a pixel 6 x 14 x 8 + 20 x 80 + 20 x 8 x 27 = 6,592; one call a run 20 x 80 + 20 x 8 x
     * 27 = 5,920, and its scan 20 x (1 + 5) x 9 = 1,080: 7,000. The same on 16 samples of 3 channels, stride 1
     * (cnn-gestures-8's first): 2 + 1 + 1 + 2 = 6 taps outside, 18 zero terms: 18 x 14 x 8 + 16 x 80 + 16 x 8 x 27 =
     * 6,752 against 16 x 80 + 16 x 8 x 27 + 16 x 6 x 9 = 5,600, one call a run.
     */
    @Test
    void aRunsScanWeighsAgainstTheZerosItLeavesOut() {
        Op.Conv2d waves = conv1d(40, 2, 2, new Window(1, 2, 0, 0, 2, 1, 1, 1));
        assertEquals(new ConvChannelCalls.Counts(6, 20, 20, 0, 0), ConvChannelCalls.count(waves));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_PIXEL, ConvChannelCalls.way(waves));
        Op.Conv2d gestures = conv1d(16, 3, 1, new Window(1, 1, 0, 0, 2, 2, 1, 1));
        assertEquals(new ConvChannelCalls.Counts(18, 16, 16, 0, 0), ConvChannelCalls.count(gestures));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_RUN, ConvChannelCalls.way(gestures));
    }

    /**
     * 2x2 taps on a 3x3 image of 4 channels, 4 out, padding 2 above and below and 1 on each side (OpCases' case): 6 x 4
     * pixels, rows inside 0, 1, 2, 2, 1, 0 by output row and columns 1, 2, 2, 1, so the first and last rows read no tap
     * inside; 4 x (24 x 4 - 6 x 6) = 240 zero terms, 12 + 2 x 6 = 24 calls, 4 added rows (columns 0 and 3, rows 2 and
     * 3), 2 x 4 = 8 windows without a tap. A call a channel 24 x 90 x 4 = 8,640, one a pixel 240 x 14 x 4 + 24 x 80
     * + 24 x 4 x 27 = 17,952, one a run 24 x 80 + 24 x 4 x 27 + 4 x 4 x 22 = 4,864: one a run, with pixels that have no
     * run.
     */
    @Test
    void paddingAsTallAsTheKernelLeavesWindowsWithoutTaps() {
        Value x = new Value(0, "x", Value.Kind.REAL, Shape.of(1, 3, 3, 4), Pos.NONE, 0, 0);
        Value f = new Value(1, "f", Value.Kind.REAL, Shape.of(1, 2, 2, 4, 4), Pos.NONE, 0, 0);
        Value out = new Value(2, "o", Value.Kind.REAL, Shape.of(1, 6, 4, 4), Pos.NONE, 0, 0);
        Op.Conv2d c = new Op.Conv2d(out, x, f, new Window(1, 1, 2, 2, 1, 1, 1, 1), 1);
        assertEquals(new ConvChannelCalls.Counts(240, 24, 24, 4, 8), ConvChannelCalls.count(c));
        assertEquals(ConvChannelCalls.Way.ONE_CALL_A_RUN, ConvChannelCalls.way(c));
        assertTrue(ConvChannelCalls.count(c).emptyWindows() > 0);
        assertFalse(ConvChannelCalls.count(conv(4, 8, 8, SAME)).emptyWindows() > 0);
    }

    /** A 1x5 convolution of {@code width} samples, {@code cin} channels in and 8 out, {@code stride} apart. */
    private static Op.Conv2d conv1d(int width, int cin, int stride, Window win) {
        int o = (width + win.pl() + win.pr() - 5) / stride + 1;
        Value x = new Value(0, "x", Value.Kind.REAL, Shape.of(1, 1, width, cin), Pos.NONE, 0, 0);
        Value f = new Value(1, "f", Value.Kind.REAL, Shape.of(1, 1, 5, cin, 8), Pos.NONE, 0, 0);
        Value out = new Value(2, "o", Value.Kind.REAL, Shape.of(1, 1, o, 8), Pos.NONE, 0, 0);
        return new Op.Conv2d(out, x, f, win, 1);
    }

    /** A 3x3 convolution of a square image of {@code size} with {@code cin} input and {@code cout} output channels. */
    private static Op.Conv2d conv(int size, int cin, int cout, Window win) {
        int o = size + win.pt() + win.pb() - 2;
        Value x = new Value(0, "x", Value.Kind.REAL, Shape.of(1, size, size, cin), Pos.NONE, 0, 0);
        Value f = new Value(1, "f", Value.Kind.REAL, Shape.of(1, 3, 3, cin, cout), Pos.NONE, 0, 0);
        Value out = new Value(2, "o", Value.Kind.REAL, Shape.of(1, o, o, cout), Pos.NONE, 0, 0);
        return new Op.Conv2d(out, x, f, win, 1);
    }
}
