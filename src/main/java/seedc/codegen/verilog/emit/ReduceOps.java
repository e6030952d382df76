package seedc.codegen.verilog.emit;

import java.util.function.UnaryOperator;
import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Window;

/** Matrix products and convolution on {@link ReduceKernel}: where each lane's term r reads its operands. */
final class ReduceOps {
    private ReduceOps() {}

    /** (m, k) x (k, n): output x = (i, j) reads a[i][r] and b[r][j]. */
    static String matmul(NodeContext c, Op.MatMul m) {
        int k = m.a().shape().dim(1), n = m.b().shape().dim(1);
        String x = "x_" + c.id();
        UnaryOperator<String> a = r -> n == 1 ? x + " * " + k + " + " + r : c.xDiv(n) + " * " + k + " + " + r;
        UnaryOperator<String> b = r -> n == 1 ? r : r + " * " + n + " + " + c.xMod(n);
        return ReduceKernel.emit(c, "matrix product", new ReduceKernel.Operands(a, b, r -> "1'b0"),
                c.params(OpParams.Mul.class), false);
    }

    /** A sparse (m, k) parameter times a vector: its zeros add nothing, so every lane walks its whole row. */
    static String sparse(NodeContext c, Op.SparseMatMul m) {
        int k = m.a().shape().dim(1);
        String x = "x_" + c.id();
        return ReduceKernel.emit(c, "sparse matrix-vector product", new ReduceKernel.Operands(
                r -> x + " * " + k + " + " + r, r -> r, r -> "1'b0"), c.params(OpParams.Mul.class), true);
    }

    /**
     * NHWC convolution: output x = (pixel, channel co) of group g reads, at term r = (i, j, ci), the input cell of
     * a ROM of every pixel's taps (-1 in the padding: the term is 0) and filter[g][i][j][ci][co mod cog].
     */
    static String conv(NodeContext c, Op.Conv2d cv) {
        Shape xs = cv.x().shape(), fs = cv.filter().shape(), os = cv.out().shape();
        int oc = os.dim(3), cog = fs.dim(4), cig = fs.dim(3), terms = fs.dim(1) * fs.dim(2) * cig;
        int[] taps = taps(xs, fs, cv.window(), os);
        String id = c.id();
        int xb = c.xBits();
        // With one group and PF dividing the output channels, a group's lanes are channels of one pixel: x / oc is
        // e / oc for all of them, and written so, the lanes share one read of the input (the same expression, which
        // synthesis builds once) instead of a multiplexer each: CNN shapes' Artix-7 design, two convolutions at PF 8
        // on inputs of 144 and 288 words in registers, went from 31,214 LUTs to 12,010 (yosys synth_xilinx)
        String pixel = cog == oc && oc % c.pf() == 0 ? Verilog.div("e_" + id, xb, oc) : c.xDiv(oc);
        UnaryOperator<String> tap = r -> "xm_" + id + "(" + pixel + " * " + terms + " + " + r + ")";
        String g = cog == oc ? "0" : Verilog.div(c.xMod(oc), xb, cog); // the output's group
        UnaryOperator<String> a = r -> tap.apply(r) + " + " + g + " * " + cig;
        UnaryOperator<String> b = r -> "(" + g + " * " + terms + " + " + r + ") * " + cog + " + "
                + Verilog.mod(c.xMod(oc), xb, cog);
        return Verilog.rom("xm_" + id, Sizes.counterBits(xs.size()) + 1, taps)
                + ReduceKernel.emit(c, "convolution", new ReduceKernel.Operands(a, b, r -> "(" + tap.apply(r) + " < 0)"),
                        c.params(OpParams.Mul.class), false);
    }

    /** Per output pixel (example, row, column) and tap (i, j, ci) of group 0: the input's index, or -1. */
    static int[] taps(Shape xs, Shape fs, Window w, Shape os) {
        int h = xs.dim(1), wd = xs.dim(2), ch = xs.dim(3), kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3);
        int oh = os.dim(1), ow = os.dim(2), terms = kh * kw * cig;
        int[] m = new int[xs.dim(0) * oh * ow * terms];
        for (int b = 0; b < xs.dim(0); b++) {
            for (int p = 0; p < oh * ow; p++) {
                for (int q = 0; q < terms; q++) {
                    int i = q / (kw * cig), j = q / cig % kw, ci = q % cig;
                    int yi = w.inRow(p / ow, i), xi = w.inCol(p % ow, j);
                    boolean inside = yi >= 0 && yi < h && xi >= 0 && xi < wd;
                    m[((b * oh * ow) + p) * terms + q] = inside ? ((b * h + yi) * wd + xi) * ch + ci : -1;
                }
            }
        }
        return m;
    }
}
