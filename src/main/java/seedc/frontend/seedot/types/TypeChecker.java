package seedc.frontend.seedot.types;

import seedc.ir.Shape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.diag.UserError;
import seedc.frontend.seedot.lang.AstWalker;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.diag.Pos;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.frontend.seedot.types.Type.Int;
import seedc.frontend.seedot.types.Type.Real;
import seedc.frontend.seedot.types.Type.Tensor;

/**
 * Infers the static type of every expression and reports the first violation as
 * "file:line:col: error: ..." with the offending line.
 */
public final class TypeChecker {
    private final SourceFile source;
    private final IdentityHashMap<Expr, Type> types = new IdentityHashMap<>();
    private final List<TypedProgram.Declared> params = new ArrayList<>();
    private TypedProgram.Declared input;
    /** Variables bound to declared tensors, for |*| (only parameters are stored sparse). */
    private final Map<String, TypedProgram.Declared> declaredByName = new HashMap<>();

    private TypeChecker(SourceFile source) {
        this.source = source;
    }

    public static TypedProgram check(SourceFile source, Expr root) {
        TypeChecker tc = new TypeChecker(source);
        tc.type(root, Scope.EMPTY);
        return new TypedProgram(source, root, tc.types, List.copyOf(tc.params), tc.input);
    }

    /**
     * Lexical scope: an immutable linked list of bindings. Every {@link #INDEXED}th binding also holds an index of
     * all bindings up to it, so that a name bound 10,000 lets above (the input X of a long chain of lets) is found
     * without walking them all: walking made type checking such a chain quadratic (seconds).
     */
    record Scope(String name, Type type, boolean declared, Scope parent, int depth, Map<String, Scope> index) {
        static final Scope EMPTY = new Scope(null, null, false, null, 0, null);
        static final int INDEXED = 64;

        Scope bind(String n, Type t, boolean isDeclared) {
            Map<String, Scope> idx = null;
            if ((depth + 1) % INDEXED == 0) {
                idx = new HashMap<>();
                for (Scope s = this; s != EMPTY; s = s.parent) { // the innermost binding of each name wins
                    if (s.index != null) {
                        s.index.forEach(idx::putIfAbsent);
                        break;
                    }
                    idx.putIfAbsent(s.name, s);
                }
            }
            Scope scope = new Scope(n, t, isDeclared, this, depth + 1, idx);
            if (idx != null) {
                idx.put(n, scope);
            }
            return scope;
        }

        Scope find(String n) {
            for (Scope s = this; s != EMPTY && s != null; s = s.parent) {
                if (n.equals(s.name)) {
                    return s;
                }
                if (s.index != null) {
                    return s.index.get(n);
                }
            }
            return null;
        }
    }

    UserError error(Pos pos, String message) {
        return source.error(pos, message);
    }

    private Type record(Expr e, Type t) {
        types.put(e, t);
        return t;
    }

    Type type(Expr e, Scope scope) {
        return record(e, switch (e) {
            case IntLit i -> Type.INT;
            case RealLit r -> Type.REAL;
            case Var v -> {
                Scope s = scope.find(v.name());
                if (s == null) {
                    throw error(v.pos(), "unknown variable '" + v.name() + "'");
                }
                yield s.type();
            }
            case Decl d -> {
                checkShape(d.pos(), d.shape(), "a declared tensor");
                yield Type.tensor(Shape.of(d.shape()));
            }
            case TensorLit t -> Type.tensor(Shape.of(t.shape()));
            case Init i -> {
                checkShape(i.pos(), i.shape(), "init");
                yield Type.tensor(Shape.of(i.shape()));
            }
            case Transpose t -> {
                Shape s = tensor(t.arg(), scope, "transpose").shape();
                if (s.rank() != 2) {
                    throw error(t.pos(), "transpose needs a 2-D tensor, found shape " + s);
                }
                yield Type.tensor(Shape.of(s.dim(1), s.dim(0)));
            }
            case Reshape r -> Reshapes.check(this, r, tensor(r.arg(), scope, "reshape").shape());
            case Reverse r -> {
                Shape s = tensor(r.arg(), scope, "reverse").shape();
                if (r.axis() < 0 || r.axis() >= s.rank()) {
                    throw error(r.pos(), "reverse axis " + r.axis() + " is out of range for shape " + s
                            + " (axes are numbered from 0)");
                }
                yield Type.tensor(s);
            }
            case Quantize q -> {
                Type t = type(q.arg(), scope);
                if (t instanceof Type.Int) {
                    throw error(AstWalker.start(q.arg()), q.function() + " needs a real argument, found int");
                }
                yield t;
            }
            case Index ix -> Reshapes.index(this, ix, tensor(ix.arg(), scope, "indexing").shape(), scope);
            case Splice sp -> Reshapes.splice(this, sp, tensor(sp.arg(), scope, "splicing").shape(), scope);
            case Unary u -> {
                Type t = type(u.arg(), scope);
                yield t;
            }
            case Binary b -> Operators.binary(this, b, scope);
            case Call c -> Operators.call(this, c, scope);
            case Conv2d c -> Convolutions.conv2d(this, c, scope);
            case Maxpool m -> Convolutions.maxpool(this, m, scope);
            case MBConv m -> Convolutions.mbconv(this, m, scope);
            case Let l -> let(l, scope);
            case LetSplice l -> letSplice(l, scope);
            case Sum s -> {
                checkRange(s.pos(), s.from(), s.to());
                Type body = type(s.body(), scope.bind(s.index(), Type.INT, false));
                if (body instanceof Int) {
                    throw error(AstWalker.start(s.body()), "a $-sum needs a real or tensor body, found int");
                }
                yield body;
            }
            case Loop l -> loop(l, scope);
            case Cond c -> cond(c, scope);
        });
    }

