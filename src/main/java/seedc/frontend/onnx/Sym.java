package seedc.frontend.onnx;

/**
 * An ONNX tensor as the import sees it: its ONNX shape, and either a SeeDot expression that computes it
 * (a variable name) or its constant values (an initializer or a Constant node, folded at import).
 * {@code nhwc}: an activation stored in SeeDot's NHWC order while its ONNX shape stays NCHW: a 4-D image, or a
 * 3-D signal (N, C, L) stored as the image (N, 1, L, C) of height 1, so that conv2d and maxpool serve both.
 */
public record Sym(int[] shape, String expr, double[] constant, boolean nhwc) {
    public static Sym value(int[] shape, String expr) {
        return new Sym(shape, expr, null, false);
    }

    public static Sym image(int[] nchw, String expr) {
        return new Sym(nchw, expr, null, true);
    }

    public static Sym constant(int[] shape, double[] values) {
        return new Sym(shape, null, values, false);
    }

    /** An image's or a signal's dims as (N, C, H, W): a signal (N, C, L) is (N, C, 1, L). */
    public int[] nchw() {
        return shape.length == 3 ? new int[] {shape[0], shape[1], 1, shape[2]} : shape.clone();
    }

    /** SeeDot's dims of the stored tensor: the ONNX dims, or NHWC for an image or a signal. */
    public int[] stored() {
        if (!nhwc) {
            return shape.clone();
        }
        int[] t = nchw();
        return new int[] {t[0], t[2], t[3], t[1]};
    }

    /**
     * For each ONNX axis of an image or a signal, the stored axes (numbered from 1, as SeeDot's reshape does)
     * that it spans: N is 1, C is 4, an image's H and W are 2 and 3, a signal's L is 2 and 3 (the height of 1 and
     * the length).
     */
    public static int[][] storedAxes(int rank) {
        return rank == 3 ? new int[][] {{1}, {4}, {2, 3}} : new int[][] {{1}, {4}, {2}, {3}};
    }

    /** The stored axes (numbered from 1) that ONNX axis {@code a} spans: a + 1, or an image's or signal's. */
    public int[] spans(int a) {
        return nhwc ? storedAxes(shape.length)[a] : new int[] {a + 1};
    }

    /** The stored axis (from 0) that indexes ONNX axis {@code a}: a signal's L is its length, after the height of 1. */
    public int storedAxis(int a) {
        int[] s = spans(a);
        return s[s.length - 1] - 1;
    }

    public boolean isConstant() {
        return constant != null;
    }

    public int size() {
        return elements(shape);
    }

    /** The elements of a tensor of shape {@code shape}; an ImportError beyond {@link OnnxFrontEnd#MAX_ELEMENTS}. */
    public static int elements(int[] shape) {
        long n = 1;
        for (int d : shape) {
            if (d < 0) {
                throw new ImportError("a tensor of shape " + dims(shape) + " has a negative dimension");
            }
            n *= d;
            if (n > OnnxFrontEnd.MAX_ELEMENTS) {
                throw new ImportError("a tensor of shape " + dims(shape) + " is larger than seedc's limit of "
                        + OnnxFrontEnd.MAX_ELEMENTS + " elements");
            }
        }
        return (int) n;
    }

    /** The dims as SeeDot writes a shape: (d1, d2, ...). */
    public static String dims(int[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        return sb.append(')').toString();
    }
}
