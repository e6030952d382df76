package seedc.harness;

import java.util.ArrayList;
import java.util.List;
import seedc.fixed.FixedType;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Window;

/** One {@link OpSpec} constructor per op kind: the operands as given, the output of the given type. */
final class Ops {
    private Ops() {}

    static FixedType i8(int scale) {
        return new FixedType(8, scale);
    }

    static FixedType i16(int scale) {
        return new FixedType(16, scale);
    }

    static FixedType i32(int scale) {
        return new FixedType(32, scale);
    }

    private static OpSpec spec(String op, List<Operand> operands, OpSpec.Emitter e) {
        return new OpSpec(op, operands, e);
    }

    static OpSpec matmul(Operand a, Operand b, FixedType out) {
        Shape s = Shape.of(a.shape().dim(0), b.shape().dim(1));
        return spec("matmul", List.of(a, b), (o, v) -> o.emit(new Op.MatMul(o.real("out", s, out), v[0], v[1])));
    }

    /** A sparse parameter (m, k) times a vector (k) or a column (k, 1). */
    static OpSpec sparseMatmul(Operand a, Operand b, FixedType out) {
        Shape s = b.shape().rank() == 2 ? Shape.of(a.shape().dim(0), 1) : Shape.of(a.shape().dim(0));
        return spec("sparse_matmul", List.of(a, b), (o, v) -> o.emit(new Op.SparseMatMul(o.real("out", s, out), v[0], v[1])));
    }

    private static Shape larger(Operand a, Operand b) {
        return a.shape().size() >= b.shape().size() ? a.shape() : b.shape();
    }

    static OpSpec add(Operand a, Operand b, boolean subtract, FixedType out) {
        return spec(subtract ? "sub" : "add", List.of(a, b),
                (o, v) -> o.emit(new Op.Add(o.real("out", larger(a, b), out), v[0], v[1], subtract)));
    }

    static OpSpec scalarMul(Operand scalar, Operand tensor, FixedType out) {
        return spec("scalar_mul", List.of(scalar, tensor),
                (o, v) -> o.emit(new Op.ScalarMul(o.real("out", tensor.shape(), out), v[0], v[1])));
    }

    static OpSpec hadamard(Operand a, Operand b, FixedType out) {
        return spec("hadamard", List.of(a, b), (o, v) -> o.emit(new Op.Hadamard(o.real("out", a.shape(), out), v[0], v[1])));
    }

    static OpSpec vec(Op.VecKind kind, Operand a, Operand vec, FixedType out) {
        return spec("vec_" + kind.name().toLowerCase(), List.of(a, vec),
                (o, v) -> o.emit(new Op.VecOp(o.real("out", a.shape(), out), kind, v[0], v[1])));
    }

    /**
     * Element-wise and whole-tensor ops of one operand: neg, relu, relu6, exp, tanh, sigmoid, softplus, softsign,
     * normaliseL2, transpose.
     */
    static OpSpec unary(String op, Operand a, FixedType out) {
        Shape s = op.equals("transpose") ? Shape.of(a.shape().dim(1), a.shape().dim(0)) : a.shape();
        return spec(op, List.of(a), (o, v) -> {
            Value r = o.real("out", s, out);
            return o.emit(switch (op) {
                case "neg" -> new Op.Neg(r, v[0]);
                case "relu" -> new Op.Relu(r, v[0]);
                case "relu6" -> new Op.Relu6(r, v[0]);
                case "exp" -> new Op.Exp(r, v[0]);
                case "tanh" -> new Op.Tanh(r, v[0]);
                case "sigmoid" -> new Op.Sigmoid(r, v[0]);
                case "softplus" -> new Op.Softplus(r, v[0]);
                case "softsign" -> new Op.Softsign(r, v[0]);
                case "normalise_l2" -> new Op.NormaliseL2(r, v[0]);
                case "transpose" -> new Op.Transpose(r, v[0]);
                default -> throw new IllegalArgumentException(op);
            });
        });
    }

