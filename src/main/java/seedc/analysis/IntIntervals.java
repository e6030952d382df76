package seedc.analysis;

import java.util.List;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;

/**
 * The int half of an interval analysis (loop indices, tree nodes, labels, offsets): per int value the integers it may
 * have, within the range the lowering proved. Shared by {@link RangeAnalysis} (reals) and the fixed program's
 * overflow proof (integers).
 */
public final class IntIntervals {
    private final long[] lo;
    private final long[] hi;

    public IntIntervals(int valueCount) {
        lo = new long[valueCount];
        hi = new long[valueCount];
    }

    /** v may be any integer in [l, h] (and in the lowering's range). */
    public void set(Value v, long l, long h) {
        lo[v.id()] = Math.max(l, v.lo());
        hi[v.id()] = Math.min(h, v.hi());
    }

    public long lo(Value v) {
        return lo[v.id()];
    }

    public long hi(Value v) {
        return hi[v.id()];
    }

    /** Whether every one of these ints is known exactly. */
    public boolean exact(List<Value> ints) {
        return ints.stream().allMatch(v -> lo[v.id()] == hi[v.id()]);
    }

    /** The linear position a splice at these offsets starts from in a tensor of shape {@code in} (exact offsets). */
    public int spliceBase(Shape in, List<Value> offsets) {
        long[] o = new long[offsets.size()];
        for (int i = 0; i < o.length; i++) {
            o[i] = lo[offsets.get(i).id()];
        }
        return Layouts.spliceBase(in, o);
    }

    /** An int select: the union of the branches the condition may take ({@code maybeA}: a, {@code maybeB}: b). */
    public void select(Value out, Value a, Value b, boolean maybeA, boolean maybeB) {
        set(out, Math.min(maybeA ? lo(a) : Long.MAX_VALUE, maybeB ? lo(b) : Long.MAX_VALUE),
                Math.max(maybeA ? hi(a) : Long.MIN_VALUE, maybeB ? hi(b) : Long.MIN_VALUE));
    }

    public void arith(Op.IntArith a) {
        long al = lo(a.a()), ah = hi(a.a()), bl = lo(a.b()), bh = hi(a.b());
        switch (a.op()) {
            case ADD -> set(a.out(), al + bl, ah + bh);
            case SUB -> set(a.out(), al - bh, ah - bl);
            case MUL -> {
                long p1 = al * bl, p2 = al * bh, p3 = ah * bl, p4 = ah * bh;
                set(a.out(), Math.min(Math.min(p1, p2), Math.min(p3, p4)),
                        Math.max(Math.max(p1, p2), Math.max(p3, p4)));
            }
        }
    }

    /**
     * argmax over elements with intervals [elementLo(i), elementHi(i)]: only an element whose interval reaches the
     * largest lower bound can be the first maximum, so the index lies between the first and the last of those.
     */
    public void argmax(Value out, int n, java.util.function.IntToDoubleFunction elementLo,
                       java.util.function.IntToDoubleFunction elementHi) {
        double floor = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            floor = Math.max(floor, elementLo.applyAsDouble(i));
        }
        long first = -1, last = -1;
        for (int i = 0; i < n; i++) {
            if (elementHi.applyAsDouble(i) >= floor) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        set(out, Math.max(first, 0), Math.max(last, 0));
    }
}
