package seedc.codegen.c;

import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.Maxpool;
import seedc.ir.Op.NormaliseL2;
import seedc.ir.Value;
import seedc.lang.Expr.Window;
import seedc.types.Shape;

/** C for the windowed ops (conv2d, maxpool) and normaliseL2, mirroring FixedKernels. */
final class ConvEmitter {
    private ConvEmitter() {}

    static void conv2d(CEmitter e, Conv2d c, OpParams.Mul p) {
        Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        Window w = c.window();
        int h = xs.dim(1), wd = xs.dim(2), ch = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4);
        String t = e.scratchName();
        e.emitOpen("for (int32_t b = 0; b < " + xs.dim(0) + "; b++)");
        e.emitOpen("for (int32_t y = 0; y < " + os.dim(1) + "; y++)");
        e.emitOpen("for (int32_t xo = 0; xo < " + os.dim(2) + "; xo++)");
        e.emitOpen("for (int32_t g = 0; g < " + c.groups() + "; g++)");
        e.emitOpen("for (int32_t co = 0; co < " + cog + "; co++)");
        e.emitLine("int32_t q = 0;");
        e.emitOpen("for (int32_t i = 0; i < " + kh + "; i++)");
        e.emitLine("int32_t yi = y * " + w.sh() + " - " + w.pt() + " + i * " + w.dh() + ";");
        e.emitOpen("for (int32_t j = 0; j < " + kw + "; j++)");
        e.emitLine("int32_t xi = xo * " + w.sw() + " - " + w.pl() + " + j * " + w.dw() + ";");
        e.emitLine("int inside = yi >= 0 && yi < " + h + " && xi >= 0 && xi < " + wd + ";");
        e.emitOpen("for (int32_t ci = 0; ci < " + cig + "; ci++)");
        String xv = e.ref(c.x(), "((b * " + h + " + yi) * " + wd + " + xi) * " + ch + " + g * " + cig + " + ci");
        String fv = e.ref(c.filter(), "(((g * " + kh + " + i) * " + kw + " + j) * " + cig + " + ci) * " + cog + " + co");
        e.emitLine(t + "[q++] = inside ? (" + e.scratchType() + ")" + e.termOf(xv, fv, p) + " : 0;");
        e.emitClose();
        e.emitClose();
        e.emitClose();
        String idx = "((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + os.dim(3) + " + g * " + cog + " + co";
        e.emitLine(e.storeRef(c.out(), idx) + " = " + e.cast(c.out(), e.finishOf(e.treesum(t, "q", p), p, c.out())) + ";");
        for (int k = 0; k < 5; k++) {
            e.emitClose();
        }
    }

    static void maxpool(CEmitter e, Maxpool m) {
        Shape xs = m.x().shape(), os = m.out().shape();
        Window w = m.window();
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        FixedType from = e.program().type(m.x()), to = e.program().type(m.out());
        e.emitOpen("for (int32_t b = 0; b < " + xs.dim(0) + "; b++)");
        e.emitOpen("for (int32_t y = 0; y < " + os.dim(1) + "; y++)");
        e.emitOpen("for (int32_t xo = 0; xo < " + os.dim(2) + "; xo++)");
        e.emitOpen("for (int32_t ch = 0; ch < " + c + "; ch++)");
        e.emitLine("int64_t m = SD_MIN64;");
        e.emitOpen("for (int32_t i = 0; i < " + m.kh() + "; i++)");
        e.emitLine("int32_t yi = y * " + w.sh() + " - " + w.pt() + " + i;");
        e.emitOpen("for (int32_t j = 0; j < " + m.kw() + "; j++)");
        e.emitLine("int32_t xi = xo * " + w.sw() + " - " + w.pl() + " + j;");
        e.emitOpen("if (yi >= 0 && yi < " + h + " && xi >= 0 && xi < " + wd + ")");
        String v = e.ref(m.x(), "((b * " + h + " + yi) * " + wd + " + xi) * " + c + " + ch");
        e.emitLine("int64_t v = " + v + ";");
        e.emitLine("if (v > m) m = v;");
        e.emitClose();
        e.emitClose();
        e.emitClose();
        e.emitLine("if (m == SD_MIN64) m = 0;");
        String idx = "((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + c + " + ch";
        e.emitLine(e.storeRef(m.out(), idx) + " = " + e.cast(m.out(), CEmitter.conv("m", from, to)) + ";");
        for (int k = 0; k < 4; k++) {
            e.emitClose();
        }
    }

    static void normaliseL2(CEmitter e, NormaliseL2 n) {
        Value a = n.a();
        int group = a.shape().rank() == 4 ? a.shape().last() : a.size();
        FixedType to = e.program().type(n.out());
        e.emitOpen("for (int32_t s = 0; s < " + a.size() + "; s += " + group + ")");
        e.emitLine("int64_t sq = 0;");
        e.emitOpen("for (int32_t i = s; i < s + " + group + "; i++)");
        e.emitLine("int64_t v = " + e.ref(a, "i") + ";");
        e.emitLine("sq = sd_add64(sq, v * v);");
        e.emitClose();
        e.emitLine("int64_t norm = sd_isqrt(sq);");
        e.emitOpen("for (int32_t i = s; i < s + " + group + "; i++)");
        e.emitLine(e.storeRef(n.out(), "i") + " = " + e.cast(n.out(), "(norm == 0 ? 0 : sd_wrap(sd_shr(" + e.ref(a, "i")
                + ", " + (-to.scale()) + ") / norm, " + to.bits() + "))") + ";");
        e.emitClose();
        e.emitClose();
    }
}
