package seedc.ir;

import java.util.Arrays;
import java.util.List;

/** A static tensor shape; rank 0 is a scalar. Immutable. */
public final class Shape {
    private final int[] dims;

    private Shape(int[] dims) {
        this.dims = dims;
    }

    public static final Shape SCALAR = new Shape(new int[0]);

    public static Shape of(int... dims) {
        return new Shape(dims.clone());
    }

    public static Shape of(List<Integer> dims) {
        return new Shape(dims.stream().mapToInt(Integer::intValue).toArray());
    }

    public int rank() {
        return dims.length;
    }

    public int dim(int axis) {
        return dims[axis];
    }

    public int last() {
        return dims[dims.length - 1];
    }

    public int[] dims() {
        return dims.clone();
    }

    public int size() {
        int n = 1;
        for (int d : dims) {
            n *= d;
        }
        return n;
    }

    /** True for a scalar or a tensor all of whose dimensions are 1 (SeeDot coerces these to scalars). */
    public boolean isScalarLike() {
        return size() == 1;
    }

    /** Row-major strides. */
    public int[] strides() {
        int[] s = new int[dims.length];
        int acc = 1;
        for (int i = dims.length - 1; i >= 0; i--) {
            s[i] = acc;
            acc *= dims[i];
        }
        return s;
    }

    public Shape dropFirst() {
        return new Shape(Arrays.copyOfRange(dims, 1, dims.length));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shape s && Arrays.equals(dims, s.dims);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dims);
    }

    @Override
    public String toString() {
        if (dims.length == 1) {
            return "(" + dims[0] + ")";
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < dims.length; i++) {
            sb.append(i > 0 ? ", " : "").append(dims[i]);
        }
        return sb.append(')').toString();
    }
}
