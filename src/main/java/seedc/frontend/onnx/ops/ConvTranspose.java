package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * ConvTranspose over an image or a signal (strides, pads, dilations, output_padding, groups; a signal (N, C, L) as
 * the image (N, C, 1, L), its attributes read with one value per side) as the convolution it equals: the input with
 * stride - 1 zeros between its rows and between its columns ({@link AxisMaps}), padded by dilation (k - 1) minus
 * ONNX's pad on each side (plus output_padding at the bottom and right), convolved at stride 1 with the filter
 * flipped in both spatial axes and its channel axes swapped: ONNX's (Cin, Cout/G, kh, kw) becomes SeeDot's
 * (G, kh, kw, Cin/G, Cout/G) at (g, kh - 1 - i, kw - 1 - j). The output size is ONNX's
 * stride (in - 1) + output_padding + dilation (k - 1) + 1 - pads; output_shape and SAME auto_pad give the pads
 * as ONNX derives them.
 */
final class ConvTranspose {
    private ConvTranspose() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = Conv.image(node, cx);
        Sym w = cx.constant(node, 1, "the filter W");
        boolean signal = x.shape().length == 3;
        int[] ws = w.shape(), xs = x.nchw();
        int groups = node.int32("group", 1);
        if (ws.length != x.shape().length || groups < 1 || ws[0] != xs[1] || xs[1] % groups != 0 || ws[1] < 1) {
            throw node.error("filter of shape " + Sym.dims(ws) + " in " + groups + " groups does not fit an input of"
                    + " shape " + Sym.dims(x.shape()) + " (ONNX's is (C, M / group, " + (signal ? "k" : "kh, kw")
                    + "))");
        }
        int kh = signal ? 1 : ws[2], kw = ws[ws.length - 1], cin = xs[1] / groups, per = ws[1];
        Geometry gm = geometry(node, xs, kh, kw, signal);
        int[] s = gm.strides(), d = gm.dilations();
        long[] conv = gm.convPads();
        int outH = gm.outH(), outW = gm.outW();
        int[][] maps = AxisMaps.identities(x.shape());
        if (!signal) {
            maps[2] = stuffed(node, xs[2], s[0]);
        }
        maps[maps.length - 1] = stuffed(node, xs[3], s[1]);
        Sym up = AxisMaps.apply(node, cx, x, maps, 0);
        String filter = cx.param(node.inputs().get(1), new int[] {groups, kh, kw, cin, per},
                flipped(w, groups, cin, kh, kw));
        String expr = "conv2d(" + up.expr() + ", " + filter + ", {s 1 1}, {p " + conv[0] + " " + conv[1] + " "
                + conv[2] + " " + conv[3] + "}, {d " + d[0] + " " + d[1] + "}, {g " + groups + "})";
        int cout = groups * per;
        if (Operands.given(node, 2)) {
            Sym b = cx.constant(node, 2, "the bias B");
            if (b.size() != cout) {
                throw node.error("bias of " + b.size() + " values for " + cout + " output channels");
            }
            expr = "(" + expr + ") <+> " + cx.param(node.inputs().get(2), new int[] {cout}, b.constant());
        }
        cx.let(node, expr, signal ? new int[] {xs[0], cout, outW} : new int[] {xs[0], cout, outH, outW}, true);
    }

    /** The strides, dilations, the equivalent convolution's pads (top, bottom, left, right) and the output size. */
    private record Geometry(int[] strides, int[] dilations, long[] convPads, int outH, int outW) {}

    /**
     * {@code xs}: the input's (N, C, H, W), a signal's H being 1; a signal's attributes (one stride, dilation and
     * output_padding, two pads, one output_shape) are read as the image's of height 1.
     */
    private static Geometry geometry(Node node, int[] xs, int kh, int kw, boolean signal) {
        String auto = Window.autoPad(node);
        int[] kernel = signal ? new int[] {kw} : new int[] {kh, kw};
        int[] declared = node.ints("kernel_shape", kernel);
        if (!java.util.Arrays.equals(declared, kernel)) {
            throw node.error("kernel_shape = " + java.util.Arrays.toString(declared) + " but the filter's kernel is "
                    + (signal ? kw : kh + "x" + kw));
        }
        int sides = signal ? 1 : 2;
        int[] s = pair(node, "strides", 1, sides), d = pair(node, "dilations", 1, sides);
        int[] op = node.ints("output_padding", new int[sides]);
        int[] p = auto.equals("VALID") ? new int[2 * sides] : node.ints("pads", new int[2 * sides]);
        if (op.length != sides || p.length != 2 * sides) {
            throw node.error("output_padding " + java.util.Arrays.toString(op) + " and pads "
                    + java.util.Arrays.toString(p) + "; seedc reads " + (signal ? "one output_padding and two pads"
                    + " for a signal" : "two output_padding and four pads for an image"));
        }
        if (signal) {
            op = Window.asImage(op, 0);
            p = Window.asImagePads(p);
        }
        Window.atLeast(node, "pads", p, 0);
        int[] out = node.ints("output_shape", null);
        if (out != null && signal && out.length >= 1) {
            out = new int[] {1, out[out.length - 1]};
        }
        if (out == null && auto.startsWith("SAME")) {
            out = new int[] {xs[2] * s[0], xs[3] * s[1]};
        }
        if (out != null) {
            p = padsFor(node, out, xs, new int[] {kh, kw}, s, d, op, auto.equals("SAME_UPPER"));
        }
        long[] conv = {(long) d[0] * (kh - 1) - p[0], (long) d[0] * (kh - 1) - p[2] + op[0],
                (long) d[1] * (kw - 1) - p[1], (long) d[1] * (kw - 1) - p[3] + op[1]};
        for (int k = 0; k < 4; k++) {
            if (conv[k] < 0 || op[k / 2] < 0) {
                throw node.error("pads " + java.util.Arrays.toString(p) + " and output_padding "
                        + java.util.Arrays.toString(op) + " for a kernel of " + kh + "x" + kw + " (dilations "
                        + java.util.Arrays.toString(d) + "): seedc needs each pad within dilation (k - 1) and no"
                        + " negative output_padding");
            }
        }
        int outH = AxisMaps.length(node, (long) s[0] * (xs[2] - 1) + op[0] + (long) d[0] * (kh - 1) + 1 - p[0] - p[2],
                "the output's height");
        int outW = AxisMaps.length(node, (long) s[1] * (xs[3] - 1) + op[1] + (long) d[1] * (kw - 1) + 1 - p[1] - p[3],
                "the output's width");
        return new Geometry(s, d, conv, outH, outW);
    }

    /**
     * The pads ONNX derives from output_shape (given, or the input times the strides for SAME auto_pad): the
     * total stride (in - 1) + output_padding + dilation (k - 1) + 1 - out split in two, the larger half at the
     * end for SAME_UPPER and at the start otherwise. A negative total (a larger output) gives negative pads, which
     * widen the equivalent convolution's padding.
     */
    private static int[] padsFor(Node node, int[] out, int[] xs, int[] k, int[] s, int[] d, int[] op, boolean upper) {
        if (out.length != 2 && out.length != 4) {
            throw node.error("output_shape = " + java.util.Arrays.toString(out) + "; seedc reads an image's height"
                    + " and width");
        }
        int[] p = new int[4];
        for (int a = 0; a < 2; a++) {
            long total = (long) s[a] * (xs[2 + a] - 1) + op[a] + (long) d[a] * (k[a] - 1) + 1 - out[out.length - 2 + a];
            long small = Math.floorDiv(total, 2);
            if (Math.abs(total) > Integer.MAX_VALUE) {
                throw node.error("output_shape = " + java.util.Arrays.toString(out) + " is out of reach");
            }
            p[a] = (int) (upper ? small : total - small);
            p[a + 2] = (int) (total - p[a]);
        }
        return p;
    }

    /** The attribute's value per spatial axis ({@code sides}: 1 for a signal), as the image's (H, W). */
    private static int[] pair(Node node, String name, int least, int sides) {
        int[] v = node.ints(name, sides == 1 ? new int[] {1} : new int[] {1, 1});
        if (v.length != sides) {
            throw node.error(name + " = " + java.util.Arrays.toString(v) + ": seedc reads " + sides + " for "
                    + (sides == 1 ? "a signal" : "an image"));
        }
        Window.atLeast(node, name, v, least);
        return sides == 1 ? Window.asImage(v, 1) : v;
    }

    /** An axis of n with stride - 1 zeros between neighbours: index i reads i / stride where stride divides it. */
    private static int[] stuffed(Node node, int n, int stride) {
        int[] m = new int[AxisMaps.length(node, (long) (n - 1) * stride + 1, "strides " + stride)];
        for (int i = 0; i < m.length; i++) {
            m[i] = i % stride == 0 ? i / stride : AxisMaps.FILL;
        }
        return m;
    }

    /**
     * SeeDot's (G, kh, kw, Cin/G, Cout/G) filter: ONNX's W[g Cin/G + c][o][kh - 1 - i][kw - 1 - j] (a signal's
     * W[g Cin/G + c][o][kw - 1 - j], kh being 1).
     */
    private static double[] flipped(Sym w, int groups, int cin, int kh, int kw) {
        int per = w.shape()[1];
        return Conv.seedotFilter(groups, kh, kw, cin, per,
                (g, i, j, c, o) -> w.constant()[(((g * cin + c) * per + o) * kh + (kh - 1 - i)) * kw + (kw - 1 - j)]);
    }
}
