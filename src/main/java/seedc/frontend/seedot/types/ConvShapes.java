package seedc.frontend.seedot.types;

import seedc.ir.Window;

/** What makes a convolution or pooling window invalid (its output sizes are ir.Window's). */
public final class ConvShapes {
    private ConvShapes() {}

    /** A description of what is wrong with a window's numbers, or null. */
    public static String invalid(Window w) {
        if (w.sh() < 1 || w.sw() < 1) {
            return "strides must be at least 1";
        }
        if (w.pt() < 0 || w.pb() < 0 || w.pl() < 0 || w.pr() < 0) {
            return "paddings must not be negative";
        }
        if (w.dh() < 1 || w.dw() < 1) {
            return "dilations must be at least 1";
        }
        return null;
    }
}