    static final List<String> UNARY = List.of("neg", "relu", "relu6", "exp", "tanh", "sigmoid", "normalise_l2", "transpose");

    static OpSpec reshape(Operand a, int[] order, int[] dims, FixedType out) {
        return spec("reshape", List.of(a), (o, v) -> o.emit(new Op.Reshape(o.real("out", Shape.of(dims), out), v[0], order)));
    }

    static OpSpec quantize(Operand a, int bits, double lo, double hi, FixedType out) {
        return spec("quantize", List.of(a), (o, v) -> o.emit(new Op.Quantize(o.real("out", a.shape(), out), v[0], bits,
                lo, hi)));
    }

    static OpSpec reverse(Operand a, int axis, FixedType out) {
        return spec("reverse", List.of(a), (o, v) -> o.emit(new Op.Reverse(o.real("out", a.shape(), out), v[0], axis)));
    }

    static OpSpec argmax(Operand a) {
        return spec("argmax", List.of(a), (o, v) -> o.emit(new Op.Argmax(o.integer("out", 0, a.shape().size() - 1), v[0])));
    }

    static OpSpec sgn(Operand a) {
        return spec("sgn", List.of(a), (o, v) -> o.emit(new Op.Sgn(o.integer("out", 0, 1), v[0])));
    }

    static OpSpec index(Operand a, int i, FixedType out) {
        return spec("index", List.of(a), (o, v) -> o.emit(new Op.Index(o.real("out", a.shape().dropFirst(), out), v[0],
                o.intConst(i))));
    }

    private static List<Value> offsets(OneOp o, int[] at) {
        List<Value> l = new ArrayList<>();
        for (int k : at) {
            l.add(o.intConst(k));
        }
        return l;
    }

    static OpSpec splice(Operand a, int[] at, int[] dims, FixedType out) {
        return spec("splice", List.of(a), (o, v) -> o.emit(new Op.Splice(o.real("out", Shape.of(dims), out), v[0],
                offsets(o, at))));
    }

    static OpSpec spliceWrite(Operand base, Operand part, int[] at, FixedType out) {
        return spec("splice_write", List.of(base, part), (o, v) -> o.emit(new Op.SpliceWrite(
                o.real("out", base.shape(), out), v[0], v[1], offsets(o, at))));
    }

    static Window window(int stride, int pad, int dilation) {
        return new Window(stride, stride, pad, pad, pad, pad, dilation, dilation);
    }

    /** x (N, H, W, C), filter (G, kh, kw, C/G, Cout/G). */
    static OpSpec conv2d(Operand x, Operand f, Window w, int groups, FixedType out) {
        Shape xs = x.shape(), fs = f.shape();
        Shape s = Shape.of(xs.dim(0), w.outHeight(xs.dim(1), fs.dim(1)),
                w.outWidth(xs.dim(2), fs.dim(2)), groups * fs.dim(4));
        return spec("conv2d", List.of(x, f), (o, v) -> o.emit(new Op.Conv2d(o.real("out", s, out), v[0], v[1], w, groups)));
    }

    static OpSpec maxpool(Operand x, int kh, int kw, Window w, FixedType out) {
        Shape xs = x.shape();
        Shape s = Shape.of(xs.dim(0), w.outHeight(xs.dim(1), kh), w.outWidth(xs.dim(2), kw),
                xs.dim(3));
        return spec("maxpool", List.of(x), (o, v) -> o.emit(new Op.Maxpool(o.real("out", s, out), v[0], kh, kw, w)));
    }

    /** cond >= 0 ? a : b, for a one-element real cond. */
    static OpSpec select(Operand cond, Operand a, Operand b, FixedType out) {
        return spec("select", List.of(cond, a, b), (o, v) -> o.emit(new Op.Select(o.real("out", a.shape(), out), v[0], v[1],
                v[2])));
    }

