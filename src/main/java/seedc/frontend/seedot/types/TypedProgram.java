package seedc.frontend.seedot.types;

import seedc.ir.Shape;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.frontend.seedot.lang.Expr;
import seedc.frontend.seedot.lang.SourceFile;

/**
 * A type-checked program: the AST, the type of every node, and the tensors it reads from outside.
 * The input (the declared variable named {@code X}) is null for a program that reads no input.
 */
public record TypedProgram(SourceFile source, Expr root, IdentityHashMap<Expr, Type> types,
                           List<Declared> parameters, Declared input) {

    public static final String INPUT_NAME = "X";

    /** A tensor declared {@code name = (dims) in [lo, hi]}. */
    public record Declared(String name, Shape shape, double lo, double hi, Expr.Decl decl) {}

    public Type typeOf(Expr e) {
        Type t = types.get(e);
        if (t == null) {
            throw new IllegalStateException("untyped node " + e);
        }
        return t;
    }

    public Type resultType() {
        return typeOf(root);
    }

    public Map<Expr, Type> typeMap() {
        return types;
    }
}
