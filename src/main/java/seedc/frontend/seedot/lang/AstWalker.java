package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import seedc.frontend.seedot.lang.Expr.*;

/** Visits every node of an AST, parents before children. */
public final class AstWalker {
    private final Consumer<Expr> visitor;

    public AstWalker(Consumer<Expr> visitor) {
        this.visitor = visitor;
    }

    public void walk(Expr e) {
        visitor.accept(e);
        for (Expr c : children(e)) {
            walk(c);
        }
    }

    public static List<Expr> children(Expr e) {
        return switch (e) {
            case IntLit i -> List.of();
            case RealLit r -> List.of();
            case Var v -> List.of();
            case Decl d -> List.of();
            case TensorLit t -> List.of();
            case Init i -> List.of();
            case Transpose t -> List.of(t.arg());
            case Reshape r -> List.of(r.arg());
            case Reverse r -> List.of(r.arg());
            case Quantize q -> List.of(q.arg());
            case Index i -> List.of(i.arg(), i.index());
            case Splice s -> concat(List.of(s.arg()), s.offsets());
            case Unary u -> List.of(u.arg());
            case Binary b -> List.of(b.left(), b.right());
            case Call c -> List.of(c.arg());
            case Conv2d c -> List.of(c.input(), c.filter());
            case Maxpool m -> List.of(m.input());
            case MBConv m -> concat(concat(concat(List.of(m.input()), m.expand()), m.depthwise()), m.project());
            case Let l -> List.of(l.value(), l.body());
            case LetSplice l -> concat(l.offsets(), List.of(l.value(), l.body()));
            case Sum s -> List.of(s.body());
            case Loop l -> List.of(l.body());
            case Cond c -> List.of(c.cond(), c.then(), c.otherwise());
        };
    }

    /** Where an expression's text begins (a binary node's own position is its operator). */
    public static Pos start(Expr e) {
        return switch (e) {
            case Binary b -> start(b.left());
            case Index i -> start(i.arg());
            case Splice s -> start(s.arg());
            case Transpose t -> start(t.arg());
            case Cond c -> start(c.cond());
            default -> e.pos();
        };
    }

    private static List<Expr> concat(List<Expr> a, List<Expr> b) {
        List<Expr> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }
}
