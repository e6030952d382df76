package seedc.frontend.seedot.lang;

import seedc.ir.Window;
import seedc.diag.Pos;
import java.util.List;

/** The SeeDot abstract syntax tree. Every node carries the position of its first token. */
public sealed interface Expr {
    Pos pos();

    record IntLit(Pos pos, long value) implements Expr {}

    record RealLit(Pos pos, double value) implements Expr {}

    record Var(Pos pos, String name) implements Expr {}

    /** {@code (d1, ...) in [lo, hi]}: a tensor supplied from outside (a parameter, or the input X). */
    record Decl(Pos pos, List<Integer> shape, double lo, double hi) implements Expr {}

    /** A dense literal such as {@code [[1, 2]; [3, 4]]}, values in row-major order. */
    record TensorLit(Pos pos, List<Integer> shape, List<Double> values) implements Expr {}

    /** {@code init([d1, ...], c)}. */
    record Init(Pos pos, List<Integer> shape, double value) implements Expr {}

    record Transpose(Pos pos, Expr arg) implements Expr {}

    /** {@code reshape(e, shape, order)}: order lists input axes (numbered from 1) outermost first. */
    record Reshape(Pos pos, Expr arg, List<Integer> shape, List<Integer> order) implements Expr {}

    /** {@code reverse(e, axis)}, axis numbered from 0. */
    record Reverse(Pos pos, Expr arg, int axis) implements Expr {}

    /**
     * {@code quantize(e, k, lo, hi)}: each element clamped to [lo, hi] and rounded to the nearest of the 2^k
     * levels lo + i (hi - lo) / (2^k - 1), ties toward the larger level.
     */
    /** {@code function}: what the source called, sign or quantize (sign is the 1-bit quantize to [-1, 1]). */
    record Quantize(Pos pos, Expr arg, int bits, double lo, double hi, String function) implements Expr {}

    /** {@code e[i]}: drops the first axis. */
    record Index(Pos pos, Expr arg, Expr index) implements Expr {}

    /** {@code e[o1:+n1][o2:+n2]...}: a sub-tensor of static size at dynamic offsets. */
    record Splice(Pos pos, Expr arg, List<Expr> offsets, List<Integer> sizes) implements Expr {}

    enum UnaryOp { NEG }

    record Unary(Pos pos, UnaryOp op, Expr arg) implements Expr {}

    enum BinaryOp {
        ADD("+"), SUB("-"), MUL("*"), SPARSE_MUL("|*|"), HADAMARD("<*>"), ADD_VEC("<+>"), SUB_VEC("<->");

        public final String symbol;

        BinaryOp(String symbol) {
            this.symbol = symbol;
        }
    }

    record Binary(Pos pos, BinaryOp op, Expr left, Expr right) implements Expr {}

    enum Func {
        EXP("exp"), ARGMAX("argmax"), SGN("sgn"), RELU("relu"), RELU6("relu6"), TANH("tanh"),
        SIGMOID("sigmoid"), NORMALISE_L2("normaliseL2"), SOFTPLUS("softplus"), SOFTSIGN("softsign");

        public final String spelling;

        Func(String spelling) {
            this.spelling = spelling;
        }
    }

    record Call(Pos pos, Func func, Expr arg) implements Expr {}

    /** {@code conv2d(x, F, {s sh sw}, {p t b l r}, {d dh dw}, {g G})}; x is NHWC, F is (G, kh, kw, Cin/G, Cout). */
    record Conv2d(Pos pos, Expr input, Expr filter, Window window, int groups) implements Expr {}

    /** {@code maxpool(x, {k kh kw}, {p t b l r}, {s sh sw})}, optionally {@code , {d dh dw}} (dilations) last. */
    record Maxpool(Pos pos, Expr input, int kh, int kw, Window window) implements Expr {}

    /** {@code mbconv(x, [F1,W1,B1], [F2,W2,B2], [F3,W3,B3], {s sh sw}, {p t b l r})}: a MobileNet-v2 block. */
    record MBConv(Pos pos, Expr input, List<Expr> expand, List<Expr> depthwise, List<Expr> project,
                  Window window) implements Expr {}

    record Let(Pos pos, String name, Expr value, Expr body) implements Expr {}

    /** {@code let x[o1:+n1]... = value in body}: x is rebound to a copy with the sub-tensor replaced. */
    record LetSplice(Pos pos, String name, List<Expr> offsets, List<Integer> sizes, Expr value, Expr body)
            implements Expr {}

    /** {@code $(i = [from:to]) body}. */
    record Sum(Pos pos, String index, int from, int to, Expr body) implements Expr {}

    /** {@code loop(i = [from:to], acc) body}: acc is rebound to the body's value after each step. */
    record Loop(Pos pos, String index, int from, int to, String acc, Expr body) implements Expr {}

    /** {@code c >= 0 ? a : b}. */
    record Cond(Pos pos, Expr cond, Expr then, Expr otherwise) implements Expr {}
}
