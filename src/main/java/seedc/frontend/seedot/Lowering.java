package seedc.frontend.seedot;

import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Program;
import seedc.ir.ProgramBuilder;
import seedc.ir.Op;
import seedc.ir.Block;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.diag.UserError;
import seedc.frontend.seedot.lang.AstWalker;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.diag.Pos;
import seedc.frontend.seedot.types.Type;
import seedc.frontend.seedot.types.TypedProgram;

/**
 * Lowers a typed AST to the IR. Every int value gets a static range, and every dynamic index
 * or splice offset is proven to stay in bounds here, so no backend needs run-time checks.
 */
public final class Lowering {
    private final TypedProgram typed;
    private final ProgramBuilder builder = new ProgramBuilder();
    private final Set<String> sparseParams = new HashSet<>();

    private Lowering(TypedProgram typed) {
        this.typed = typed;
    }

    public static Program lower(TypedProgram typed) {
        Lowering l = new Lowering(typed);
        l.collectSparse(typed.root());
        return l.builder.build(l.lower(typed.root(), new HashMap<>()));
    }

    UserError error(Pos pos, String message) {
        return typed.source().error(pos, message);
    }

    Value real(String hint, Shape shape, Pos pos) {
        return builder.real(hint, shape, pos);
    }

    Value integer(String hint, Pos pos, long lo, long hi) {
        if (!ProgramBuilder.fitsInt32(lo, hi)) { // ints are 32-bit in the generated code
            throw error(pos, "int arithmetic overflows 32 bits: the value " + (lo == hi ? "is " + lo : "can be " + lo + ".." + hi));
        }
        return builder.integer(hint, pos, lo, hi);
    }

    Value emit(Op op) {
        return builder.emit(op);
    }

    Shape shapeOf(Expr e) {
        return typed.typeOf(e).shape();
    }

    Value lower(Expr e, Map<String, Value> env) {
        return lower(e, env, null);
    }

    /** Lowers e; {@code name} names its value when e is bound by a let. */
    Value lower(Expr e, Map<String, Value> env, String name) {
        Type type = typed.typeOf(e);
        Pos pos = e.pos();
        return switch (e) {
            case IntLit i -> type instanceof Type.Real
                    ? emit(new Op.Const(real(name, Shape.SCALAR, pos), new double[] {i.value()}))
                    : emit(new Op.IntConst(integer(name, pos, i.value(), i.value()), i.value()));
            case RealLit r -> emit(new Op.Const(real(name, Shape.SCALAR, pos), new double[] {r.value()}));
            case Var v -> env.get(v.name());
            case Decl d -> throw error(pos, "a declared tensor must be bound by let, as in 'let W = (2, 3) in [-1, 1] in ...'");
            case TensorLit t -> emit(new Op.Const(real(name, type.shape(), pos),
                    t.values().stream().mapToDouble(Double::doubleValue).toArray()));
            case Init i -> {
                double[] values = new double[type.shape().size()];
                java.util.Arrays.fill(values, i.value());
                yield emit(new Op.Const(real(name, type.shape(), pos), values));
            }
            case Transpose t -> emit(new Op.Transpose(real(name, type.shape(), pos), lower(t.arg(), env)));
            case Reshape r -> {
                int[] order = r.order().stream().mapToInt(k -> k - 1).toArray();
                yield emit(new Op.Reshape(real(name, type.shape(), pos), lower(r.arg(), env), order));
            }
            case Reverse r -> emit(new Op.Reverse(real(name, type.shape(), pos), lower(r.arg(), env), r.axis()));
            case Quantize q -> emit(new Op.Quantize(real(name, type.shape(), pos), lower(q.arg(), env), q.bits(),
                    q.lo(), q.hi()));
            case Index ix -> {
                Value a = lower(ix.arg(), env);
                Value idx = lower(ix.index(), env);
                checkBounds(AstWalker.start(ix.index()), idx, 0, a.shape().dim(0) - 1, "index");
                yield emit(new Op.Index(real(name, type.shape(), pos), a, idx));
            }
            case Splice sp -> {
                Value a = lower(sp.arg(), env);
                List<Value> offs = offsets(sp.offsets(), sp.sizes(), a.shape(), env);
                yield emit(new Op.Splice(real(name, type.shape(), pos), a, offs));
            }
            case Unary u -> {
                Value a = lower(u.arg(), env);
                if (a.isInt()) {
                    Value zero = emit(new Op.IntConst(integer(null, pos, 0, 0), 0));
                    yield emit(new Op.IntArith(integer(name, pos, -a.hi(), -a.lo()), Op.IntOp.SUB, zero, a));
                }
                yield emit(new Op.Neg(real(name, type.shape(), pos), a));
            }
            case Binary b -> Arithmetic.binary(this, b, env, name);
            case Call c -> Arithmetic.call(this, c, env, name);
            case Conv2d c -> emit(new Op.Conv2d(real(name, type.shape(), pos), lower(c.input(), env),
                    lower(c.filter(), env), c.window(), c.groups()));
            case Maxpool m -> emit(new Op.Maxpool(real(name, type.shape(), pos), lower(m.input(), env),
                    m.kh(), m.kw(), m.window()));
            case MBConv m -> Arithmetic.mbconv(this, m, env, name);
            case Let l -> lowerLet(l, env);
            case LetSplice l -> {
                Value base = env.get(l.name());
                List<Value> offs = offsets(l.offsets(), l.sizes(), base.shape(), env);
                Value part = lower(l.value(), env);
                Value updated = emit(new Op.SpliceWrite(real(l.name(), base.shape(), pos), base, part, offs));
                yield lowerIn(env, l.name(), updated, l.body(), name);
            }
            case Sum s -> {
                Value index = integer(s.index(), pos, s.from(), s.to() - 1);
                builder.openBlock();
                Value result = lowerIn(env, s.index(), index, s.body(), null);
                Block body = builder.closeBlock();
                yield emit(new Op.SumLoop(real(name, type.shape(), pos), index, s.from(), s.to(), body, result));
            }
            case Loop l -> {
                Value init = env.get(l.acc());
                Value index = integer(l.index(), pos, l.from(), l.to() - 1);
                Value acc = real(l.acc(), init.shape(), pos);
                builder.openBlock();
                Value indexBefore = env.put(l.index(), index);
                Value result;
                try {
                    result = lowerIn(env, l.acc(), acc, l.body(), null);
                } finally {
                    restore(env, l.index(), indexBefore);
                }
                Block body = builder.closeBlock();
                yield emit(new Op.Loop(real(name, init.shape(), pos), index, l.from(), l.to(), init, acc, body, result));
            }
            case Cond c -> {
                Value cond = lower(c.cond(), env);
                Value a = lower(c.then(), env);
                Value b = lower(c.otherwise(), env);
                Value out = a.isInt()
                        ? integer(name, pos, Math.min(a.lo(), b.lo()), Math.max(a.hi(), b.hi()))
                        : real(name, a.shape(), pos);
                yield emit(new Op.Select(out, cond, a, b));
            }
        };
    }

