package seedc.frontend.seedot.lang;

import seedc.diag.Pos;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import seedc.diag.UserError;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.frontend.seedot.lang.SeeDotParser.*;

/** Turns ANTLR's parse tree into {@link Expr} records, checking the arguments of built-in calls. */
final class AstBuilder extends SeeDotBaseVisitor<Expr> {
    private final SourceFile source;

    AstBuilder(SourceFile source) {
        this.source = source;
    }

    private static Pos pos(ParserRuleContext ctx) {
        return pos(ctx.getStart());
    }

    private static Pos pos(Token t) {
        return new Pos(t.getLine(), t.getCharPositionInLine() + 1);
    }

    private UserError error(ParserRuleContext ctx, String message) {
        return source.error(pos(ctx), message);
    }

    private int intValue(TerminalNode node) {
        try {
            return Integer.parseInt(node.getText());
        } catch (NumberFormatException e) {
            throw source.error(pos(node.getSymbol()), "integer " + node.getText() + " is too large (ints are 32-bit)");
        }
    }

    int intValue(SignedIntContext ctx) {
        int v = intValue(ctx.INT());
        return ctx.getChildCount() == 2 ? -v : v;
    }

    private List<Integer> ints(IntListContext ctx) {
        return ctx.signedInt().stream().map(this::intValue).toList();
    }

    private double number(SignedNumContext ctx) {
        String text = (ctx.INT() != null ? ctx.INT() : ctx.REAL()).getText();
        double v = Double.parseDouble(text);
        if (Double.isInfinite(v)) { // as for a real literal: 1e999 is no range bound
            throw error(ctx, "number " + text + " is too large");
        }
        requireNotUnderflowed(ctx, text, v);
        return ctx.getChildCount() == 2 ? -v : v;
    }

    @Override
    public Expr visitDecl(DeclContext ctx) {
        List<Integer> shape = ints(ctx.intList());
        double lo = number(ctx.signedNum(0)), hi = number(ctx.signedNum(1));
        if (lo > hi) {
            throw error(ctx.signedNum(0), "empty range [" + lo + ", " + hi + "]: the lower bound exceeds the upper");
        }
        return new Decl(pos(ctx), shape, lo, hi);
    }

    @Override
    public Expr visitLet(LetContext ctx) {
        String name = ctx.ID().getText();
        int n = ctx.INT().size();
        List<ExprContext> exprs = ctx.expr();
        Expr value = visit(exprs.get(n));
        Expr body = visit(exprs.get(n + 1));
        if (n == 0) {
            return new Let(pos(ctx), name, value, body);
        }
        List<Expr> offsets = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            offsets.add(visit(exprs.get(i)));
            sizes.add(intValue(ctx.INT(i)));
        }
        return new LetSplice(pos(ctx), name, offsets, sizes, value, body);
    }

    @Override
    public Expr visitLoop(LoopContext ctx) {
        return new Loop(pos(ctx), ctx.ID(0).getText(), intValue(ctx.INT(0)), intValue(ctx.INT(1)),
                ctx.ID(1).getText(), visit(ctx.expr()));
    }

    @Override
    public Expr visitSum(SumContext ctx) {
        return new Sum(pos(ctx), ctx.ID().getText(), intValue(ctx.INT(0)), intValue(ctx.INT(1)), visit(ctx.expr()));
    }

    @Override
    public Expr visitTranspose(TransposeContext ctx) {
        return new Transpose(pos(ctx.getStop()), visit(ctx.expr()));
    }

    @Override
    public Expr visitSplice(SpliceContext ctx) {
        List<ExprContext> exprs = ctx.expr();
        List<Expr> offsets = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (int i = 1; i < exprs.size(); i++) {
            offsets.add(visit(exprs.get(i)));
            sizes.add(intValue(ctx.INT(i - 1)));
        }
        return new Splice(pos(ctx.getChild(ParserRuleContext.class, 0).getStop()), visit(exprs.get(0)), offsets, sizes);
    }

    @Override
    public Expr visitIndex(IndexContext ctx) {
        return new Index(pos(ctx.expr(1)), visit(ctx.expr(0)), visit(ctx.expr(1)));
    }

    @Override
    public Expr visitUnary(UnaryContext ctx) {
        Expr arg = visit(ctx.expr());
        if (ctx.op.getText().equals("+")) {
            return arg;
        }
        return new Unary(pos(ctx), UnaryOp.NEG, arg);
    }

    @Override
    public Expr visitMulLevel(MulLevelContext ctx) {
        return binary(ctx, ctx.op, ctx.expr(0), ctx.expr(1));
    }

    @Override
    public Expr visitAddLevel(AddLevelContext ctx) {
        return binary(ctx, ctx.op, ctx.expr(0), ctx.expr(1));
    }

    private Expr binary(ParserRuleContext ctx, Token op, ExprContext l, ExprContext r) {
        BinaryOp kind = switch (op.getText()) {
            case "+" -> BinaryOp.ADD;
            case "-" -> BinaryOp.SUB;
            case "*" -> BinaryOp.MUL;
            case "|*|" -> BinaryOp.SPARSE_MUL;
            case "<*>" -> BinaryOp.HADAMARD;
            case "<+>" -> BinaryOp.ADD_VEC;
            case "<->" -> BinaryOp.SUB_VEC;
            default -> throw new IllegalStateException(op.getText());
        };
        return new Binary(pos(op), kind, visit(l), visit(r));
    }

    @Override
    public Expr visitCond(CondContext ctx) {
        Expr threshold = visit(ctx.expr(1));
        boolean zero = (threshold instanceof IntLit i && i.value() == 0)
                || (threshold instanceof RealLit r && r.value() == 0.0);
        if (!zero) {
            throw error(ctx.expr(1), "a condition must compare with 0 ('e >= 0 ? a : b')");
        }
        return new Cond(pos(ctx), visit(ctx.expr(0)), visit(ctx.expr(2)), visit(ctx.expr(3)));
    }

    @Override
    public Expr visitParen(ParenContext ctx) {
        return visit(ctx.expr());
    }

    @Override
    public Expr visitInt(IntContext ctx) {
        return new IntLit(pos(ctx), intValue(ctx.INT()));
    }

    @Override
    public Expr visitReal(RealContext ctx) {
        double v = Double.parseDouble(ctx.getText());
        if (Double.isInfinite(v)) {
            throw error(ctx, "number " + ctx.getText() + " is too large");
        }
        requireNotUnderflowed(ctx, ctx.getText(), v);
        return new RealLit(pos(ctx), v);
    }

    /** A literal with a non-zero digit that a double reads as 0 (1e-400) would silently be 0: refused, as 1e999 is. */
    private void requireNotUnderflowed(ParserRuleContext ctx, String text, double v) {
        if (v == 0 && text.split("[eE]")[0].matches(".*[1-9].*")) {
            throw error(ctx, "number " + text + " is too small: a double holds no magnitude below 4.9e-324, so it"
                    + " would be 0 (write 0.0 if that is meant)");
        }
    }

    @Override
    public Expr visitVar(VarContext ctx) {
        return new Var(pos(ctx), ctx.getText());
    }

    @Override
    public Expr visitBracket(BracketContext ctx) {
        return Literals.tensor(source, ctx, this);
    }

    @Override
    public Expr visitCall(CallContext ctx) {
        return Calls.build(source, ctx, this);
    }
}
