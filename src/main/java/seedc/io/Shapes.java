package seedc.io;

import java.util.Arrays;

/** Small helpers for array shapes, shared by the readers and their error messages. */
public final class Shapes {
    private Shapes() {}

    /**
     * Formats a shape for messages: {@code (16, 64)}, {@code (16)} for rank 1 and {@code ()} for a
     * scalar. Rank 1 is written without Python's trailing comma because SeeDot users read these too.
     */
    public static String format(int[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(shape[i]);
        }
        return sb.append(')').toString();
    }

    /** Number of elements, or -1 when it does not fit in an int (Java arrays cannot hold it). */
    public static long elementCount(int[] shape) {
        long n = 1;
        for (int d : shape) {
            if (d < 0) throw new IllegalArgumentException("negative dimension in " + format(shape));
            n *= d;
            if (n > Integer.MAX_VALUE) return -1;
        }
        return n;
    }

    /** The shape without its size-1 axes; reshaping between such shapes never reorders data. */
    public static int[] squeeze(int[] shape) {
        return Arrays.stream(shape).filter(d -> d != 1).toArray();
    }

    /** The C-order (row-major) multi-index of flat position {@code flat}, formatted as {@code [3, 7]}. */
    public static String index(int[] shape, long flat) {
        int[] idx = new int[shape.length];
        for (int i = shape.length - 1; i >= 0; i--) {
            idx[i] = (int) (flat % shape[i]);
            flat /= shape[i];
        }
        return Arrays.toString(idx);
    }
}