    private Type let(Let l, Scope scope) {
        Type value;
        boolean declared = l.value() instanceof Decl;
        value = type(l.value(), scope);
        if (declared) {
            Decl d = (Decl) l.value();
            if (declaredByName.containsKey(l.name())) {
                throw error(l.pos(), "'" + l.name() + "' is declared twice (each model parameter needs its own name)");
            }
            var info = new TypedProgram.Declared(l.name(), value.shape(), d.lo(), d.hi(), d);
            declaredByName.put(l.name(), info);
            if (l.name().equals(TypedProgram.INPUT_NAME)) {
                input = info;
            } else {
                params.add(info);
            }
        }
        return type(l.body(), scope.bind(l.name(), value, declared));
    }

    private Type letSplice(LetSplice l, Scope scope) {
        Scope s = scope.find(l.name());
        if (s == null) {
            throw error(l.pos(), "unknown variable '" + l.name() + "'");
        }
        if (!(s.type() instanceof Tensor t)) {
            throw error(l.pos(), "cannot assign to a part of '" + l.name() + "': it is " + s.type() + ", not a tensor");
        }
        Shape part = Reshapes.spliceShape(this, l.pos(), t.shape(), l.offsets(), l.sizes(), scope);
        Type value = type(l.value(), scope);
        if (!value.shape().equals(part) && !(value.isScalarLike() && part.size() == 1)) {
            throw error(AstWalker.start(l.value()), "the assigned value has shape " + value.shape()
                    + " but the part of '" + l.name() + "' it replaces has shape " + part);
        }
        return type(l.body(), scope.bind(l.name(), t, false));
    }

    private Type loop(Loop l, Scope scope) {
        checkRange(l.pos(), l.from(), l.to());
        Scope acc = scope.find(l.acc());
        if (acc == null) {
            throw error(l.pos(), "unknown loop accumulator '" + l.acc() + "'");
        }
        if (acc.type() instanceof Int) {
            throw error(l.pos(), "the loop accumulator '" + l.acc() + "' must be real or a tensor");
        }
        Scope inner = scope.bind(l.index(), Type.INT, false).bind(l.acc(), acc.type(), false);
        Type body = type(l.body(), inner);
        if (!body.equals(acc.type())) {
            throw error(AstWalker.start(l.body()), "the loop body has type " + body + " but the accumulator '" + l.acc()
                    + "' has type " + acc.type());
        }
        return body;
    }

    private Type cond(Cond c, Scope scope) {
        Type cond = type(c.cond(), scope);
        if (!(cond instanceof Int) && !cond.isScalarLike()) {
            throw error(AstWalker.start(c.cond()), "a condition needs a scalar, found shape " + cond.shape());
        }
        Type a = type(c.then(), scope);
        Type b = type(c.otherwise(), scope);
        if (!a.equals(b)) {
            throw error(AstWalker.start(c.otherwise()), "the branches of '?:' differ: " + a + " and " + b);
        }
        return a;
    }

    void checkRange(Pos pos, int from, int to) {
        if (from >= to) {
            throw error(pos, "empty range [" + from + ":" + to + "]");
        }
    }

    void checkShape(Pos pos, List<Integer> dims, String what) {
        if (dims.isEmpty() || dims.size() > 5) {
            throw error(pos, what + " must have rank 1 to 5, found rank " + dims.size());
        }
        for (int d : dims) {
            if (d < 1) {
                throw error(pos, what + " has a dimension of " + d + "; dimensions must be at least 1");
            }
        }
        long n = 1;
        for (int d : dims) {
            n *= d;
            if (n > (1 << 24)) {
                throw error(pos, what + " is too large (" + Shape.of(dims) + ")");
            }
        }
    }

    /** Types e and requires a tensor. */
    Tensor tensor(Expr e, Scope scope, String what) {
        Type t = type(e, scope);
        if (t instanceof Tensor tt) {
            return tt;
        }
        throw error(AstWalker.start(e), what + " needs a tensor, found " + t);
    }

    /** Types e and requires an int. */
    void integer(Expr e, Scope scope, String what) {
        Type t = type(e, scope);
        if (!(t instanceof Int)) {
            throw error(AstWalker.start(e), what + " must be an int, found " + t);
        }
    }

    boolean isDeclaredParameter(Expr e, Scope scope) {
        return e instanceof Var v && scope.find(v.name()) instanceof Scope s && s.declared()
                && !v.name().equals(TypedProgram.INPUT_NAME);
    }

    /** Records a promoted type for an int literal used as a real. */
    void promote(Expr e) {
        types.put(e, Type.REAL);
        if (e instanceof Unary u) {
            promote(u.arg());
        }
    }

    static boolean isIntLiteral(Expr e) {
        return e instanceof IntLit || (e instanceof Unary u && u.arg() instanceof IntLit);
    }

    static boolean isReal(Type t) {
        return t instanceof Real;
    }
}
