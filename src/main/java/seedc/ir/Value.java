package seedc.ir;

import seedc.diag.Pos;

/**
 * A value of the IR, defined by exactly one op. Reals are tensors (rank 0 for a scalar);
 * ints are scalars with a static range [lo, hi] that the lowering proves.
 */
public record Value(int id, String name, Kind kind, Shape shape, Pos pos, long lo, long hi) {
    public enum Kind { REAL, INT }

    public boolean isInt() {
        return kind == Kind.INT;
    }

    public int size() {
        return shape.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Value v && v.id == id;
    }

    @Override
    public int hashCode() {
        return id;
    }

    @Override
    public String toString() {
        return name;
    }
}
