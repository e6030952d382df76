package seedc.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import seedc.diag.Pos;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.ProgramBuilder;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * Small programs whose instructions, live intervals and in-place sharing the tests work out by
 * hand; each keeps its values by name.
 */
final class Samples {
    final ProgramBuilder b = new ProgramBuilder();
    final Map<String, Value> v = new LinkedHashMap<>();
    Program program;

    private Value real(String name, int... dims) {
        Value x = b.real(name, Shape.of(dims), Pos.NONE);
        v.put(name, x);
        return x;
    }

    private Value input(String name, int... dims) {
        Value x = b.input(name, Shape.of(dims), Pos.NONE, -1, 1);
        v.put(name, x);
        return x;
    }

    private Value integer(String name, long hi) {
        Value x = b.integer(name, Pos.NONE, 0, hi);
        v.put(name, x);
        return x;
    }

    private Value emit(Op op) {
        v.put(op.out().name(), op.out());
        return b.emit(op);
    }

    Value get(String name) {
        return v.get(name);
    }

    /**
     * <pre>
     * 0  X = Input()
     * 1  W = Param()          a constant: not stored
     * 2  a = Add(X, W)        X's last read
     * 3  b = Relu(a)          a's last read
     * 4  c = Neg(b)           b is read again at 5
     * 5  d = Hadamard(b, c)   b's and c's last read
     * 6  return d
     * </pre>
     */
    static Samples chain() {
        Samples s = new Samples();
        Value x = s.input("X", 4, 1);
        Value w = s.b.param("W", Shape.of(4, 1), Pos.NONE, -1, 1, false);
        s.v.put("W", w);
        Value a = s.emit(new Op.Add(s.real("a", 4, 1), x, w, false));
        Value b = s.emit(new Op.Relu(s.real("b", 4, 1), a));
        Value c = s.emit(new Op.Neg(s.real("c", 4, 1), b));
        s.program = s.b.build(s.emit(new Op.Hadamard(s.real("d", 4, 1), b, c)));
        return s;
    }

    /**
     * An RNN-like loop (instructions 2 to 4):
     * <pre>
     * 0  X = Input()
     * 1  N = Neg(X)
     * 2  res = Loop(N)         i in [0, 3), acc H = N, then H = H2 after each iteration
     * 3    s = Add(H, X)       X, defined before the loop, is read again by every iteration
     * 4    H2 = Tanh(s)
     * 5  y = Relu(res)
     * 6  return y
     * </pre>
     */
    static Samples rnn() {
        Samples s = new Samples();
        Value x = s.input("X", 1, 2);
        Value n = s.emit(new Op.Neg(s.real("N", 1, 2), x));
        Value i = s.integer("i", 2);
        Value h = s.real("H", 1, 2);
        s.b.openBlock();
        Value sum = s.emit(new Op.Add(s.real("s", 1, 2), h, x, false));
        Value h2 = s.emit(new Op.Tanh(s.real("H2", 1, 2), sum));
        Block body = s.b.closeBlock();
        Value res = s.emit(new Op.Loop(s.real("res", 1, 2), i, 0, 3, n, h, body, h2));
        s.program = s.b.build(s.emit(new Op.Relu(s.real("y", 1, 2), res)));
        return s;
    }

    /**
     * A sum loop (2 to 3) nested in a loop (1 to 4):
     * <pre>
     * 0  X = Input()
     * 1  res = Loop(X)        i in [0, 2), acc H
     * 2    S = SumLoop()      j in [0, 3), S += e after each iteration
     * 3      e = Add(H, X)    H and X come from outside both loops
     * 4    H2 = Neg(S)
     * 5  return res
     * </pre>
     */
    static Samples nested() {
        Samples s = new Samples();
        Value x = s.input("X", 1, 2);
        Value i = s.integer("i", 1);
        Value j = s.integer("j", 2);
        Value h = s.real("H", 1, 2);
        s.b.openBlock();
        s.b.openBlock();
        Value e = s.emit(new Op.Add(s.real("e", 1, 2), h, x, false));
        Block inner = s.b.closeBlock();
        Value sum = s.emit(new Op.SumLoop(s.real("S", 1, 2), j, 0, 3, inner, e));
        Value h2 = s.emit(new Op.Neg(s.real("H2", 1, 2), sum));
        Block outer = s.b.closeBlock();
        s.program = s.b.build(s.emit(new Op.Loop(s.real("res", 1, 2), i, 0, 2, x, h, outer, h2)));
        return s;
    }

    /**
     * An input read directly by the last op of a sum loop's body (ProtoNN without its projection):
     * <pre>
     * 0  X = Input()
     * 1  S = SumLoop()        j in [0, 3), S += e after each iteration
     * 2    e = Neg(X)         the loop's last instruction: X lives until here, and is read again next iteration
     * 3  return S
     * </pre>
     */
    static Samples inputInSumLoop() {
        Samples s = new Samples();
        Value x = s.input("X", 1, 2);
        Value j = s.integer("j", 2);
        s.b.openBlock();
        Value e = s.emit(new Op.Neg(s.real("e", 1, 2), x));
        Block body = s.b.closeBlock();
        s.program = s.b.build(s.emit(new Op.SumLoop(s.real("S", 1, 2), j, 0, 3, body, e)));
        return s;
    }

    /**
     * A vector transposed (the same elements in the same order) and a matrix transposed:
     * <pre>
     * 0  X = Input()          (4, 1)
     * 1  T = Transpose(X)     (1, 4): an identity view of X
     * 2  n = Neg(X)           X's last read
     * 3  y = MatMul(T, n)     (1, 1)
     * 4  M = Reshape(y)       (1, 1) read in order: an identity view of y
     * 5  return M
     * </pre>
     */
    static Samples views() {
        Samples s = new Samples();
        Value x = s.input("X", 4, 1);
        Value t = s.emit(new Op.Transpose(s.real("T", 1, 4), x));
        Value n = s.emit(new Op.Neg(s.real("n", 4, 1), x));
        Value y = s.emit(new Op.MatMul(s.real("y", 1, 1), t, n));
        s.program = s.b.build(s.emit(new Op.Reshape(s.real("M", 1, 1), y, new int[] {0, 1})));
        return s;
    }

    /** The op defining the value named {@code name}. */
    Op def(String name) {
        return Dataflow.of(program).def(get(name));
    }

    /** Liveness storing every real value but the parameters. */
    Liveness liveness() {
        Dataflow g = Dataflow.of(program);
        return Liveness.of(g, x -> !x.isInt() && !(g.def(x) instanceof Op.Param));
    }
}
