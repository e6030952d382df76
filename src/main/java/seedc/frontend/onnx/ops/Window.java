package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.Node;

/**
 * The sliding window of Conv and MaxPool over an NCHW image: kernel, strides, dilations and pads (top, left,
 * bottom, right in ONNX's order begin..., end...), with auto_pad resolved; and the output's height and width. A
 * signal (N, C, L) is the image (N, C, 1, L): its one stride, dilation and pair of pads are the width's, and
 * the height's are 1, 1 and none ({@code signal}).
 */
record Window(int kh, int kw, int sh, int sw, int dh, int dw, int top, int left, int bottom, int right,
              boolean signal) {
    /** The window of {@code node} over an input of ONNX shape {@code shape}, (N, C, H, W) or (N, C, L). */
    static Window of(Node node, int[] shape, int kh, int kw) {
        return of(node, shape, kh, kw, null);
    }

    /**
     * The same with zero padding {@code extra} (top, left, bottom, right; or null) added to the node's own pads: a
     * Pad of zeros that only this node reads ({@link Pad}, when the node's auto_pad is NOTSET).
     */
    static Window of(Node node, int[] shape, int kh, int kw, int[] extra) {
        boolean signal = shape.length == 3;
        int[] s = node.ints("strides", signal ? new int[] {1} : new int[] {1, 1});
        int[] d = node.ints("dilations", signal ? new int[] {1} : new int[] {1, 1});
        int[] p = node.ints("pads", signal ? new int[] {0, 0} : new int[] {0, 0, 0, 0});
        int axes = signal ? 1 : 2;
        if (s.length != axes || d.length != axes || p.length != 2 * axes) {
            throw node.error(signal ? "has a window of " + s.length + " strides, " + d.length + " dilations and "
                    + p.length + " pads over a signal (N, C, L); seedc reads one stride, one dilation and two pads"
                    : "seedc imports 2-D windows (two strides and dilations, four pads)");
        }
        atLeast(node, "strides", s, 1);
        atLeast(node, "dilations", d, 1);
        atLeast(node, "pads", p, 0);
        if (signal) {
            s = asImage(s, 1);
            d = asImage(d, 1);
            p = asImagePads(p);
        }
        int[] nchw = signal ? new int[] {shape[0], shape[1], 1, shape[2]} : shape;
        if (kh < 1 || kw < 1) {
            throw node.error("kernel of " + (signal ? kw : kh + "x" + kw) + ": each side must be at least 1");
        }
        String auto = autoPad(node);
        if (!auto.equals("NOTSET") && java.util.Arrays.stream(p).anyMatch(x -> x != 0)) {
            throw node.error("sets both auto_pad = " + auto + " and pads = " + java.util.Arrays.toString(p)
                    + "; ONNX uses one or the other");
        }
        switch (auto) {
            case "VALID" -> p = new int[4];
            case "SAME_UPPER", "SAME_LOWER" -> p = same(nchw, kh, kw, s, d, auto.equals("SAME_UPPER"));
            default -> { } // NOTSET: the pads as given
        }
        for (int k = 0; extra != null && k < 4; k++) {
            p[k] += extra[k];
        }
        Window w = new Window(kh, kw, s[0], s[1], d[0], d[1], p[0], p[1], p[2], p[3], signal);
        w.fits(node, nchw);
        return w;
    }

    /** The output's ONNX shape: (N, channels, out height, out width), or (N, channels, out length). */
    int[] outShape(int[] shape, int channels) {
        if (signal) {
            return new int[] {shape[0], channels, outWidth(shape[2])};
        }
        return new int[] {shape[0], channels, outHeight(shape[2]), outWidth(shape[3])};
    }

    /** ONNX's auto_pad of a windowed node (Conv, ConvTranspose, the pools), one of the four values ONNX defines. */
    static String autoPad(Node node) {
        String auto = node.string("auto_pad", "NOTSET");
        if (!java.util.List.of("NOTSET", "VALID", "SAME_UPPER", "SAME_LOWER").contains(auto)) {
            throw node.error("auto_pad " + auto + " is not an ONNX value");
        }
        return auto;
    }

    /** A signal's one per-axis value (stride, dilation, output padding) as the image of height 1's (H, W). */
    static int[] asImage(int[] signalValue, int alongHeight) {
        return new int[] {alongHeight, signalValue[0]};
    }

    /** A signal's two pads (begin, end) as the image of height 1's (top, left, bottom, right): none in height. */
    static int[] asImagePads(int[] signalPads) {
        return new int[] {0, signalPads[0], 0, signalPads[1]};
    }

    /**
     * ONNX's ranges, checked here at the node: a stride of 0 would divide by zero and a negative pad or dilation
     * would index outside the input in the generated code.
     */
    static void atLeast(Node node, String name, int[] v, int least) {
        for (int x : v) {
            if (x < least) {
                throw node.error(name + " = " + java.util.Arrays.toString(v) + ": each must be at least " + least);
            }
        }
    }

    /** The (dilated) kernel must fit the padded input: an output of at least one pixel. */
    private void fits(Node node, int[] nchw) {
        long spanH = (long) dh * (kh - 1) + 1, spanW = (long) dw * (kw - 1) + 1;
        long paddedH = (long) nchw[2] + top + bottom, paddedW = (long) nchw[3] + left + right;
        if (spanH > paddedH || spanW > paddedW) {
            throw node.error(signal ? "a kernel of " + kw + (dw == 1 ? "" : " (dilated: " + spanW + ")")
                    + " is larger than the padded signal of " + paddedW
                    : "a kernel of " + kh + "x" + kw + (dh == 1 && dw == 1 ? "" : " (dilated: " + spanH + "x"
                    + spanW + ")") + " is larger than the padded input of " + paddedH + "x" + paddedW);
        }
    }

    /** ONNX's rule for pools: each pad smaller than the kernel, so that no window is padding only. */
    void padsWithinKernel(Node node) {
        if (top >= kh || bottom >= kh || left >= kw || right >= kw) {
            throw node.error((signal ? "pads = [" + left + ", " + right + "] for a kernel of " + kw
                    : "pads = [" + top + ", " + left + ", " + bottom + ", " + right + "] for a kernel of " + kh + "x"
                    + kw) + ": a pool's pads must each be smaller than the kernel");
        }
    }

    private static int[] same(int[] nchw, int kh, int kw, int[] s, int[] d, boolean upper) {
        int[] p = new int[4];
        int[] k = {kh, kw};
        for (int a = 0; a < 2; a++) {
            int in = nchw[2 + a], out = (in + s[a] - 1) / s[a];
            int total = Math.max(0, (out - 1) * s[a] + (k[a] - 1) * d[a] + 1 - in);
            int small = total / 2;
            p[a] = upper ? small : total - small;
            p[a + 2] = total - p[a];
        }
        return p;
    }

    int outHeight(int h) {
        return (h + top + bottom - dh * (kh - 1) - 1) / sh + 1;
    }

    int outWidth(int w) {
        return (w + left + right - dw * (kw - 1) - 1) / sw + 1;
    }

    /**
     * The window with bottom and right padding added so that the output size is rounded up (ceil_mode), as
     * long as the last window still starts inside the input or its top-left padding (ONNX's rule).
     */
    Window roundedUp(int h, int w) {
        // a dilated window spans d (k - 1) + 1 cells
        return new Window(kh, kw, sh, sw, dh, dw, top, left,
                bottom + extra(h + top + bottom, dh * (kh - 1) + 1, sh, h + top),
                right + extra(w + left + right, dw * (kw - 1) + 1, sw, w + left), signal);
    }

    private static int extra(int padded, int k, int s, int limit) {
        int rest = (padded - k) % s;
        if (rest == 0) {
            return 0;
        }
        int lastStart = ((padded - k) / s + 1) * s;
        return lastStart < limit ? s - rest : 0;
    }

    String pads() {
        return "{p " + top + " " + bottom + " " + left + " " + right + "}";
    }

    String dilations() {
        return "{d " + dh + " " + dw + "}";
    }

    String strides() {
        return "{s " + sh + " " + sw + "}";
    }
}
