package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.frontend.seedot.lang.SeeDotParser.BracketContext;

/**
 * Bracket literals: {@code [a; b; c]} is a 3x1 column, {@code [[a, b]; [c, d]]} a 2x2 matrix,
 * {@code [[a, b]]} a 1x2 row and {@code [a, b, c]} a vector of 3.
 */
final class Literals {
    private Literals() {}

    static Expr tensor(SourceFile source, BracketContext ctx, AstBuilder builder) {
        Pos pos = new Pos(ctx.getStart().getLine(), ctx.getStart().getCharPositionInLine() + 1);
        List<Expr> elems = ctx.expr().stream().map(builder::visit).toList();
        boolean semis = ctx.sep.stream().anyMatch(t -> t.getText().equals(";"));
        boolean commas = ctx.sep.stream().anyMatch(t -> t.getText().equals(","));
        if (semis && commas) {
            Token t = ctx.sep.stream().filter(s -> s.getText().equals(",")).findFirst().orElseThrow();
            throw source.error(new Pos(t.getLine(), t.getCharPositionInLine() + 1), mixedSeparators(ctx));
        }
        boolean rows = elems.stream().allMatch(e -> e instanceof TensorLit t && t.shape().size() == 1);
        if (rows && !commas) {
            int cols = ((TensorLit) elems.get(0)).shape().get(0);
            List<Double> values = new ArrayList<>();
            for (Expr e : elems) {
                TensorLit row = (TensorLit) e;
                if (row.shape().get(0) != cols) {
                    throw source.error(row.pos(), "matrix rows differ in length: " + row.shape().get(0)
                            + " values here, " + cols + " in the first row");
                }
                values.addAll(row.values());
            }
            return new TensorLit(pos, List.of(elems.size(), cols), values);
        }
        if (rows && elems.size() > 1) {
            Token t = ctx.sep.get(0);
            throw source.error(new Pos(t.getLine(), t.getCharPositionInLine() + 1),
                    "the rows of a matrix literal are separated by ';', as in [[1, 2]; [3, 4]]");
        }
        List<Double> values = new ArrayList<>();
        for (Expr e : elems) {
            values.add(number(source, e));
        }
        List<Integer> shape = semis ? List.of(values.size(), 1) : List.of(values.size());
        return new TensorLit(pos, shape, values);
    }

    /**
     * What {@code [1, 2; 3, 4]} means to its writer, spelled as SeeDot wants it: every row in brackets of its
     * own ({@code [[1, 2]; [3, 4]]}), so the message shows the literal they meant rather than a rule.
     */
    private static String mixedSeparators(BracketContext ctx) {
        List<List<String>> rows = new ArrayList<>(List.of(new ArrayList<>()));
        for (int i = 0; i < ctx.expr().size(); i++) {
            rows.get(rows.size() - 1).add(ctx.expr(i).getText());
            if (i < ctx.sep.size() && ctx.sep.get(i).getText().equals(";")) {
                rows.add(new ArrayList<>());
            }
        }
        String problem = "',' and ';' in one [ ]: a matrix literal puts each row in brackets of its own";
        int cols = rows.get(0).size();
        if (rows.stream().anyMatch(r -> r.size() != cols)) {
            return problem + ", as in [[1, 2]; [3, 4]] (and these rows differ in length)";
        }
        StringBuilder meant = new StringBuilder("[");
        for (List<String> row : rows) {
            meant.append(meant.length() > 1 ? "; [" : "[").append(String.join(", ", row)).append(']');
        }
        meant.append(']');
        String shape = rows.size() + "x" + cols;
        return meant.length() > 60 ? problem + ", as in [[1, 2]; [3, 4]]: this one is " + shape
                : problem + ": this " + shape + " matrix is " + meant;
    }

    /** The value of a numeric literal, possibly negated; anything else is an error. */
    static double number(SourceFile source, Expr e) {
        return switch (e) {
            case IntLit i -> i.value();
            case RealLit r -> r.value();
            case Unary u when u.op() == UnaryOp.NEG && !(u.arg() instanceof Unary) -> -number(source, u.arg());
            default -> throw source.error(e.pos(), "expected a number here");
        };
    }

    /** A literal list of integers such as {@code [2, 4]} (the shape argument of init). */
    static List<Integer> intList(SourceFile source, Expr e) {
        if (!(e instanceof TensorLit t) || t.shape().size() != 1) {
            throw source.error(e.pos(), "expected a list of dimensions such as [2, 4]");
        }
        List<Integer> out = new ArrayList<>();
        for (double v : t.values()) {
            if (v != Math.rint(v)) {
                throw source.error(e.pos(), "dimensions must be integers, not " + v);
            }
            out.add((int) v);
        }
        return out;
    }
}
