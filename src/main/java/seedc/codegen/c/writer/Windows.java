package seedc.codegen.c.writer;

import java.util.function.UnaryOperator;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.Maxpool;
import seedc.ir.Shape;
import seedc.ir.Window;

/**
 * The window walks of convolution and max pooling as C, written once for both emitters. The loops
 * name the batch b, the output row y and column xo, the kernel row i and column j; yi and xi are
 * the input row and column a tap reads (outside the input: padding).
 */
public final class Windows {
    private Windows() {}

    /** The input row of kernel row i (dilated: i steps dh rows; written without the factor where it is 1). */
    public static String inRow(Window w, boolean dilated) {
        return "y * " + w.sh() + " - " + w.pt() + " + i" + (dilated ? " * " + w.dh() : "");
    }

    public static String inCol(Window w, boolean dilated) {
        return "xo * " + w.sw() + " - " + w.pl() + " + j" + (dilated ? " * " + w.dw() : "");
    }

    /** The first channel of input pixel (b, yi, xi) of an NHWC tensor of shape xs. */
    public static String inPixel(Shape xs) {
        return "((b * " + xs.dim(1) + " + yi) * " + xs.dim(2) + " + xi) * " + xs.dim(3);
    }

    /** The first channel of output pixel (b, y, xo) of an NHWC tensor of shape os. */
    public static String outPixel(Shape os) {
        return "((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + os.dim(3);
    }

    /**
     * The loops over the taps of group g's window of convolution c (kernel row i, column j) with yi and xi, whether
     * the tap is inside the input, and px, its input pixel's first channel of the group (0 in the padding: a read in
     * range, not used); {@code body} writes what each tap does with them.
     */
    public static void taps(CWriter w, Conv2d c, Runnable body) {
        Shape xs = c.x().shape(), fs = c.filter().shape();
        w.loop("i", fs.dim(1), () -> {
            w.line("sd_idx yi = " + inRow(c.window(), true) + ";");
            w.loop("j", fs.dim(2), () -> {
                w.line("sd_idx xi = " + inCol(c.window(), true) + ";");
                w.line("uint8_t inside = yi >= 0 && yi < " + xs.dim(1) + " && xi >= 0 && xi < " + xs.dim(2) + ";");
                w.line("sd_idx px = inside ? " + inPixel(xs) + " + g * " + fs.dim(3) + " : 0;");
                body.run();
            });
        });
    }

    /** The loops over every output pixel (b, y, xo) of an NHWC tensor of shape os. */
    public static void perPixel(CWriter c, int batch, Shape os, Runnable body) {
        perPixel(c, batch, os, () -> { }, body);
    }

    /** The same with {@code perRow} written before each output row's pixels (in b and y). */
    public static void perPixel(CWriter c, int batch, Shape os, Runnable perRow, Runnable body) {
        c.loop("b", batch, () -> c.loop("y", os.dim(1), () -> {
            perRow.run();
            c.loop("xo", os.dim(2), body);
        }));
    }

    /**
     * What differs between the emitters' max pooling: the C type of an element and its zero, the
     * type of the flag that says whether some cell was inside, the result stored from m and any, and the result
     * from m when every cell is inside.
     */
    public record Pool(String type, String zero, String flagType, String result, String inside) {}

    /** Max pooling: the largest element of the window's cells inside the input, 0 when none is. */
    public static void maxpool(CWriter c, Maxpool m, Pool t, UnaryOperator<String> read) {
        Shape xs = m.x().shape(), os = m.out().shape();
        Window w = m.window();
        if (everyCellInside(m)) {
            maxpoolInside(c, m, t, read);
            return;
        }
        perPixel(c, xs.dim(0), os, () -> c.loop("ch", xs.dim(3), () -> {
            c.line(t.type() + " m = " + t.zero() + ";");
            c.line(t.flagType() + " any = 0;");
            c.loop("i", m.kh(), () -> {
                c.line("sd_idx yi = " + inRow(w, w.dh() != 1) + ";");
                c.loop("j", m.kw(), () -> {
                    c.line("sd_idx xi = " + inCol(w, w.dw() != 1) + ";");
                    c.block("if (yi >= 0 && yi < " + xs.dim(1) + " && xi >= 0 && xi < " + xs.dim(2) + ")", () -> {
                        c.line(t.type() + " v = " + read.apply(inPixel(xs) + " + ch") + ";");
                        c.line("if (!any || v > m) m = v;");
                        c.line("any = 1;");
                    });
                });
            });
            c.line(CNames.element(m.out(), outPixel(os) + " + ch") + " = " + t.result() + ";");
        }));
    }

    /** Whether every window lies inside the input (no padding, the last window's cells within it), few cells. */
    public static boolean everyCellInside(Maxpool m) {
        return seedc.fixed.SignKernels.everyCellInside(m);
    }

    /**
     * Max pooling where every cell is inside: the window's first cell, then each other one at its constant offset,
     * with no bounds to test (the same maximum; cnn-digits-w2a2i2's first pooling on the Uno 14,200 -> 8,771 cycles
     * by its marker profile).
     */
    private static void maxpoolInside(CWriter c, Maxpool m, Pool t, UnaryOperator<String> read) {
        Shape xs = m.x().shape(), os = m.out().shape();
        Window w = m.window();
        perPixel(c, xs.dim(0), os, () -> c.loop("ch", xs.dim(3), () -> {
            c.line("sd_idx at = ((b * " + xs.dim(1) + " + y * " + w.sh() + ") * " + xs.dim(2) + " + xo * " + w.sw()
                    + ") * " + xs.dim(3) + " + ch;");
            c.line(t.type() + " m = " + read.apply("at") + ";");
            for (int i = 0; i < m.kh(); i++) {
                for (int j = 0; j < m.kw(); j++) {
                    if (i + j > 0) {
                        int offset = (i * w.dh() * xs.dim(2) + j * w.dw()) * xs.dim(3);
                        c.block("", () -> {
                            c.line(t.type() + " v = " + read.apply("at + " + offset) + ";");
                            c.line("if (v > m) m = v;");
                        });
                    }
                }
            }
            c.line(CNames.element(m.out(), outPixel(os) + " + ch") + " = " + t.inside() + ";");
        }));
    }

    /**
     * Max pooling of packed signs (PackedSigns), every cell inside: each output pixel's {@code bytes} bytes the OR
     * of its cells' (the larger level is bit 1), written packed the same way.
     */
    public static void maxpoolPacked(CWriter c, Maxpool m, int bytes) {
        Shape xs = m.x().shape(), os = m.out().shape();
        Window w = m.window();
        String in = "((const uint8_t *)" + CNames.var(m.x()) + ")", out = "((uint8_t *)" + CNames.var(m.out()) + ")";
        c.line("/* the OR of each window's packed signs */");
        perPixel(c, xs.dim(0), os, () -> c.loop("k", bytes, () -> {
            c.line("sd_idx at = ((b * " + xs.dim(1) + " + y * " + w.sh() + ") * " + xs.dim(2) + " + xo * " + w.sw()
                    + ") * " + bytes + " + k;");
            StringBuilder or = new StringBuilder(in + "[at]");
            for (int i = 0; i < m.kh(); i++) {
                for (int j = 0; j < m.kw(); j++) {
                    if (i + j > 0) {
                        or.append(" | ").append(in).append("[at + ").append((i * w.dh() * xs.dim(2) + j * w.dw())
                                * bytes).append("]");
                    }
                }
            }
            c.line(out + "[((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + bytes + " + k] = (uint8_t)("
                    + or + ");");
        }));
    }
}
