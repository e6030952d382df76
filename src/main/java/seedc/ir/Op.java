package seedc.ir;

import java.util.List;

/**
 * One operation of the tensor IR. Every op defines one value, {@link #out()}, from its inputs.
 * Loops keep their bodies as nested blocks (RNN time steps are never unrolled).
 * The meaning of each op over reals is given by the float interpreter, over integers by
 * docs/fixed-point-semantics.md and the fixed-point interpreter.
 */
public sealed interface Op {
    Value out();

    /** Values read by this op (for a loop: only those read at its boundary, not inside the body). */
    List<Value> inputs();

    /** The runtime input X. */
    record Input(Value out) implements Op {
        public List<Value> inputs() { return List.of(); }
    }

    /** A model parameter read from NAME.npy; sparse when used by {@link SparseMatMul}. */
    record Param(Value out, String paramName) implements Op {
        public List<Value> inputs() { return List.of(); }
    }

    /** A real constant (literal or init), row-major. */
    record Const(Value out, double[] values) implements Op {
        public List<Value> inputs() { return List.of(); }
    }

    record IntConst(Value out, long value) implements Op {
        public List<Value> inputs() { return List.of(); }
    }

    enum IntOp { ADD, SUB, MUL }

    record IntArith(Value out, IntOp op, Value a, Value b) implements Op {
        public List<Value> inputs() { return List.of(a, b); }
    }

    /** (m, k) x (k, n) dense matrix product. */
    record MatMul(Value out, Value a, Value b) implements Op {
        public List<Value> inputs() { return List.of(a, b); }
    }

    /** A sparse parameter (m, k) times a dense vector of k. */
    record SparseMatMul(Value out, Value a, Value b) implements Op {
        public List<Value> inputs() { return List.of(a, b); }
    }

    /** a + b or a - b element-wise; an operand of one element is broadcast. */
    record Add(Value out, Value a, Value b, boolean subtract) implements Op {
        public List<Value> inputs() { return List.of(a, b); }
    }

    /** A scalar (one element) times a tensor. */
    record ScalarMul(Value out, Value scalar, Value tensor) implements Op {
        public List<Value> inputs() { return List.of(scalar, tensor); }
    }

    /** Element-wise product of equal shapes. */
    record Hadamard(Value out, Value a, Value b) implements Op {
        public List<Value> inputs() { return List.of(a, b); }
    }

    enum VecKind { ADD, SUB, MUL }

    /** Combines a with a vector along a's last axis (bias add/sub, per-channel scale). */
    record VecOp(Value out, VecKind kind, Value a, Value vec) implements Op {
        public List<Value> inputs() { return List.of(a, vec); }
    }

    record Neg(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** e^a of a one-element value. */
    record Exp(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    record Tanh(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    record Sigmoid(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** log(1 + e^a) element-wise (docs/fixed-point-semantics.md: relu plus an interpolated table of log(1 + e^-|a|)). */
    record Softplus(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }

        /** The real function, without overflow for large x. */
        public static double real(double x) {
            return Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
        }
    }

    /** a / (1 + |a|) element-wise (docs/fixed-point-semantics.md: the exact quotient, truncated). */
    record Softsign(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }

        public static double real(double x) {
            return x / (1 + Math.abs(x));
        }
    }

    record Relu(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    record Relu6(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** An int: 1 when the one-element a is > 0, else 0. */
    record Sgn(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** An int: the row-major index of the first maximum. */
    record Argmax(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** Divides by the L2 norm: per pixel over channels for rank 4 (NHWC), else over the whole tensor. */
    record NormaliseL2(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    record Transpose(Value out, Value a) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** Reads a's axes in {@code order} (0-based, outermost first) and fills out row-major. */
    record Reshape(Value out, Value a, int[] order) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /**
     * Each element clamped to [lo, hi] and rounded to the nearest of the 2^bits levels lo + i * step,
     * step = (hi - lo) / (2^bits - 1), ties toward the larger level.
     */
    record Quantize(Value out, Value a, int bits, double lo, double hi) implements Op {
        public List<Value> inputs() { return List.of(a); }

        public double step() {
            return (hi - lo) / ((1 << bits) - 1);
        }

        /** The level of x (real semantics). */
        public int level(double x) {
            double c = Math.min(Math.max(x, lo), hi);
            return (int) Math.min((1 << bits) - 1, Math.floor((c - lo) / step() + 0.5));
        }
    }

    record Reverse(Value out, Value a, int axis) implements Op {
        public List<Value> inputs() { return List.of(a); }
    }

    /** a[index]: drops the first axis. */
    record Index(Value out, Value a, Value index) implements Op {
        public List<Value> inputs() { return List.of(a, index); }
    }

    /** A sub-tensor of a of out's shape at int offsets (one per leading axis). */
    record Splice(Value out, Value a, List<Value> offsets) implements Op {
        public List<Value> inputs() {
            return concat(List.of(a), offsets);
        }
    }

    /** A copy of base with the sub-tensor at offsets replaced by part. */
    record SpliceWrite(Value out, Value base, Value part, List<Value> offsets) implements Op {
        public List<Value> inputs() {
            return concat(List.of(base, part), offsets);
        }
    }

    /** NHWC convolution with filter (G, kh, kw, Cin/G, Cout/G). */
    record Conv2d(Value out, Value x, Value filter, Window window, int groups) implements Op {
        public List<Value> inputs() { return List.of(x, filter); }
    }

    /** NHWC max pooling; padding cells are ignored. */
    record Maxpool(Value out, Value x, int kh, int kw, Window window) implements Op {
        public List<Value> inputs() { return List.of(x); }
    }

    /** out = cond >= 0 ? a : b (both branches are pure and already computed). */
    record Select(Value out, Value cond, Value a, Value b) implements Op {
        public List<Value> inputs() { return List.of(cond, a, b); }
    }

    /** out = sum over index in [from, to) of the body's result. */
    record SumLoop(Value out, Value index, int from, int to, Block body, Value result) implements Op {
        public List<Value> inputs() { return List.of(); }
    }

    /** acc = init; for index in [from, to): run body with acc bound, acc = result. out = acc. */
    record Loop(Value out, Value index, int from, int to, Value init, Value acc, Block body, Value result)
            implements Op {
        public List<Value> inputs() { return List.of(init); }
    }

    private static List<Value> concat(List<Value> a, List<Value> b) {
        var l = new java.util.ArrayList<Value>(a);
        l.addAll(b);
        return List.copyOf(l);
    }
}
