package seedc.codegen.c;

import seedc.fixed.FixedType;
import seedc.ir.Op.Maxpool;
import seedc.ir.Op.NormaliseL2;
import seedc.ir.Value;
import seedc.ir.Window;
import seedc.ir.Shape;

/** C for maxpool and normaliseL2, mirroring FixedKernels (conv2d: {@link DotEmitter}). */
final class ConvEmitter {
    private ConvEmitter() {}

    static void maxpool(CEmitter e, Maxpool m) {
        Shape xs = m.x().shape(), os = m.out().shape();
        Window w = m.window();
        int h = xs.dim(1), wd = xs.dim(2), c = xs.dim(3);
        FixedType from = e.program().type(m.x()), to = e.program().type(m.out());
        e.emitOpen("for (sd_idx b = 0; b < " + xs.dim(0) + "; b++)");
        e.emitOpen("for (sd_idx y = 0; y < " + os.dim(1) + "; y++)");
        e.emitOpen("for (sd_idx xo = 0; xo < " + os.dim(2) + "; xo++)");
        e.emitOpen("for (sd_idx ch = 0; ch < " + c + "; ch++)");
        e.emitLine(CNames.ctype(from) + " m = 0;");
        e.emitLine("uint8_t any = 0;");
        e.emitOpen("for (sd_idx i = 0; i < " + m.kh() + "; i++)");
        e.emitLine("sd_idx yi = y * " + w.sh() + " - " + w.pt() + " + i;");
        e.emitOpen("for (sd_idx j = 0; j < " + m.kw() + "; j++)");
        e.emitLine("sd_idx xi = xo * " + w.sw() + " - " + w.pl() + " + j;");
        e.emitOpen("if (yi >= 0 && yi < " + h + " && xi >= 0 && xi < " + wd + ")");
        String v = e.ref(m.x(), "((b * " + h + " + yi) * " + wd + " + xi) * " + c + " + ch");
        e.emitLine(CNames.ctype(from) + " v = " + v + ";");
        e.emitLine("if (!any || v > m) m = v;");
        e.emitLine("any = 1;");
        e.emitClose();
        e.emitClose();
        e.emitClose();
        String idx = "((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + c + " + ch";
        e.emitLine(e.storeRef(m.out(), idx) + " = " + CEmitter.conv(X.of("m", from.bits()), from, to).c() + ";");
        for (int k = 0; k < 4; k++) {
            e.emitClose();
        }
    }

    static void normaliseL2(CEmitter e, NormaliseL2 n) {
        Value a = n.a();
        int group = a.shape().rank() == 4 ? a.shape().last() : a.size();
        FixedType to = e.program().type(n.out());
        e.emitOpen("for (sd_idx s = 0; s < " + a.size() + "; s += " + group + ")");
        e.emitLine("int64_t sq = 0;");
        e.emitOpen("for (sd_idx i = s; i < s + " + group + "; i++)");
        e.emitLine("int64_t v = " + e.ref(a, "i") + ";");
        e.emitLine("sq = sd_add64(sq, v * v);");
        e.emitClose();
        e.emitLine("int64_t norm = sd_isqrt(sq);");
        e.emitOpen("for (sd_idx i = s; i < s + " + group + "; i++)");
        e.emitLine(e.storeRef(n.out(), "i") + " = " + e.cast(n.out(), "(norm == 0 ? 0 : sd_wrap(sd_shr(" + e.ref(a, "i")
                + ", " + (-to.scale()) + ") / norm, " + to.bits() + "))") + ";");
        e.emitClose();
        e.emitClose();
    }
}
