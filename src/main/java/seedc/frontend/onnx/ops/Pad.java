package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * Pad in modes constant, reflect, edge and wrap (opset 19), as every opset writes it: the pads as the attribute
 * {@code paddings} (opset 1) or {@code pads} (2 to 10) with the attribute {@code value}, then as a constant input with
 * an optional constant_value input (11), over the axes of an optional axes input (18). A negative pad crops. Each
 * padded axis is an index map ({@link AxisMaps}): positions outside the input read the constant, the reflected
 * index (numpy's reflect, without the edge repeated), the nearest edge, or the index modulo the axis.
 */
final class Pad {
    private Pad() {}

    static void convert(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0);
        int rank = x.shape().length;
        String mode = node.string("mode", "constant");
        if (!(mode.equals("constant") || mode.equals("reflect") || mode.equals("edge")
                || (mode.equals("wrap") && node.opset() >= 19))) {
            throw node.error("mode '" + mode + "' is not one of ONNX's at opset " + node.opset() + " (constant, reflect,"
                    + " edge" + (node.opset() >= 19 ? ", wrap" : "") + ")");
        }
        long[] pads = Operands.list(node, cx, node.opset() < 2 ? "paddings" : "pads", 1, 11);
        if (pads == null) {
            throw node.error("has no pads");
        }
        long[] axesGiven = node.opset() >= 18 ? Operands.list(node, cx, "axes", 3, 18) : null;
        int[] axes = Operands.axes(node, axesGiven == null ? Operands.all(rank) : axesGiven, rank);
        if (pads.length != 2 * axes.length) {
            throw node.error("pads holds " + pads.length + " values for " + axes.length + " axes; ONNX gives a begin"
                    + " and an end for each");
        }
        double value = value(node, cx);
        int[] convPads = mode.equals("constant") && value == 0 ? convolutionPads(node, cx, x, axes, pads) : null;
        if (convPads != null) {
            cx.deferZeroPad(node, x, convPads);
            return;
        }
        int[][] maps = AxisMaps.identities(x.shape());
        for (int k = 0; k < axes.length; k++) {
            maps[axes[k]] = map(node, x.shape()[axes[k]], pads[k], pads[k + axes.length], mode);
        }
        cx.alias(node, AxisMaps.apply(node, cx, x, maps, value));
    }

    /**
     * The pads (top, left, bottom, right) a zero Pad leaves to the Conv that alone reads it, or null: when the Pad
     * adds zeros (none cropped) along the spatial axes of a computed image or signal only, and that Conv reads it as
     * its input with pads of its own (auto_pad NOTSET). The convolution then reads the zeros from its padding, the
     * same integers with no padded copy of the image in RAM.
     */
    private static int[] convolutionPads(Node node, ImportContext cx, Sym x, int[] axes, long[] pads) {
        int rank = x.shape().length;
        var conv = cx.soleReader(node.output()).filter(r -> r.getOpType().equals("Conv")
                && r.getInputCount() > 0 && r.getInput(0).equals(node.output())
                && r.getAttributeList().stream().noneMatch(a -> a.getName().equals("auto_pad")
                        && !a.getS().toStringUtf8().equals("NOTSET")));
        if (x.isConstant() || (rank != 3 && rank != 4) || conv.isEmpty()) {
            return null;
        }
        int[] tlbr = new int[4];
        for (int k = 0; k < axes.length; k++) {
            long begin = pads[k], end = pads[k + axes.length];
            boolean spatial = axes[k] >= 2;
            if (begin < 0 || end < 0 || begin > Integer.MAX_VALUE || end > Integer.MAX_VALUE
                    || (!spatial && (begin != 0 || end != 0))) {
                return null;
            }
            int side = rank == 3 || axes[k] == 3 ? 1 : 0; // a signal's one axis is the image's width
            tlbr[side] += (int) begin;
            tlbr[side + 2] += (int) end;
        }
        return tlbr;
    }

    /** The constant: attribute value before opset 11, then the optional scalar input constant_value. */
    private static double value(Node node, ImportContext cx) {
        if (node.opset() < 11) {
            return node.real("value", 0);
        }
        if (!Operands.given(node, 2)) {
            return 0;
        }
        Sym v = cx.constant(node, 2, "constant_value");
        if (v.size() != 1) {
            throw node.error("constant_value holds " + v.size() + " values; ONNX's is one number");
        }
        return v.constant()[0];
    }

    /** The index map of an axis of n padded by {@code begin} and {@code end} (negative: cropped). */
    private static int[] map(Node node, int n, long begin, long end, String mode) {
        if (Math.abs(begin) > Integer.MAX_VALUE || Math.abs(end) > Integer.MAX_VALUE) {
            throw node.error("pads " + begin + " and " + end + " are outside the 32-bit range of seedc's sizes");
        }
        int[] m = new int[AxisMaps.length(node, n + begin + end, "pads " + begin + " and " + end + " of an axis of "
                + n)];
        for (int i = 0; i < m.length; i++) {
            long j = i - begin;
            m[i] = j >= 0 && j < n ? (int) j : switch (mode) {
                case "constant" -> AxisMaps.FILL;
                case "edge" -> j < 0 ? 0 : n - 1;
                case "wrap" -> (int) Math.floorMod(j, (long) n);
                default -> reflected(j, n);
            };
        }
        return m;
    }

    /** numpy's reflect: the index mirrored about the first and last elements until it falls inside. */
    private static int reflected(long j, int n) {
        if (n == 1) {
            return 0;
        }
        long period = 2L * (n - 1), r = Math.floorMod(j, period);
        return (int) (r < n ? r : period - r);
    }
}
