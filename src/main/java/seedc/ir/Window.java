package seedc.ir;

/**
 * Strides, paddings (top, bottom, left, right) and dilations of a convolution or pooling window, and
 * the geometry they define: output row y, tap i reads input row {@code y * sh - pt + i * dh} (columns
 * likewise); an input of n rows gives {@link #outLength} rows.
 */
public record Window(int sh, int sw, int pt, int pb, int pl, int pr, int dh, int dw) {

    /** Whether any side has padding (a window there reads zeros, or for a pool nothing). */
    public boolean padded() {
        return pt + pb + pl + pr > 0;
    }

    /** The input row that output row {@code y} reads at tap {@code i}. */
    public int inRow(int y, int i) {
        return y * sh - pt + i * dh;
    }

    /** The input column that output column {@code x} reads at tap {@code j}. */
    public int inCol(int x, int j) {
        return x * sw - pl + j * dw;
    }

    /** Whether that row lies inside an input of {@code h} rows (not in the padding). */
    public boolean insideRows(int y, int i, int h) {
        int r = inRow(y, i);
        return r >= 0 && r < h;
    }

    public boolean insideCols(int x, int j, int w) {
        int c = inCol(x, j);
        return c >= 0 && c < w;
    }

    public int outHeight(int h, int kh) {
        return outLength(h, kh, sh, pt, pb, dh);
    }

    public int outWidth(int w, int kw) {
        return outLength(w, kw, sw, pl, pr, dw);
    }

    /** Output length along one axis, or a value below 1 when the window does not fit. */
    public static int outLength(int in, int kernel, int stride, int padBefore, int padAfter, int dilation) {
        int span = dilation * (kernel - 1) + 1;
        int padded = in + padBefore + padAfter;
        if (padded < span) {
            return 0;
        }
        return (padded - span) / stride + 1;
    }
}
