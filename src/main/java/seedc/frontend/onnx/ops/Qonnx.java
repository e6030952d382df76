package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * QONNX's Quant and BipolarQuant (domain qonnx.custom_op.general, also finn.custom_op.general), which give
 * the dequantized values directly. Quant: q = clamp(round(x / scale + zeropt), qmin, qmax), y = (q - zeropt) *
 * scale, with qmin, qmax from the bit width, {@code signed} and {@code narrow}. BipolarQuant: y = scale where
 * x >= 0, else -scale. On constants (low-bit weights) both are computed at import; on a computed tensor with one
 * scale and zero point they are SeeDot's {@code quantize(x, bits, lo, hi)}, the same levels (bits up to 8, the
 * full range: narrow has 2^bits - 1 levels, which quantize does not write; ROUND's ties go to the larger level
 * there, to the even one in QONNX, which differ only on inputs exactly between two levels).
 */
final class Qonnx {
    private Qonnx() {}

    static final java.util.Set<String> DOMAINS = java.util.Set.of("qonnx.custom_op.general", "finn.custom_op.general");

    static void quant(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0), scale = cx.constant(node, 1, "the scale"), zero = cx.constant(node, 2, "the zero point");
        Sym width = cx.constant(node, 3, "the bit width");
        double b = width.size() == 1 ? width.constant()[0] : Double.NaN;
        if (b != Math.rint(b) || b < 1 || b > 32) {
            throw node.error("has bit width " + java.util.Arrays.toString(width.constant()) + "; seedc reads one"
                    + " whole number from 1 to 32");
        }
        int bits = (int) b;
        boolean signed = node.integer("signed", 1) != 0, narrow = node.integer("narrow", 0) != 0;
        double qmin = signed ? -Math.scalb(1.0, bits - 1) + (narrow ? 1 : 0) : 0;
        double qmax = signed ? Math.scalb(1.0, bits - 1) - 1 : Math.scalb(1.0, bits) - 1 - (narrow ? 1 : 0);
        String mode = node.string("rounding_mode", "ROUND");
        if (x.isConstant()) {
            double[] s = Broadcast.expand(node, scale, x), z = Broadcast.expand(node, zero, x), v = x.constant().clone();
            for (int i = 0; i < v.length; i++) {
                double q = Math.clamp(round(node, mode, v[i] / s[i] + z[i]), qmin, qmax);
                v[i] = (q - z[i]) * s[i];
            }
            cx.constantOutput(node, x.shape(), v);
            return;
        }
        if (scale.size() != 1 || zero.size() != 1 || bits > 8 || narrow || !mode.equals("ROUND")) {
            throw node.error("quantizes a computed tensor with " + (scale.size() != 1 || zero.size() != 1
                    ? "a scale or zero point per channel" : bits > 8 ? bits + " bits" : narrow ? "narrow = 1"
                    : "rounding_mode " + mode) + "; seedc imports one scale and zero point, 1 to 8 bits, the full"
                    + " range and ROUND on activations");
        }
        double s = scale.constant()[0], z = zero.constant()[0];
        levels(node, cx, x, bits, (qmin - z) * s, (qmax - z) * s);
    }

    static void bipolar(Node node, ImportContext cx) {
        Sym x = cx.in(node, 0), scale = cx.constant(node, 1, "the scale");
        if (x.isConstant()) {
            double[] s = Broadcast.expand(node, scale, x), v = x.constant().clone();
            for (int i = 0; i < v.length; i++) {
                v[i] = v[i] >= 0 ? s[i] : -s[i];
            }
            cx.constantOutput(node, x.shape(), v);
            return;
        }
        if (scale.size() != 1) {
            throw node.error("has a scale per channel; seedc imports one scale on activations");
        }
        levels(node, cx, x, 1, -scale.constant()[0], scale.constant()[0]);
    }

    private static void levels(Node node, ImportContext cx, Sym x, int bits, double lo, double hi) {
        if (!(lo < hi)) {
            throw node.error("has levels from " + lo + " to " + hi + "; its scale must be positive");
        }
        cx.let(node, "quantize(" + x.expr() + ", " + bits + ", " + ImportContext.real(lo) + ", "
                + ImportContext.real(hi) + ")", x.shape(), x.nhwc());
    }

    private static double round(Node node, String mode, double v) {
        return switch (mode) {
            case "ROUND" -> Math.rint(v);
            case "CEIL" -> Math.ceil(v);
            case "FLOOR" -> Math.floor(v);
            default -> throw node.error("has rounding_mode " + mode + "; seedc reads ROUND, CEIL and FLOOR");
        };
    }
}