    /** The sum over i of a[i] (a's rows), each row of type {@code row}. */
    static OpSpec sumLoop(Operand a, FixedType row, FixedType out) {
        int n = a.shape().dim(0);
        Shape rs = a.shape().dropFirst();
        return spec("sum_loop", List.of(a), (o, v) -> {
            Value i = o.integer("i", 0, n - 1);
            o.openBlock();
            Value r = o.emit(new Op.Index(o.real("row", rs, row), v[0], i));
            Block body = o.closeBlock();
            return o.emit(new Op.SumLoop(o.real("out", rs, out), i, 0, n, body, r));
        });
    }

    /**
     * out = the sum over rows i of a of the product of a[i] and b[i] (or b, when b has no rows): an outer product of
     * a column a[i] (m, 1) and b (1, 1) when {@code outer} (ProtoNN's class scores), else element-wise. The sum loop
     * adds each element of the product where it computes it (AddedAsComputed), a constant a read in order.
     */
    static OpSpec sumOfProducts(boolean outer, Operand a, Operand b, FixedType row, FixedType product, FixedType out) {
        return sumOfRows(outer ? "sum_loop_outer" : "sum_loop_hadamard", a, b, row, out, (o, rs, ra, rb) -> outer
                ? new Op.MatMul(o.real("p", rs, product), ra, rb) : new Op.Hadamard(o.real("p", rs, product), ra, rb));
    }

    /**
     * out = the sum over rows i of a of a[i] +/- b[i] (or b, when b has no rows), or of b +/- a[i] when
     * {@code rowSecond} (ProtoNN's distance WX - B[i]): an element-wise sum of an indexed row that is not a product,
     * so the sum loop adds it after its own loop writes it, which reads a constant's row in order from flash.
     */
    static OpSpec sumOfSums(boolean subtract, boolean rowSecond, Operand a, Operand b, FixedType row, FixedType sum,
                            FixedType out) {
        return sumOfRows(subtract ? "sum_loop_sub" : "sum_loop_add", a, b, row, out, (o, rs, ra, rb) ->
                new Op.Add(o.real("s", rs, sum), rowSecond ? rb : ra, rowSecond ? ra : rb, subtract));
    }

    /** The op a sum loop's body ends with, of row a[i] and b[i] (or b), each of shape rs. */
    private interface RowsOp {
        Op of(OneOp o, Shape rs, Value ra, Value rb);
    }

    /** out = the sum over rows i of a of body(a[i], b[i] or b), the rows of type {@code row}. */
    private static OpSpec sumOfRows(String name, Operand a, Operand b, FixedType row, FixedType out, RowsOp body) {
        int n = a.shape().dim(0);
        Shape rs = a.shape().dropFirst();
        boolean bRows = b.shape().rank() == a.shape().rank();
        return spec(name, List.of(a, b), (o, v) -> {
            Value i = o.integer("i", 0, n - 1);
            o.openBlock();
            Value ra = o.emit(new Op.Index(o.real("rowa", rs, row), v[0], i));
            Value rb = bRows ? o.emit(new Op.Index(o.real("rowb", rs, row), v[1], i)) : v[1];
            Value last = o.emit(body.of(o, rs, ra, rb));
            Block ops = o.closeBlock();
            return o.emit(new Op.SumLoop(o.real("out", rs, out), i, 0, n, ops, last));
        });
    }

    /** acc = init; for each row i of a: acc = acc + a[i] (the add's parameters come from the rule too). */
    static OpSpec loop(Operand init, Operand a, FixedType row, FixedType sum, FixedType out) {
        int n = a.shape().dim(0);
        return spec("loop", List.of(init, a), (o, v) -> {
            Value i = o.integer("i", 0, n - 1);
            Value acc = o.real("acc", init.shape(), out);
            o.openBlock();
            Value r = o.emit(new Op.Index(o.real("row", init.shape(), row), v[1], i));
            Value s = o.emit(new Op.Add(o.real("sum", init.shape(), sum), acc, r, false));
            Block body = o.closeBlock();
            return o.emit(new Op.Loop(o.real("out", init.shape(), out), i, 0, n, v[0], acc, body, s));
        });
    }
}
