package seedc.frontend.seedot.lang;

import seedc.ir.Window;
import seedc.diag.Pos;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.frontend.seedot.lang.SeeDotParser.*;

/** Builds the AST of built-in calls, checking argument count and kind with precise positions. */
final class Calls {
    private Calls() {}

    private static final Map<String, Func> FUNCS = Map.of(
            "exp", Func.EXP, "argmax", Func.ARGMAX, "sgn", Func.SGN, "relu", Func.RELU, "relu6", Func.RELU6,
            "tanh", Func.TANH, "sigmoid", Func.SIGMOID, "normaliseL2", Func.NORMALISE_L2, "softplus", Func.SOFTPLUS,
            "softsign", Func.SOFTSIGN);

    private static Pos pos(org.antlr.v4.runtime.ParserRuleContext c) {
        return new Pos(c.getStart().getLine(), c.getStart().getCharPositionInLine() + 1);
    }

    static Expr build(SourceFile src, CallContext ctx, AstBuilder b) {
        String name = ctx.ID().getText();
        List<ArgContext> args = ctx.arg();
        Pos pos = pos(ctx);
        Func f = FUNCS.get(name);
        if (f != null) {
            expectCount(src, ctx, name, args, 1);
            return new Call(pos, f, expr(src, args.get(0), b));
        }
        switch (name) {
            case "sign" -> {
                // +1 where e >= 0, else -1: exactly the 1-bit quantize to [-1, 1] (its one threshold is 0, ties to
                // the larger level), so it shares that op's semantics, kernels and tests
                expectCount(src, ctx, name, args, 1);
                return new Quantize(pos, expr(src, args.get(0), b), 1, -1.0, 1.0, "sign");
            }
            case "reshape" -> {
                expectCount(src, ctx, name, args, 3);
                return new Reshape(pos, expr(src, args.get(0), b), tuple(src, args.get(1), b), tuple(src, args.get(2), b));
            }
            case "reverse" -> {
                expectCount(src, ctx, name, args, 2);
                return reverse(src, pos, args, b);
            }
            case "quantize" -> {
                expectCount(src, ctx, name, args, 4);
                return quantize(src, pos, args, b);
            }
            case "init" -> {
                expectCount(src, ctx, name, args, 2);
                List<Integer> shape = Literals.intList(src, expr(src, args.get(0), b));
                return new Init(pos, shape, Literals.number(src, expr(src, args.get(1), b)));
            }
            case "conv2d" -> {
                expectCount(src, ctx, name, args, 6);
                return conv2d(src, pos, args, b);
            }
            case "maxpool" -> {
                if (args.size() != 4 && args.size() != 5) { // the dilations are optional
                    throw src.error(pos, "maxpool takes 4 arguments (5 with its dilations), found " + args.size());
                }
                return maxpool(src, pos, args, b);
            }
            case "mbconv" -> {
                expectCount(src, ctx, name, args, 6);
                return mbconv(src, pos, args, b);
            }
            default -> throw src.error(pos, "unknown function '" + name + "'");
        }
    }

    private static Expr reverse(SourceFile src, Pos pos, List<ArgContext> args, AstBuilder b) {
        Expr axis = expr(src, args.get(1), b);
        long value = switch (axis) {
            case IntLit i -> i.value();
            case Unary u when u.arg() instanceof IntLit i -> -i.value();
            default -> throw src.error(axis.pos(), "the axis of reverse must be an integer constant");
        };
        return new Reverse(pos, expr(src, args.get(0), b), (int) value);
    }

    private static Expr quantize(SourceFile src, Pos pos, List<ArgContext> args, AstBuilder b) {
        Expr k = expr(src, args.get(1), b);
        if (!(k instanceof IntLit bits)) {
            // the bits decide the op's levels and kernels at compile time: a name bound by let is not known there
            throw src.error(k.pos(), "the bits of quantize must be an integer literal (1 to 8), not an expression");
        }
        if (bits.value() < 1 || bits.value() > 8) {
            throw src.error(k.pos(), "the bits of quantize must be from 1 to 8, found " + bits.value());
        }
        double lo = Literals.number(src, expr(src, args.get(2), b));
        Expr hiArg = expr(src, args.get(3), b);
        double hi = Literals.number(src, hiArg);
        if (!(lo < hi)) {
            throw src.error(hiArg.pos(), "quantize needs lo < hi, found [" + lo + ", " + hi + "]");
        }
        return new Quantize(pos, expr(src, args.get(0), b), (int) bits.value(), lo, hi, "quantize");
    }

