package seedc.frontend.seedot.types;

import seedc.ir.Window;

/** Output-size arithmetic of convolution and pooling windows. */
public final class ConvShapes {
    private ConvShapes() {}

    /** Output length along one axis, or a value below 1 when the window does not fit. */
    public static int outLength(int in, int kernel, int stride, int padBefore, int padAfter, int dilation) {
        int span = dilation * (kernel - 1) + 1;
        int padded = in + padBefore + padAfter;
        if (padded < span) {
            return 0;
        }
        return (padded - span) / stride + 1;
    }

    public static int outHeight(int h, int kh, Window w) {
        return outLength(h, kh, w.sh(), w.pt(), w.pb(), w.dh());
    }

    public static int outWidth(int wd, int kw, Window w) {
        return outLength(wd, kw, w.sw(), w.pl(), w.pr(), w.dw());
    }

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
