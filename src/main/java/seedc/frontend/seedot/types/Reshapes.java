package seedc.frontend.seedot.types;

import seedc.ir.Shape;
import java.util.List;
import seedc.frontend.seedot.lang.AstWalker;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.diag.Pos;
import seedc.frontend.seedot.types.TypeChecker.Scope;

/** Typing of reshape, indexing and splicing. */
final class Reshapes {
    private Reshapes() {}

    static Type check(TypeChecker tc, Reshape r, Shape in) {
        tc.checkShape(r.pos(), r.shape(), "the reshaped tensor");
        Shape out = Shape.of(r.shape());
        if (out.size() != in.size()) {
            throw tc.error(r.pos(), "reshape changes the number of elements: " + in + " has " + in.size()
                    + ", " + out + " has " + out.size());
        }
        List<Integer> order = r.order();
        boolean[] seen = new boolean[in.rank() + 1];
        boolean ok = order.size() == in.rank();
        for (int axis : order) {
            ok &= axis >= 1 && axis <= in.rank() && !seen[axis];
            if (axis >= 1 && axis <= in.rank()) {
                seen[axis] = true;
            }
        }
        if (!ok) {
            throw tc.error(r.pos(), "the reshape order " + Shape.of(order) + " must list each of the input's "
                    + in.rank() + " axes (numbered from 1) once");
        }
        return Type.tensor(out);
    }

    static Type index(TypeChecker tc, Index ix, Shape in, Scope scope) {
        tc.integer(ix.index(), scope, "an index");
        if (ix.index() instanceof IntLit lit && (lit.value() < 0 || lit.value() >= in.dim(0))) {
            throw tc.error(AstWalker.start(ix.index()), "index " + lit.value() + " is out of range for a first axis of "
                    + in.dim(0));
        }
        return in.rank() == 1 ? Type.REAL : Type.tensor(in.dropFirst());
    }

    static Type splice(TypeChecker tc, Splice sp, Shape in, Scope scope) {
        return Type.tensor(spliceShape(tc, sp.pos(), in, sp.offsets(), sp.sizes(), scope));
    }

    /** The shape of x[o1:+n1]...: the given sizes, then x's remaining axes. */
    static Shape spliceShape(TypeChecker tc, Pos pos, Shape in, List<Expr> offsets, List<Integer> sizes, Scope scope) {
        if (sizes.size() > in.rank()) {
            throw tc.error(pos, "splice with " + sizes.size() + " ranges of a tensor of rank " + in.rank());
        }
        int[] dims = in.dims();
        for (int k = 0; k < sizes.size(); k++) {
            Expr off = offsets.get(k);
            tc.integer(off, scope, "a splice offset");
            int n = sizes.get(k);
            if (n < 1) {
                throw tc.error(AstWalker.start(off), "a splice size must be at least 1, found " + n);
            }
            if (n > in.dim(k)) {
                throw tc.error(AstWalker.start(off), "splice of " + n + " along axis " + k + " is larger than the tensor's "
                        + in.dim(k) + " (shape " + in + ")");
            }
            if (off instanceof IntLit lit && (lit.value() < 0 || lit.value() + n > in.dim(k))) {
                throw tc.error(AstWalker.start(off), "splice [" + lit.value() + ":+" + n + "] runs outside axis " + k
                        + " of length " + in.dim(k));
            }
            dims[k] = n;
        }
        return Shape.of(dims);
    }
}
