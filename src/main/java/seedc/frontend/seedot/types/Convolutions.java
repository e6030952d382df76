package seedc.frontend.seedot.types;

import seedc.ir.Window;
import seedc.ir.Shape;
import java.util.List;
import seedc.frontend.seedot.lang.AstWalker;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.diag.Pos;
import seedc.frontend.seedot.types.TypeChecker.Scope;

/** Typing of conv2d, maxpool and mbconv: NHWC inputs, (G, kh, kw, Cin/G, Cout/G) filters. */
final class Convolutions {
    private Convolutions() {}

    static Type conv2d(TypeChecker tc, Conv2d c, Scope scope) {
        Shape x = tc.tensor(c.input(), scope, "conv2d").shape();
        Shape f = tc.tensor(c.filter(), scope, "conv2d").shape();
        requireRank(tc, AstWalker.start(c.input()), x, 4, "the conv2d input (N, H, W, C)");
        requireRank(tc, AstWalker.start(c.filter()), f, 5, "the conv2d filter (G, kh, kw, Cin/G, Cout/G)");
        checkWindow(tc, c.pos(), c.window());
        if (c.groups() < 1) {
            throw tc.error(c.pos(), "conv2d needs at least 1 group, found " + c.groups());
        }
        if (f.dim(0) != c.groups()) {
            throw tc.error(AstWalker.start(c.filter()), "conv2d has " + c.groups() + " group(s) but the filter's first dimension is "
                    + f.dim(0) + " (filter shape " + f + ")");
        }
        if (x.dim(3) != c.groups() * f.dim(3)) {
            throw tc.error(c.pos(), "conv2d channel mismatch: the input has " + x.dim(3) + " channels but the filter expects "
                    + c.groups() + " group(s) x " + f.dim(3) + " = " + c.groups() * f.dim(3));
        }
        return Type.tensor(out(tc, c.pos(), x, f.dim(1), f.dim(2), c.window(), c.groups() * f.dim(4)));
    }

    static Type maxpool(TypeChecker tc, Maxpool m, Scope scope) {
        Shape x = tc.tensor(m.input(), scope, "maxpool").shape();
        requireRank(tc, AstWalker.start(m.input()), x, 4, "the maxpool input (N, H, W, C)");
        checkWindow(tc, m.pos(), m.window());
        if (m.kh() < 1 || m.kw() < 1) {
            throw tc.error(m.pos(), "maxpool kernel sizes must be at least 1");
        }
        return Type.tensor(out(tc, m.pos(), x, m.kh(), m.kw(), m.window(), x.dim(3)));
    }

    static Type mbconv(TypeChecker tc, MBConv m, Scope scope) {
        Shape x = tc.tensor(m.input(), scope, "mbconv").shape();
        requireRank(tc, AstWalker.start(m.input()), x, 4, "the mbconv input (N, H, W, C)");
        checkWindow(tc, m.pos(), m.window());
        Shape f1 = stage(tc, m.expand(), scope, "expansion");
        Shape f2 = stage(tc, m.depthwise(), scope, "depthwise");
        Shape f3 = stage(tc, m.project(), scope, "projection");
        int cin = x.dim(3);
        if (f1.dim(0) != 1 || f1.dim(1) != 1 || f1.dim(2) != 1 || f1.dim(3) != cin) {
            throw tc.error(AstWalker.start(m.expand().get(0)), "the mbconv expansion filter must have shape (1, 1, 1, " + cin
                    + ", E) for an input of " + cin + " channels, found " + f1);
        }
        int e = f1.dim(4);
        if (f2.dim(0) != e || f2.dim(3) != 1 || f2.dim(4) != 1) {
            throw tc.error(AstWalker.start(m.depthwise().get(0)), "the mbconv depthwise filter must have shape (" + e
                    + ", kh, kw, 1, 1), found " + f2);
        }
        if (f3.dim(0) != 1 || f3.dim(1) != 1 || f3.dim(2) != 1 || f3.dim(3) != e) {
            throw tc.error(AstWalker.start(m.project().get(0)), "the mbconv projection filter must have shape (1, 1, 1, " + e
                    + ", C), found " + f3);
        }
        checkVector(tc, m.expand(), scope, e);
        checkVector(tc, m.depthwise(), scope, e);
        checkVector(tc, m.project(), scope, f3.dim(4));
        return Type.tensor(out(tc, m.pos(), x, f2.dim(1), f2.dim(2), m.window(), f3.dim(4)));
    }

    private static Shape stage(TypeChecker tc, List<Expr> stage, Scope scope, String what) {
        Shape f = tc.tensor(stage.get(0), scope, "mbconv").shape();
        requireRank(tc, AstWalker.start(stage.get(0)), f, 5, "the mbconv " + what + " filter");
        return f;
    }

    private static void checkVector(TypeChecker tc, List<Expr> stage, Scope scope, int n) {
        for (int i = 1; i < 3; i++) {
            Shape s = tc.tensor(stage.get(i), scope, "mbconv").shape();
            if (!Operators.isVectorOf(s, n)) {
                throw tc.error(AstWalker.start(stage.get(i)), "expected a vector of " + n + " per-channel values, found shape " + s);
            }
        }
    }

    private static Shape out(TypeChecker tc, Pos pos, Shape x, int kh, int kw, Window w, int channels) {
        int oh = w.outHeight(x.dim(1), kh);
        int ow = w.outWidth(x.dim(2), kw);
        if (oh < 1 || ow < 1) {
            throw tc.error(pos, "the " + kh + "x" + kw + " window does not fit the " + x.dim(1) + "x" + x.dim(2)
                    + " input with this padding");
        }
        return Shape.of(x.dim(0), oh, ow, channels);
    }

    private static void requireRank(TypeChecker tc, Pos pos, Shape s, int rank, String what) {
        if (s.rank() != rank) {
            throw tc.error(pos, what + " must have rank " + rank + ", found shape " + s);
        }
    }

    private static void checkWindow(TypeChecker tc, Pos pos, Window w) {
        String bad = ConvShapes.invalid(w);
        if (bad != null) {
            throw tc.error(pos, bad);
        }
    }
}
