package seedc.ir;


/**
 * Index maps of the data-movement ops, shared by every interpreter: element k of the output
 * is element map[k] of the input (plus a dynamic base for index and splice).
 */
public final class Layouts {
    private Layouts() {}

    public static int[] transpose(Shape in) {
        int m = in.dim(0), n = in.dim(1);
        int[] map = new int[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                map[j * m + i] = i * n + j;
            }
        }
        return map;
    }

    /** Visits the input's axes in {@code order} (outermost first); the k-th element visited is output k. */
    public static int[] reshape(Shape in, int[] order) {
        int rank = in.rank();
        int[] strides = in.strides();
        int[] map = new int[in.size()];
        int[] counter = new int[rank];
        for (int k = 0; k < map.length; k++) {
            int lin = 0;
            for (int a = 0; a < rank; a++) {
                lin += counter[a] * strides[a];
            }
            map[k] = lin;
            for (int p = rank - 1; p >= 0; p--) { // odometer over the axes in visiting order
                int axis = order[p];
                if (++counter[axis] < in.dim(axis)) {
                    break;
                }
                counter[axis] = 0;
            }
        }
        return map;
    }

    public static int[] reverse(Shape in, int axis) {
        int[] strides = in.strides();
        int n = in.dim(axis), stride = strides[axis];
        int[] map = new int[in.size()];
        for (int k = 0; k < map.length; k++) {
            int i = (k / stride) % n;
            map[k] = k + (n - 1 - 2 * i) * stride;
        }
        return map;
    }

    /** Relative input positions of a sub-tensor of shape {@code part} at offset zero. */
    public static int[] splice(Shape in, Shape part) {
        int[] inStrides = in.strides();
        int[] partStrides = part.strides();
        int[] map = new int[part.size()];
        for (int k = 0; k < map.length; k++) {
            int lin = 0;
            for (int a = 0; a < part.rank(); a++) {
                lin += ((k / partStrides[a]) % part.dim(a)) * inStrides[a];
            }
            map[k] = lin;
        }
        return map;
    }

    /** Linear position of the first element of a splice at the given offsets (one per leading axis). */
    public static int spliceBase(Shape in, long[] offsets) {
        int[] strides = in.strides();
        int base = 0;
        for (int a = 0; a < offsets.length; a++) {
            base += (int) offsets[a] * strides[a];
        }
        return base;
    }

    /** Shape of an op's sub-tensor, padded with the input's trailing axes to the input's rank. */
    public static Shape fullPart(Shape in, Shape part) {
        if (part.rank() == in.rank()) {
            return part;
        }
        int[] dims = in.dims();
        if (part.size() == 1) { // a scalar, or a one-element tensor of any rank
            java.util.Arrays.fill(dims, 1);
            return Shape.of(dims);
        }
        int lead = in.rank() - part.rank();
        for (int a = lead; a < in.rank(); a++) {
            dims[a] = part.dim(a - lead);
        }
        for (int a = 0; a < lead; a++) {
            dims[a] = 1;
        }
        return Shape.of(dims);
    }

    /**
     * The input elements each output element of an NHWC max pooling reads: output k reads
     * {@code index[start[k] .. start[k + 1])}, tap (i, j) at the window's {@link Window#inRow}/{@link Window#inCol}
     * (dilated). Cells in the padding are left out, so a window wholly in the padding reads nothing (its maximum is
     * defined as 0).
     */
    public record Windows(int[] start, int[] index) {}

    public static Windows maxpool(Shape in, int kh, int kw, Window w, Shape out) {
        int h = in.dim(1), wd = in.dim(2), c = in.dim(3);
        int oh = out.dim(1), ow = out.dim(2);
        int[] start = new int[out.size() + 1];
        int[] index = new int[out.size() * kh * kw];
        int n = 0, k = 0;
        for (int b = 0; b < in.dim(0); b++) {
            for (int y = 0; y < oh; y++) {
                for (int xo = 0; xo < ow; xo++) {
                    for (int ch = 0; ch < c; ch++) {
                        start[k++] = n;
                        for (int i = 0; i < kh; i++) {
                            int yi = w.inRow(y, i);
                            for (int j = 0; j < kw; j++) {
                                int xi = w.inCol(xo, j);
                                if (yi >= 0 && yi < h && xi >= 0 && xi < wd) {
                                    index[n++] = ((b * h + yi) * wd + xi) * c + ch;
                                }
                            }
                        }
                    }
                }
            }
        }
        start[k] = n;
        return new Windows(start, java.util.Arrays.copyOf(index, n));
    }
}
