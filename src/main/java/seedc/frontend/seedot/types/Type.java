package seedc.frontend.seedot.types;

import seedc.ir.Shape;

/** The static type of a SeeDot expression. */
public sealed interface Type {
    /** An integer (indices, labels). */
    record Int() implements Type {
        @Override
        public String toString() {
            return "int";
        }
    }

    /** A real scalar. */
    record Real() implements Type {
        @Override
        public String toString() {
            return "real";
        }
    }

    /** A dense tensor of reals with a static shape of rank 1..5. */
    record Tensor(Shape shape) implements Type {
        @Override
        public String toString() {
            return "tensor" + shape;
        }
    }

    Int INT = new Int();
    Real REAL = new Real();

    static Tensor tensor(Shape s) {
        return new Tensor(s);
    }

    /** Shape of a real value: scalars have rank 0. Int has no shape. */
    default Shape shape() {
        return switch (this) {
            case Tensor t -> t.shape();
            case Real r -> Shape.SCALAR;
            case Int i -> Shape.SCALAR;
        };
    }

    default boolean isScalarLike() {
        return switch (this) {
            case Real r -> true;
            case Tensor t -> t.shape().isScalarLike();
            case Int i -> false;
        };
    }
}
