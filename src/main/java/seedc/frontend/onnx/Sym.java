package seedc.frontend.onnx;

/**
 * An ONNX tensor as the import sees it: its ONNX shape, and either a SeeDot expression that computes it
 * (a variable name) or its constant values (an initializer or a Constant node, folded at import).
 * {@code nhwc}: a 4-D activation, stored in SeeDot's NHWC order while its ONNX shape stays NCHW.
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
