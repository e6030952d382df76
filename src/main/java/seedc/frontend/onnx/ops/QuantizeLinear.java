package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * QuantizeLinear and DequantizeLinear. On constants they are computed at import: an int8 or uint8 weight with
 * its DequantizeLinear becomes the real weight it stands for, (q - zero_point) * scale, per tensor or per axis.
 * On a computed tensor a QuantizeLinear must be read by a DequantizeLinear only (with the same scale and zero
 * point), and the pair is SeeDot's {@code quantize(x, 8, lo, hi)} with lo and hi the real values of the integer
 * type's ends: the same 256 levels, clamped. (ONNX rounds a tie to the even level, quantize to the larger: the
 * two differ only on inputs exactly between two levels.) Where the scale is a power of two the levels are that
 * grid, which becomes the value's fixed type. A pair with a scale per channel is dropped with a note, the
 * search choosing that value's type.
 */
final class QuantizeLinear {
    private QuantizeLinear() {}

    static void quantize(Node node, ImportContext cx) {
        versions(node, cx);
        Sym x = cx.in(node, 0);
        if (!x.isConstant()) {
            for (int k = 1; k < node.inputs().size(); k++) {
                cx.constant(node, k, k == 1 ? "y_scale" : "y_zero_point");
            }
            if (!cx.onlyReader(node.output(), "DequantizeLinear")) {
                throw node.error("quantizes a computed tensor that a node other than one DequantizeLinear reads;"
                        + " seedc imports QuantizeLinear/DequantizeLinear pairs");
            }
            double[] grid = grid(node, cx);
            if (grid == null) {
                cx.note(node.where() + " and its DequantizeLinear (a scale per channel) are dropped: seedc's search"
                        + " chooses this value's fixed-point type");
                cx.fakeQuantized(node.output(), null);
                cx.alias(node, x);
                return;
            }
            boolean signed = signed(node, cx);
            double lo = ((signed ? -128 : 0) - grid[1]) * grid[0], hi = ((signed ? 127 : 255) - grid[1]) * grid[0];
            cx.fakeQuantized(node.output(), grid);
            cx.let(node, "quantize(" + x.expr() + ", 8, " + ImportContext.real(lo) + ", " + ImportContext.real(hi)
                    + ")", x.shape(), x.nhwc());
            return;
        }
        double[] scale = perAxis(node, cx, 1, x), zero = zeroPoint(node, cx, x);
        boolean signed = signed(node, cx);
        double lo = signed ? -128 : 0, hi = signed ? 127 : 255;
        double[] q = new double[x.size()];
        for (int i = 0; i < q.length; i++) {
            q[i] = Math.clamp(Math.rint(x.constant()[i] / scale[i]) + zero[i], lo, hi);
        }
        cx.constantOutput(node, x.shape(), q);
    }

    static void dequantize(Node node, ImportContext cx) {
        versions(node, cx);
        Sym x = cx.in(node, 0);
        if (!x.isConstant()) {
            if (!cx.isFakeQuantized(node.inputs().getFirst())) {
                throw node.error("dequantizes a computed tensor that no QuantizeLinear of a real tensor gives");
            }
            double[] grid = cx.quantizationGrid(node.inputs().getFirst());
            if (grid != null && !java.util.Arrays.equals(grid, grid(node, cx))) {
                throw node.error("dequantizes with another scale or zero point than its QuantizeLinear quantized with"
                        + " " + java.util.Arrays.toString(grid) + "; seedc imports pairs that agree");
            }
            cx.alias(node, x);
            return;
        }
        double[] scale = perAxis(node, cx, 1, x), zero = zeroPoint(node, cx, x);
        double[] v = new double[x.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = (x.constant()[i] - zero[i]) * scale[i];
        }
        cx.constantOutput(node, x.shape(), v);
    }

    /** One scale and zero point for the whole tensor ({scale, zero point}), or null for one per channel. */
    private static double[] grid(Node node, ImportContext cx) {
        Sym scale = cx.constant(node, 1, "the scale");
        Sym zero = node.inputs().size() > 2 ? cx.constant(node, 2, "the zero point") : null;
        if (scale.size() != 1 || zero != null && zero.size() != 1) {
            return null;
        }
        if (!(scale.constant()[0] > 0)) {
            throw node.error("has scale " + scale.constant()[0] + "; a quantization scale is positive");
        }
        return new double[] {scale.constant()[0], zero == null ? 0 : zero.constant()[0]};
    }

    /**
     * Opset 10: one scale and zero point for the whole tensor (axis came in 13); opset 21: block_size, which seedc
     * refuses but for 0 (a scale per tensor or per axis).
     */
    private static void versions(Node node, ImportContext cx) {
        if (node.opset() < 13) {
            for (int k = 1; k < node.inputs().size(); k++) {
                if (cx.in(node, k).size() != 1) {
                    throw node.error("has " + cx.in(node, k).size() + " scales or zero points; in opset "
                            + node.opset() + " " + node.op() + " takes one for the whole tensor");
                }
            }
        }
        if (node.integer("block_size", 0) != 0) {
            throw node.error("block_size = " + node.integer("block_size", 0) + " (a scale per block); seedc"
                    + " imports a scale per tensor or per axis");
        }
    }

    /**
     * Whether QuantizeLinear's output is int8: its zero point's type says (uint8 without one), or from opset 21
     * output_dtype, which must then agree with the zero point's.
     */
    private static boolean signed(Node node, ImportContext cx) {
        boolean zeroInt8 = node.inputs().size() > 2 && cx.isInt8(node.inputs().get(2));
        if (!node.has("output_dtype") || node.integer("output_dtype", 0) == 0) {
            return zeroInt8;
        }
        long type = node.integer("output_dtype", 0);
        if (type != onnx.Onnx.TensorProto.DataType.INT8_VALUE && type != onnx.Onnx.TensorProto.DataType.UINT8_VALUE) {
            throw node.error("output_dtype = " + type + "; seedc quantizes to int8 (3) and uint8 (2)");
        }
        boolean int8 = type == onnx.Onnx.TensorProto.DataType.INT8_VALUE;
        if (node.inputs().size() > 2 && int8 != zeroInt8) {
            throw node.error("output_dtype = " + type + " differs from its zero point's type");
        }
        return int8;
    }

    private static double[] zeroPoint(Node node, ImportContext cx, Sym x) {
        return node.inputs().size() > 2 ? perAxis(node, cx, 2, x) : new double[x.size()];
    }

    /** Input {@code at} (a scale or zero point: one value, or one per index of {@code axis}) at every element. */
    private static double[] perAxis(Node node, ImportContext cx, int at, Sym x) {
        Sym p = cx.constant(node, at, at == 1 ? "the scale" : "the zero point");
        double[] out = new double[x.size()];
        if (p.size() == 1) {
            java.util.Arrays.fill(out, p.constant()[0]);
            return out;
        }
        int rank = x.shape().length, axis = node.int32("axis", 1);
        axis = axis < 0 ? axis + rank : axis;
        if (axis < 0 || axis >= rank || x.shape()[axis] != p.size()) {
            throw node.error("has " + p.size() + " scales or zero points for axis " + node.integer("axis", 1)
                    + " of shape " + Sym.dims(x.shape()));
        }
        int inner = 1;
        for (int i = axis + 1; i < rank; i++) {
            inner *= x.shape()[i];
        }
        for (int i = 0; i < out.length; i++) {
            out[i] = p.constant()[i / inner % p.size()];
        }
        return out;
    }
}
