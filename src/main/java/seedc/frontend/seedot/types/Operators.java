package seedc.frontend.seedot.types;

import seedc.ir.Shape;
import seedc.frontend.seedot.lang.AstWalker;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.frontend.seedot.types.Type.Int;
import seedc.frontend.seedot.types.Type.Real;
import seedc.frontend.seedot.types.Type.Tensor;
import seedc.frontend.seedot.types.TypeChecker.Scope;

/** Typing of the arithmetic operators and the built-in functions. */
final class Operators {
    private Operators() {}

    static Type binary(TypeChecker tc, Binary b, Scope scope) {
        Type l = tc.type(b.left(), scope);
        Type r = tc.type(b.right(), scope);
        String op = "'" + b.op().symbol + "'";
        // An int literal next to a real operand is a real (e.g. 1 - g).
        if (l instanceof Int && !(r instanceof Int) && TypeChecker.isIntLiteral(b.left())) {
            tc.promote(b.left());
            l = Type.REAL;
        }
        if (r instanceof Int && !(l instanceof Int) && TypeChecker.isIntLiteral(b.right())) {
            tc.promote(b.right());
            r = Type.REAL;
        }
        if (l instanceof Int || r instanceof Int) {
            if (l instanceof Int && r instanceof Int
                    && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB || b.op() == BinaryOp.MUL)) {
                return Type.INT;
            }
            throw tc.error(b.pos(), "cannot apply " + op + " to " + l + " and " + r);
        }
        return switch (b.op()) {
            case ADD, SUB -> {
                if (l.equals(r)) {
                    yield l;
                }
                if (l instanceof Real) {
                    yield r;
                }
                if (r instanceof Real) {
                    yield l;
                }
                throw mismatch(tc, b, l, r);
            }
            case HADAMARD -> {
                if (l.equals(r)) {
                    yield l;
                }
                throw mismatch(tc, b, l, r);
            }
            case MUL -> multiply(tc, b, l, r);
            case SPARSE_MUL -> sparse(tc, b, l, r, scope);
            case ADD_VEC, SUB_VEC -> {
                if (l instanceof Tensor lt && r instanceof Tensor rt && isVectorOf(rt.shape(), lt.shape().last())) {
                    yield l;
                }
                throw tc.error(b.pos(), op + " adds a vector along the last axis: the right operand must have "
                        + (l instanceof Tensor lt ? lt.shape().last() : "as many") + " elements, found "
                        + describe(l) + " and " + describe(r));
            }
        };
    }

    private static Type multiply(TypeChecker tc, Binary b, Type l, Type r) {
        if (l instanceof Real && r instanceof Real) {
            return Type.REAL;
        }
        if (l instanceof Tensor lt && r instanceof Tensor rt && lt.shape().rank() == 2 && rt.shape().rank() == 2
                && lt.shape().dim(1) == rt.shape().dim(0)) {
            return Type.tensor(Shape.of(lt.shape().dim(0), rt.shape().dim(1)));
        }
        if (l.isScalarLike()) {
            return r;
        }
        if (r.isScalarLike()) {
            return l;
        }
        Shape ls = l.shape(), rs = r.shape();
        if (ls.rank() == 2 && rs.rank() == 2) {
            throw tc.error(b.pos(), "shape mismatch for '*': the left matrix has " + ls.dim(1)
                    + " columns but the right one has " + rs.dim(0) + " rows (shape " + ls + " and shape " + rs + ")");
        }
        throw tc.error(b.pos(), "'*' multiplies two matrices (2-D) or a scalar and a tensor, found "
                + describe(l) + " and " + describe(r));
    }

    private static Type sparse(TypeChecker tc, Binary b, Type l, Type r, Scope scope) {
        if (!tc.isDeclaredParameter(b.left(), scope)) {
            throw tc.error(AstWalker.start(b.left()), "the left operand of '|*|' must be a model parameter (it is stored sparse)");
        }
        Shape ls = l.shape();
        if (ls.rank() != 2) {
            throw tc.error(AstWalker.start(b.left()), "the left operand of '|*|' must be a 2-D matrix, found shape " + ls);
        }
        Shape rs = r.shape();
        boolean column = rs.rank() == 2 && rs.dim(1) == 1 && rs.dim(0) == ls.dim(1);
        boolean vector = rs.rank() == 1 && rs.dim(0) == ls.dim(1);
        if (!column && !vector) {
            throw mismatch(tc, b, l, r);
        }
        return Type.tensor(column ? Shape.of(ls.dim(0), 1) : Shape.of(ls.dim(0)));
    }

    static Type call(TypeChecker tc, Call c, Scope scope) {
        Type t = tc.type(c.arg(), scope);
        String name = c.func().spelling;
        if (t instanceof Int) {
            throw tc.error(AstWalker.start(c.arg()), name + " needs a real argument, found int");
        }
        return switch (c.func()) {
            case SGN -> {
                if (!t.isScalarLike()) {
                    throw tc.error(AstWalker.start(c.arg()), name + " needs a scalar argument, found a tensor of shape " + t.shape());
                }
                yield Type.INT;
            }
            case ARGMAX -> {
                if (!(t instanceof Tensor)) {
                    throw tc.error(AstWalker.start(c.arg()), "argmax needs a tensor, found a scalar");
                }
                yield Type.INT;
            }
            case NORMALISE_L2 -> {
                if (!(t instanceof Tensor)) {
                    throw tc.error(AstWalker.start(c.arg()), "normaliseL2 needs a tensor, found a scalar");
                }
                yield t;
            }
            // exp is element-wise like the activations (the reference SeeDot takes only ProtoNN's one number)
            case EXP, RELU, RELU6, TANH, SIGMOID, SOFTPLUS, SOFTSIGN -> t;
        };
    }

    /** A vector of n elements: shape (n), (1, n), (n, 1) and the like. */
    static boolean isVectorOf(Shape s, int n) {
        if (s.size() != n) {
            return false;
        }
        int nonUnit = 0;
        for (int d : s.dims()) {
            nonUnit += d != 1 ? 1 : 0;
        }
        return nonUnit <= 1;
    }

    private static String describe(Type t) {
        return t instanceof Tensor tt ? "shape " + tt.shape() : t.toString();
    }

    private static RuntimeException mismatch(TypeChecker tc, Binary b, Type l, Type r) {
        return tc.error(b.pos(), "shape mismatch for '" + b.op().symbol + "': " + describe(l) + " and " + describe(r));
    }

}