    private static Expr conv2d(SourceFile src, Pos pos, List<ArgContext> args, AstBuilder b) {
        int[] s = option(src, args.get(2), "s", 2, b);
        int[] p = option(src, args.get(3), "p", 4, b);
        int[] d = option(src, args.get(4), "d", 2, b);
        int[] g = option(src, args.get(5), "g", 1, b);
        return new Conv2d(pos, expr(src, args.get(0), b), expr(src, args.get(1), b),
                new Window(s[0], s[1], p[0], p[1], p[2], p[3], d[0], d[1]), g[0]);
    }

    private static Expr maxpool(SourceFile src, Pos pos, List<ArgContext> args, AstBuilder b) {
        int[] k = option(src, args.get(1), "k", 2, b);
        int[] p = option(src, args.get(2), "p", 4, b);
        int[] s = option(src, args.get(3), "s", 2, b);
        int[] d = args.size() == 5 ? option(src, args.get(4), "d", 2, b) : new int[] {1, 1};
        return new Maxpool(pos, expr(src, args.get(0), b), k[0], k[1],
                new Window(s[0], s[1], p[0], p[1], p[2], p[3], d[0], d[1]));
    }

    private static Expr mbconv(SourceFile src, Pos pos, List<ArgContext> args, AstBuilder b) {
        int[] s = option(src, args.get(4), "s", 2, b);
        int[] p = option(src, args.get(5), "p", 4, b);
        return new MBConv(pos, expr(src, args.get(0), b), triple(src, args.get(1), b),
                triple(src, args.get(2), b), triple(src, args.get(3), b),
                new Window(s[0], s[1], p[0], p[1], p[2], p[3], 1, 1));
    }

    private static void expectCount(SourceFile src, CallContext ctx, String name, List<ArgContext> args, int n) {
        if (args.size() != n) {
            throw src.error(pos(ctx), name + " takes " + n + " argument" + (n == 1 ? "" : "s") + ", found " + args.size());
        }
    }

    private static Expr expr(SourceFile src, ArgContext arg, AstBuilder b) {
        return switch (arg) {
            case ExprArgContext e -> b.visit(e.expr());
            case TupleArgContext t when t.intList().signedInt().size() == 1 -> {
                int v = b.intValue(t.intList().signedInt(0));
                yield new IntLit(pos(t), v);
            }
            default -> throw src.error(pos(arg), "expected an expression here");
        };
    }

    private static List<Integer> tuple(SourceFile src, ArgContext arg, AstBuilder b) {
        if (arg instanceof TupleArgContext t) {
            List<Integer> out = new ArrayList<>();
            for (SignedIntContext si : t.intList().signedInt()) {
                out.add(b.intValue(si));
            }
            return out;
        }
        throw src.error(pos(arg), "expected a tuple of integers such as (1, 2)");
    }

    private static int[] option(SourceFile src, ArgContext arg, String key, int n, AstBuilder b) {
        if (!(arg instanceof OptionArgContext o) || !o.ID().getText().equals(key) || o.signedInt().size() != n) {
            String want = "{" + key + " " + switch (key) {
                case "s" -> "sh sw} (strides)";
                case "p" -> "t b l r} (paddings: top, bottom, left, right)";
                case "d" -> "dh dw} (dilations)";
                case "g" -> "G} (groups)";
                default -> "kh kw} (kernel size)";
            };
            throw src.error(pos(arg), "expected the option group " + want);
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = b.intValue(o.signedInt(i));
        }
        return out;
    }

    private static List<Expr> triple(SourceFile src, ArgContext arg, AstBuilder b) {
        if (arg instanceof ExprArgContext e && e.expr() instanceof BracketContext br && br.expr().size() == 3
                && br.sep.stream().allMatch(t -> t.getText().equals(","))) {
            return br.expr().stream().map(b::visit).toList();
        }
        throw src.error(pos(arg), "expected [filter, scale, bias]");
    }
}
