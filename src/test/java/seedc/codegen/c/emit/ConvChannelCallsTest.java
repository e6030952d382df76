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
 * The padding terms and calls of a convolution's two ways of summing its channels, counted by hand for the shapes of
 * cnn-digits-10's two convolutions and for one without padding, and the choice they give.
 */
class ConvChannelCallsTest {
    private static final Window SAME = new Window(1, 1, 1, 1, 1, 1, 1, 1);

    /**
     * 8x8, one input channel, 3x3 taps, padding 1: the rows inside are 2, 3, 3, 3, 3, 3, 3, 2 (22 in all) and the
     * columns likewise, so 22 x 22 = 484 of the 64 x 9 = 576 taps are inside and 92 are zeros; the 48 pixels of
     * columns 1 to 6 make a call each, the 16 of columns 0 and 7 one a row inside, 2 x 22 = 44: 92 calls. With 8
     * output channels: one call 92 x 14 x 8 + 64 x 80 + 64 x 8 x 27 = 29,248 cycles against 92 x 90 x 8 = 66,240.
     */
    @Test
    void oneInputChannelTakesTheOneCall() {
        Op.Conv2d c = conv(8, 1, 8, SAME);
        assertEquals(new ConvChannelCalls.Counts(92, 92, 64), ConvChannelCalls.count(c));
        assertTrue(ConvChannelCalls.oneCallPays(c));
    }

    /**
     * 4x4, eight input channels, 3x3, padding 1: rows inside 2, 3, 3, 2 (10), so 100 of 144 taps inside and 44 x 8
     * = 352 zero terms; columns 1 and 2 make 8 calls, columns 0 and 3 make 2 x 10 = 20: 28. One call 352 x 14 x 8 +
     * 16 x 80 + 16 x 8 x 27 = 44,160 cycles against 28 x 90 x 8 = 20,160.
     */
    @Test
    void eightInputChannelsOnASmallImageKeepACallAChannel() {
        Op.Conv2d c = conv(4, 8, 8, SAME);
        assertEquals(new ConvChannelCalls.Counts(352, 28, 16), ConvChannelCalls.count(c));
        assertFalse(ConvChannelCalls.oneCallPays(c));
    }

    /**
     * No padding: no zeros, a call a pixel either way (6 x 6 pixels of an 8x8 image). One output channel: 36 x 80 +
     * 36 x 27 = 3,852 against 36 x 90 = 3,240; four: 36 x 80 + 36 x 4 x 27 = 6,768 against 36 x 90 x 4 = 12,960.
     */
    @Test
    void withoutPaddingOnlyTheCallsCount() {
        Window valid = new Window(1, 1, 0, 0, 0, 0, 1, 1);
        assertEquals(new ConvChannelCalls.Counts(0, 36, 36), ConvChannelCalls.count(conv(8, 2, 1, valid)));
        assertFalse(ConvChannelCalls.oneCallPays(conv(8, 2, 1, valid)));
        assertTrue(ConvChannelCalls.oneCallPays(conv(8, 2, 4, valid)));
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
