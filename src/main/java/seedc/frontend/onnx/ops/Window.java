package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.Node;

/**
 * The sliding window of Conv and MaxPool over an NCHW image: kernel, strides, dilations and pads (top, left,
 * bottom, right in ONNX's order begin..., end...), with auto_pad resolved; and the output's height and width.
 */
record Window(int kh, int kw, int sh, int sw, int dh, int dw, int top, int left, int bottom, int right) {
    static Window of(Node node, int[] nchw, int kh, int kw) {
        int[] s = node.ints("strides", new int[] {1, 1});
        int[] d = node.ints("dilations", new int[] {1, 1});
        int[] p = node.ints("pads", new int[] {0, 0, 0, 0});
        if (s.length != 2 || d.length != 2 || p.length != 4) {
            throw node.error("seedc imports 2-D windows (two strides and dilations, four pads)");
        }
        atLeast(node, "strides", s, 1);
        atLeast(node, "dilations", d, 1);
        atLeast(node, "pads", p, 0);
        if (kh < 1 || kw < 1) {
            throw node.error("kernel of " + kh + "x" + kw + ": each side must be at least 1");
        }
        String auto = node.string("auto_pad", "NOTSET");
        if (!auto.equals("NOTSET") && java.util.Arrays.stream(p).anyMatch(x -> x != 0)) {
            throw node.error("sets both auto_pad = " + auto + " and pads = " + java.util.Arrays.toString(p)
                    + "; ONNX uses one or the other");
        }
        switch (auto) {
            case "NOTSET" -> { }
            case "VALID" -> p = new int[4];
            case "SAME_UPPER", "SAME_LOWER" -> p = same(nchw, kh, kw, s, d, auto.equals("SAME_UPPER"));
            default -> throw node.error("auto_pad " + auto + " is not an ONNX value");
        }
        Window w = new Window(kh, kw, s[0], s[1], d[0], d[1], p[0], p[1], p[2], p[3]);
        w.fits(node, nchw);
        return w;
    }

    /**
     * ONNX's ranges, checked here at the node: a stride of 0 would divide by zero and a negative pad or dilation
     * would index outside the input in the generated code.
     */
    private static void atLeast(Node node, String name, int[] v, int least) {
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
            throw node.error("a kernel of " + kh + "x" + kw + (dh == 1 && dw == 1 ? "" : " (dilated: " + spanH + "x"
                    + spanW + ")") + " is larger than the padded input of " + paddedH + "x" + paddedW);
        }
    }

    /** ONNX's rule for pools: each pad smaller than the kernel, so that no window is padding only. */
    void padsWithinKernel(Node node) {
        if (top >= kh || bottom >= kh || left >= kw || right >= kw) {
            throw node.error("pads = [" + top + ", " + left + ", " + bottom + ", " + right + "] for a kernel of "
                    + kh + "x" + kw + ": a pool's pads must each be smaller than the kernel");
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
        return new Window(kh, kw, sh, sw, dh, dw, top, left, bottom + extra(h + top + bottom, kh, sh, h + top),
                right + extra(w + left + right, kw, sw, w + left));
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

    String strides() {
        return "{s " + sh + " " + sw + "}";
    }
}
