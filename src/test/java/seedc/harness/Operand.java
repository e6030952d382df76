package seedc.harness;

import seedc.fixed.FixedType;
import seedc.ir.Shape;

/**
 * An operand of the op under test, with the fixed type the case plans for it: read from the program's
 * input (a new value every example), or a parameter or literal (drawn once per case, in flash in the C),
 * optionally limited to [lo, hi] (integers in whatever type it ends up with) where the semantics needs it (normaliseL2's squares must fit 63 bits).
 */
record Operand(String name, Shape shape, FixedType type, Source source, long lo, long hi) {
    enum Source { INPUT, PARAM, SPARSE_PARAM, CONST }

    static Operand in(String name, FixedType t, int... dims) {
        return new Operand(name, Shape.of(dims), t, Source.INPUT, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    static Operand param(String name, FixedType t, int... dims) {
        return new Operand(name, Shape.of(dims), t, Source.PARAM, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A literal tensor of the program (a Const op), stored in flash like a parameter. */
    static Operand constant(String name, FixedType t, int... dims) {
        return new Operand(name, Shape.of(dims), t, Source.CONST, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** A matrix stored sparse (val/idx); about two thirds of its entries are zero. */
    static Operand sparse(String name, FixedType t, int... dims) {
        return new Operand(name, Shape.of(dims), t, Source.SPARSE_PARAM, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    Operand within(long lo, long hi) {
        return new Operand(name, shape, type, source, Math.max(lo, this.lo), Math.min(hi, this.hi));
    }

    Operand as(Source s) {
        return new Operand(name, shape, type, s, lo, hi);
    }

    boolean isInput() {
        return source == Source.INPUT;
    }

    @Override
    public String toString() {
        String where = switch (source) {
            case INPUT -> "in";
            case PARAM -> "param";
            case SPARSE_PARAM -> "sparse param";
            case CONST -> "const";
        };
        String range = lo == Long.MIN_VALUE && hi == Long.MAX_VALUE ? "" : " in [" + lo + ", " + hi + "]";
        return name + shape + " " + type + " " + where + range;
    }
}
