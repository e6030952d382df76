package seedc.ir;

import java.util.List;

/**
 * The int values of a running program (loop indices, tree node numbers, offsets): the int half of
 * every interpreter, written once. Ints are exact: the front end proved every range fits 32 bits.
 */
public final class IntState {
    private final long[] ints;

    public IntState(int valueCount) {
        ints = new long[valueCount];
    }

    public long get(Value v) {
        return ints[v.id()];
    }

    public void set(Value v, long x) {
        ints[v.id()] = x;
    }

    /** The backing array, indexed by value id (for saving and restoring a run's state). */
    public long[] array() {
        return ints;
    }

    public void constant(Op.IntConst c) {
        set(c.out(), c.value());
    }

    public void arith(Op.IntArith a) {
        set(a.out(), apply(a.op(), get(a.a()), get(a.b())));
    }

    public static long apply(Op.IntOp op, long x, long y) {
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
        };
    }

    /** The linear position of the first element of a sub-tensor of {@code in} at these int offsets. */
    public int spliceBase(Shape in, List<Value> offsets) {
        long[] o = new long[offsets.size()];
        for (int i = 0; i < o.length; i++) {
            o[i] = get(offsets.get(i));
        }
        return Layouts.spliceBase(in, o);
    }
}
