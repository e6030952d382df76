package seedc.frontend.seedot;

import seedc.ir.Window;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Op;
import java.util.List;
import java.util.Map;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.diag.Pos;

/** Lowering of operators, built-in functions and mbconv (decomposed into convolutions). */
final class Arithmetic {
    private Arithmetic() {}

    static Value binary(Lowering lo, Binary b, Map<String, Value> env, String name) {
        Value l = lo.lower(b.left(), env);
        Value r = lo.lower(b.right(), env);
        Pos pos = b.pos();
        Shape out = lo.shapeOf(b);
        if (l.isInt()) {
            Op.IntOp op = switch (b.op()) {
                case ADD -> Op.IntOp.ADD;
                case SUB -> Op.IntOp.SUB;
                default -> Op.IntOp.MUL;
            };
            long[] c = switch (op) {
                case ADD -> new long[] {l.lo() + r.lo(), l.hi() + r.hi()};
                case SUB -> new long[] {l.lo() - r.hi(), l.hi() - r.lo()};
                case MUL -> {
                    long[] p = {l.lo() * r.lo(), l.lo() * r.hi(), l.hi() * r.lo(), l.hi() * r.hi()};
                    yield new long[] {Math.min(Math.min(p[0], p[1]), Math.min(p[2], p[3])),
                            Math.max(Math.max(p[0], p[1]), Math.max(p[2], p[3]))};
                }
            };
            return lo.emit(new Op.IntArith(lo.integer(name, pos, c[0], c[1]), op, l, r));
        }
        Value v = lo.real(name, out, pos);
        return lo.emit(switch (b.op()) {
            case ADD -> new Op.Add(v, l, r, false);
            case SUB -> new Op.Add(v, l, r, true);
            case HADAMARD -> new Op.Hadamard(v, l, r);
            case ADD_VEC -> new Op.VecOp(v, Op.VecKind.ADD, l, r);
            case SUB_VEC -> new Op.VecOp(v, Op.VecKind.SUB, l, r);
            case SPARSE_MUL -> new Op.SparseMatMul(v, l, r);
            case MUL -> {
                boolean matmul = l.shape().rank() == 2 && r.shape().rank() == 2 && l.shape().dim(1) == r.shape().dim(0);
                if (matmul) {
                    yield new Op.MatMul(v, l, r);
                }
                yield l.size() == 1 ? new Op.ScalarMul(v, l, r) : new Op.ScalarMul(v, r, l);
            }
        });
    }

    static Value call(Lowering lo, Call c, Map<String, Value> env, String name) {
        Value a = lo.lower(c.arg(), env);
        Pos pos = c.pos();
        Shape shape = a.shape();
        return switch (c.func()) {
            case ARGMAX -> lo.emit(new Op.Argmax(lo.integer(name, pos, 0, a.size() - 1), a));
            case SGN -> lo.emit(new Op.Sgn(lo.integer(name, pos, 0, 1), a));
            case EXP -> lo.emit(new Op.Exp(lo.real(name, shape, pos), a));
            case TANH -> lo.emit(new Op.Tanh(lo.real(name, shape, pos), a));
            case SIGMOID -> lo.emit(new Op.Sigmoid(lo.real(name, shape, pos), a));
            case SOFTPLUS -> lo.emit(new Op.Softplus(lo.real(name, shape, pos), a));
            case SOFTSIGN -> lo.emit(new Op.Softsign(lo.real(name, shape, pos), a));
            case RELU -> lo.emit(new Op.Relu(lo.real(name, shape, pos), a));
            case RELU6 -> lo.emit(new Op.Relu6(lo.real(name, shape, pos), a));
            case NORMALISE_L2 -> lo.emit(new Op.NormaliseL2(lo.real(name, shape, pos), a));
        };
    }

    /**
     * mbconv = relu6(conv1x1(x, F1) * W1 + B1) -> relu6(depthwise(., F2) * W2 + B2) -> conv1x1(., F3) * W3 + B3,
     * the per-channel multiply and add being along the channel (last) axis.
     */
    static Value mbconv(Lowering lo, MBConv m, Map<String, Value> env, String name) {
        Value x = lo.lower(m.input(), env);
        Window unit = new Window(1, 1, 0, 0, 0, 0, 1, 1);
        Value t = stage(lo, x, m.expand(), env, unit, 1, true, null, m.pos());
        int expanded = t.shape().last();
        t = stage(lo, t, m.depthwise(), env, m.window(), expanded, true, null, m.pos());
        return stage(lo, t, m.project(), env, unit, 1, false, name, m.pos());
    }

    private static Value stage(Lowering lo, Value x, List<Expr> fwb, Map<String, Value> env, Window w, int groups,
                               boolean relu6, String name, Pos pos) {
        Value f = lo.lower(fwb.get(0), env);
        Value scale = lo.lower(fwb.get(1), env);
        Value bias = lo.lower(fwb.get(2), env);
        Shape fs = f.shape();
        int oh = w.outHeight(x.shape().dim(1), fs.dim(1));
        int ow = w.outWidth(x.shape().dim(2), fs.dim(2));
        Shape out = Shape.of(x.shape().dim(0), oh, ow, groups * fs.dim(4));
        Value conv = lo.emit(new Op.Conv2d(lo.real(null, out, pos), x, f, w, groups));
        Value scaled = lo.emit(new Op.VecOp(lo.real(null, out, pos), Op.VecKind.MUL, conv, scale));
        Value biased = lo.emit(new Op.VecOp(lo.real(relu6 ? null : name, out, pos), Op.VecKind.ADD, scaled, bias));
        return relu6 ? lo.emit(new Op.Relu6(lo.real(name, out, pos), biased)) : biased;
    }
}
