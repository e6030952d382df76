package seedc.io;

import java.util.Arrays;

/**
 * An n-dimensional array read from (or to be written to) a .npy file: its shape and its elements in
 * C (row-major) order, converted to doubles whatever the file's dtype. The arrays are not copied.
 */
public record NpyArray(int[] shape, double[] data) {
    public NpyArray {
        if (shape == null || data == null) throw new IllegalArgumentException("shape and data are required");
        long n = Shapes.elementCount(shape);
        if (n != data.length) {
            throw new IllegalArgumentException(
                    "shape " + Shapes.format(shape) + " needs " + n + " elements, got " + data.length);
        }
    }

    /** Number of elements (1 for a scalar of shape ()). */
    public int size() {
        return data.length;
    }

    public int rank() {
        return shape.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NpyArray a && Arrays.equals(shape, a.shape) && Arrays.equals(data, a.data);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(shape) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        String d = data.length <= 16 ? Arrays.toString(data) : "[" + data.length + " elements]";
        return "NpyArray" + Shapes.format(shape) + d;
    }
}
