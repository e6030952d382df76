package seedc.ir;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Prints a program as text, one op per line, loops indented. Later stages supply annotations:
 * {@code typeOf} names a real value's type (e.g. its fixed-point type) and {@code paramsOf} an op's
 * integer constants; either may return null to print nothing.
 */
public final class IrPrinter {
    private final Function<Value, String> typeOf;
    private final Function<Op, String> paramsOf;
    private final StringBuilder sb = new StringBuilder();

    private IrPrinter(Function<Value, String> typeOf, Function<Op, String> paramsOf) {
        this.typeOf = typeOf;
        this.paramsOf = paramsOf;
    }

    /** The program with shapes only. */
    public static String print(Program p) {
        return print(p, v -> null, op -> null);
    }

    public static String print(Program p, Function<Value, String> typeOf, Function<Op, String> paramsOf) {
        IrPrinter printer = new IrPrinter(typeOf, paramsOf);
        printer.block(p.body(), "");
        printer.sb.append("return ").append(p.result().name()).append('\n');
        return printer.sb.toString();
    }

    private void block(Block b, String indent) {
        for (Op op : b.ops()) {
            sb.append(indent).append(decl(op.out())).append(" = ").append(describe(op));
            String params = paramsOf.apply(op);
            if (params != null) {
                sb.append("   {").append(params).append('}');
            }
            sb.append('\n');
            if (op instanceof Op.SumLoop s) {
                block(s.body(), indent + "  ");
                sb.append(indent).append("  yield ").append(s.result().name()).append('\n');
            } else if (op instanceof Op.Loop l) {
                sb.append(indent).append("  ").append(decl(l.acc())).append(" = carried, first ")
                        .append(l.init().name()).append('\n');
                block(l.body(), indent + "  ");
                sb.append(indent).append("  next ").append(l.acc().name()).append(" = ")
                        .append(l.result().name()).append('\n');
            }
        }
    }

    private String decl(Value v) {
        if (v.isInt()) {
            return v.name() + " : int in [" + v.lo() + ", " + v.hi() + "]";
        }
        String t = typeOf.apply(v);
        return v.name() + " : real" + v.shape() + (t == null ? "" : " " + t);
    }

    private static String names(List<Value> vs) {
        return vs.stream().map(Value::name).collect(Collectors.joining(", "));
    }

    private String describe(Op op) {
        return switch (op) {
            case Op.Input in -> "input";
            case Op.Param p -> "param " + p.paramName() + ".npy";
            case Op.Const c -> c.values().length == 1 ? "const " + c.values()[0] : "const[" + c.values().length + "]";
            case Op.IntConst c -> "int " + c.value();
            case Op.IntArith a -> a.op().name().toLowerCase() + " " + a.a().name() + ", " + a.b().name();
            case Op.Add a -> (a.subtract() ? "sub " : "add ") + names(a.inputs());
            case Op.VecOp v -> "vec_" + v.kind().name().toLowerCase() + " " + names(v.inputs());
            case Op.Reshape r -> "reshape " + r.a().name() + " order " + Arrays.toString(r.order());
            case Op.Reverse r -> "reverse " + r.a().name() + " axis " + r.axis();
            case Op.Quantize q -> "quantize " + q.a().name() + " to " + (1 << q.bits()) + " levels in [" + q.lo()
                    + ", " + q.hi() + "]";
            case Op.Conv2d c -> "conv2d " + names(c.inputs()) + " " + c.window() + " groups " + c.groups();
            case Op.Maxpool m -> "maxpool " + m.x().name() + " " + m.kh() + "x" + m.kw() + " " + m.window();
            case Op.SumLoop s -> "sum " + s.index().name() + " in [" + s.from() + ", " + s.to() + ")";
            case Op.Loop l -> "loop " + l.index().name() + " in [" + l.from() + ", " + l.to() + ")";
            case Op.MatMul o -> plain(o);
            case Op.SparseMatMul o -> plain(o);
            case Op.ScalarMul o -> plain(o);
            case Op.Hadamard o -> plain(o);
            case Op.Neg o -> plain(o);
            case Op.Exp o -> plain(o);
            case Op.Tanh o -> plain(o);
            case Op.Softplus o -> plain(o);
            case Op.Softsign o -> plain(o);
            case Op.Sigmoid o -> plain(o);
            case Op.Relu o -> plain(o);
            case Op.Relu6 o -> plain(o);
            case Op.Sgn o -> plain(o);
            case Op.Argmax o -> plain(o);
            case Op.NormaliseL2 o -> plain(o);
            case Op.Transpose o -> plain(o);
            case Op.Index o -> plain(o);
            case Op.Splice o -> plain(o);
            case Op.SpliceWrite o -> plain(o);
            case Op.Select o -> plain(o);
        };
    }

    /** An op with no attributes: its name and its operands. */
    private static String plain(Op op) {
        return opName(op) + " " + names(op.inputs());
    }

    /** MatMul -> matmul, SparseMatMul -> sparse_mat_mul, ... */
    private static String opName(Op op) {
        return op.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
    }
}