    private Value lowerLet(Let l, Map<String, Value> env) {
        Value v;
        if (l.value() instanceof Decl d) {
            Shape shape = Shape.of(d.shape());
            if (l.name().equals(TypedProgram.INPUT_NAME)) {
                v = builder.input(l.name(), shape, d.pos(), d.lo(), d.hi()); // SeeDot states X's range
            } else {
                v = builder.param(l.name(), shape, d.pos(), d.lo(), d.hi(), sparseParams.contains(l.name()));
            }
        } else {
            v = lower(l.value(), env, l.name());
        }
        return lowerIn(env, l.name(), v, l.body(), null);
    }

    private List<Value> offsets(List<Expr> offsets, List<Integer> sizes, Shape shape, Map<String, Value> env) {
        List<Value> out = new ArrayList<>();
        for (int k = 0; k < offsets.size(); k++) {
            Value off = lower(offsets.get(k), env);
            checkBounds(AstWalker.start(offsets.get(k)), off, 0, shape.dim(k) - sizes.get(k), "splice offset");
            out.add(off);
        }
        return out;
    }

    private void checkBounds(Pos pos, Value idx, long lo, long hi, String what) {
        if (idx.lo() < lo || idx.hi() > hi) {
            boolean certain = idx.lo() > hi || idx.hi() < lo;
            throw error(pos, what + (certain ? " is out of range: it " : " may be out of range: it ")
                    + (idx.lo() == idx.hi() ? "is " : "can be ") + range(idx) + " but must stay within " + lo + ".." + hi);
        }
    }

    private static String range(Value v) {
        return v.lo() == v.hi() ? String.valueOf(v.lo()) : v.lo() + ".." + v.hi();
    }

    /**
     * {@code body} lowered with {@code name} bound to {@code v} in {@code env}, the binding undone after. One map
     * for the whole program, changed and restored, not a copy per binding: 10,000 chained lets copied it 10,000
     * times (seconds). Nothing keeps env beyond the lowering of the expression it was given for.
     */
    /**
     * {@code body} lowered with {@code name} bound to {@code v} in {@code env}, the binding undone after. One map
     * for the whole program, changed and restored, not a copy per binding: 10,000 chained lets copied it 10,000
     * times (seconds). Nothing keeps env beyond the lowering of the expression it was given for.
     */
    private Value lowerIn(Map<String, Value> env, String name, Value v, Expr body, String bodyName) {
        Value before = env.put(name, v);
        try {
            return lower(body, env, bodyName);
        } finally {
            restore(env, name, before);
        }
    }

    /** Puts back what {@code name} was bound to ({@code before}; null: nothing, no value is null). */
    private static void restore(Map<String, Value> env, String name, Value before) {
        if (before != null) {
            env.put(name, before);
        } else {
            env.remove(name);
        }
    }

    /** Marks parameters used as the left operand of |*| so they are stored sparse. */
    private void collectSparse(Expr e) {
        new AstWalker(x -> {
            if (x instanceof Binary b && b.op() == BinaryOp.SPARSE_MUL && b.left() instanceof Var v) {
                sparseParams.add(v.name());
            }
        }).walk(e);
    }
}
