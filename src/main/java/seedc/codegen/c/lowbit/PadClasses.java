package seedc.codegen.c.lowbit;

import java.util.ArrayList;
import java.util.List;
import seedc.ir.Op.Conv2d;
import seedc.ir.Shape;
import seedc.ir.Window;

/**
 * The output pixels of a padded convolution grouped by which of their window's taps lie in the padding: an output
 * row's class is the set of kernel rows inside the input (the top rows' and the bottom rows' each their own, every
 * row in between one), a column's alike, a pixel's the pair. A padded window of sign activations takes each
 * padding tap's weights out of its sum (PlaneProduct.padMask); their sum depends only on the pixel's class, so it
 * is one table entry a class and weight vector, where the window listed its padding taps and summed their entries
 * (cnn-digits-w1a1i1's second convolution, 12 of its 16 pixels padded).
 *
 * @param rowClass each output row's class
 * @param colClass each output column's class
 * @param rowsInside for each row class, whether each kernel row is inside
 * @param colsInside for each column class, whether each kernel column is inside
 */
public record PadClasses(long[] rowClass, long[] colClass, List<boolean[]> rowsInside, List<boolean[]> colsInside) {
    public static PadClasses of(Conv2d c) {
        Shape xs = c.x().shape(), os = c.out().shape(), fs = c.filter().shape();
        Window w = c.window();
        List<boolean[]> rows = new ArrayList<>(), cols = new ArrayList<>();
        long[] rowClass = classes(os.dim(1), fs.dim(1), xs.dim(1), w.sh(), w.pt(), w.dh(), rows);
        long[] colClass = classes(os.dim(2), fs.dim(2), xs.dim(2), w.sw(), w.pl(), w.dw(), cols);
        return new PadClasses(rowClass, colClass, rows, cols);
    }

    /** Each of n outputs' class by the kernel's k taps inside [0, size) (step, pad, dilation); the classes' sets. */
    private static long[] classes(int n, int k, int size, int step, int pad, int dilation, List<boolean[]> sets) {
        long[] cls = new long[n];
        for (int o = 0; o < n; o++) {
            boolean[] inside = new boolean[k];
            for (int i = 0; i < k; i++) {
                int at = o * step - pad + i * dilation;
                inside[i] = at >= 0 && at < size;
            }
            int found = -1;
            for (int s = 0; s < sets.size() && found < 0; s++) {
                found = java.util.Arrays.equals(sets.get(s), inside) ? s : -1;
            }
            if (found < 0) {
                found = sets.size();
                sets.add(inside);
            }
            cls[o] = found;
        }
        return cls;
    }

    /** Pixel classes: row classes times column classes. */
    int count() {
        return rowsInside.size() * colsInside.size();
    }

    /**
     * For each pixel class (row class times column classes plus column class) and each of the {@code vectors}
     * weight vectors, the sum of {@code tapSums} (vector f's tap t at f taps + t, taps row by row) over the taps
     * in the padding.
     */
    public long[] paddingSums(long[] tapSums, int vectors) {
        return paddingSums(tapSums, vectors, 0);
    }

    /** The same plus {@code each} for each tap in the padding (a tap's channels: the padding's count np). */
    public long[] paddingSums(long[] tapSums, int vectors, long each) {
        int kh = rowsInside.get(0).length, kw = colsInside.get(0).length;
        long[] table = new long[count() * vectors];
        for (int cy = 0; cy < rowsInside.size(); cy++) {
            for (int cx = 0; cx < colsInside.size(); cx++) {
                int cls = cy * colsInside.size() + cx;
                for (int f = 0; f < vectors; f++) {
                    for (int i = 0; i < kh; i++) {
                        for (int j = 0; j < kw; j++) {
                            if (!rowsInside.get(cy)[i] || !colsInside.get(cx)[j]) {
                                table[cls * vectors + f] += tapSums[f * kh * kw + i * kw + j] + each;
                            }
                        }
                    }
                }
            }
        }
        return table;
    }
}
