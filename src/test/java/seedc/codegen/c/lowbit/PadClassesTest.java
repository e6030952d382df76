package seedc.codegen.c.lowbit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import seedc.diag.Pos;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * The padding sums of a pixel's class are those of the pixel's own taps in the padding, found tap by tap for every
 * output pixel of convolutions with uneven padding, strides and dilations.
 */
class PadClassesTest {
    @Test
    void eachPixelsClassSumsItsPaddingTaps() {
        assertEveryPixel(7, 6, 3, 3, new Window(1, 1, 1, 1, 1, 1, 1, 1));
        assertEveryPixel(9, 8, 3, 2, new Window(2, 1, 2, 0, 1, 3, 1, 1));
        assertEveryPixel(8, 8, 3, 3, new Window(1, 2, 2, 2, 0, 2, 2, 1));
        assertEveryPixel(2, 3, 5, 5, new Window(1, 1, 2, 2, 2, 2, 1, 1)); // no pixel fully inside
    }

    private static void assertEveryPixel(int h, int w, int kh, int kw, Window win) {
        int oh = (h + win.pt() + win.pb() - (kh - 1) * win.dh() - 1) / win.sh() + 1;
        int ow = (w + win.pl() + win.pr() - (kw - 1) * win.dw() - 1) / win.sw() + 1;
        int vectors = 3;
        Value x = new Value(0, "x", Value.Kind.REAL, Shape.of(1, h, w, 2), Pos.NONE, 0, 0);
        Value f = new Value(1, "f", Value.Kind.REAL, Shape.of(1, kh, kw, 2, vectors), Pos.NONE, 0, 0);
        Value out = new Value(2, "o", Value.Kind.REAL, Shape.of(1, oh, ow, vectors), Pos.NONE, 0, 0);
        PadClasses c = PadClasses.of(new Op.Conv2d(out, x, f, win, 1));
        Random rnd = new Random(h * 31 + w);
        long[] tapSums = new long[vectors * kh * kw];
        for (int i = 0; i < tapSums.length; i++) {
            tapSums[i] = rnd.nextInt(100);
        }
        long[] table = c.paddingSums(tapSums, vectors);
        for (int y = 0; y < oh; y++) {
            for (int xo = 0; xo < ow; xo++) {
                long cls = c.rowClass()[y] * c.colsInside().size() + c.colClass()[xo];
                for (int v = 0; v < vectors; v++) {
                    long expected = 0;
                    for (int i = 0; i < kh; i++) {
                        for (int j = 0; j < kw; j++) {
                            int yi = y * win.sh() - win.pt() + i * win.dh(), xi = xo * win.sw() - win.pl() + j * win.dw();
                            if (yi < 0 || yi >= h || xi < 0 || xi >= w) {
                                expected += tapSums[v * kh * kw + i * kw + j];
                            }
                        }
                    }
                    assertEquals(expected, table[(int) cls * vectors + v], "pixel (" + y + ", " + xo + "), vector " + v);
                }
            }
        }
    }
}
