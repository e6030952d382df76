package seedc.frontend.onnx.ops;

import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/** A constant broadcast (numpy rules, as ONNX's) to a computed tensor's shape, in SeeDot's layout of it. */
final class Broadcast {
    private Broadcast() {}

    /** {@code c}'s values at every element of {@code to}, row-major in SeeDot's layout (NHWC for an image). */
    static double[] expand(Node node, Sym c, Sym to) {
        int[] t = to.shape(), s = c.shape();
        if (s.length > t.length) {
            throw node.error("cannot broadcast a constant of shape " + Sym.dims(s) + " to " + Sym.dims(t));
        }
        int[] src = new int[t.length]; // c's dims aligned right, 1 where missing
        java.util.Arrays.fill(src, 1);
        for (int i = 0; i < s.length; i++) {
            src[t.length - s.length + i] = s[i];
            if (s[i] != 1 && s[i] != t[t.length - s.length + i]) {
                throw node.error("cannot broadcast a constant of shape " + Sym.dims(s) + " to " + Sym.dims(t));
            }
        }
        int n = to.size();
        double[] out = new double[n];
        int[] idx = new int[t.length];
        for (int flat = 0; flat < n; flat++) {
            int rest = flat, from = 0;
            for (int k = t.length - 1; k >= 0; k--) {
                idx[k] = rest % t[k];
                rest /= t[k];
            }
            for (int k = 0; k < t.length; k++) {
                from = from * src[k] + (src[k] == 1 ? 0 : idx[k]);
            }
            out[seedotIndex(idx, t, to.nhwc())] = c.constant()[from];
        }
        return out;
    }

    /** Where ONNX index {@code idx} of a tensor of ONNX shape {@code t} lies in SeeDot's row-major layout. */
    private static int seedotIndex(int[] idx, int[] t, boolean nhwc) {
        if (!nhwc) {
            int f = 0;
            for (int k = 0; k < t.length; k++) {
                f = f * t[k] + idx[k];
            }
            return f;
        }
        // NCHW index (n, c, h, w) at NHWC position ((n * H + h) * W + w) * C + c
        return ((idx[0] * t[2] + idx[2]) * t[3] + idx[3]) * t[1] + idx[1];
    }

    /** The values along SeeDot's last axis of {@code to}, if the expanded constant varies along no other; else null. */
    static double[] lastAxis(double[] expanded, int last) {
        for (int i = last; i < expanded.length; i++) {
            if (expanded[i] != expanded[i % last]) {
                return null;
            }
        }
        return java.util.Arrays.copyOf(expanded, last);
    }

    /** SeeDot's dims of a tensor: its ONNX dims, or NHWC for an image. */
    static int[] seedotShape(Sym s) {
        int[] t = s.shape();
        return s.nhwc() ? new int[] {t[0], t[2], t[3], t[1]} : t.clone();
    }

    /**
     * Before opset 7 (Add, Sub, Mul, Div, Gemm's C), B broadcasts to A's shape only with {@code broadcast = 1}, and
     * then as a single element, or as a run of A's dims starting at {@code axis} (default: B's dims end A's);
     * shapes differ otherwise never. The opset-6 text says a dim of 1 in B does not stretch "yet"; PyTorch's
     * exports write such a B ((2, 1) at axis 0 of (2, 3)) and their stored outputs stretch it, as seedc does.
     * Returns B with the shape under which numpy's rules (ONNX's from opset 7) place its values where the old rule
     * did: its dims, then 1 up to A's rank.
     */
    static Sym legacy(Node node, Sym b, int[] a, String what) {
        int[] bs = b.shape();
        if (java.util.Arrays.equals(bs, a)) {
            return b;
        }
        String shapes = what + " of shape " + Sym.dims(bs) + " to " + Sym.dims(a);
        if (node.integer("broadcast", 0) == 0) {
            throw node.error("broadcasts " + shapes + " with broadcast = 0; in opset " + node.opset() + " shapes must"
                    + " match unless broadcast = 1");
        }
        if (!b.isConstant()) {
            throw node.error("broadcasts the computed " + shapes + "; seedc broadcasts constants only");
        }
        if (b.size() == 1 && bs.length <= a.length) {
            return Sym.constant(new int[] {1}, b.constant());
        }
        long axis = node.integer("axis", a.length - bs.length);
        if (axis < 0 || axis + bs.length > a.length) {
            throw node.error("broadcasts " + shapes + " at axis " + axis + ", which does not fit");
        }
        int[] numpy = new int[a.length - (int) axis];
        java.util.Arrays.fill(numpy, 1);
        for (int i = 0; i < bs.length; i++) {
            if (bs[i] != a[(int) axis + i] && bs[i] != 1) {
                throw node.error("broadcasts " + shapes + " at axis " + axis + "; in opset " + node.opset()
                        + " B's dims must equal A's from there (or be 1)");
            }
            numpy[i] = bs[i];
        }
        return Sym.constant(numpy, b.constant());
    }
}
