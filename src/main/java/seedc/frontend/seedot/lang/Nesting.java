package seedc.frontend.seedot.lang;

import java.util.ArrayDeque;
import java.util.Deque;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import seedc.diag.Pos;

/**
 * The limit on how deeply expressions nest. Every stage after the parser (AST builder, type checker,
 * lowering) recurses once per level, so depth, not size, is what can exhaust a stack; refusing a program
 * deeper than {@link #MAX_DEPTH} with a located message keeps every accepted program within the front end's
 * stack (see SeeDotProgram). A level is one expression inside another: a parenthesis, an operator's operand,
 * a let's body, a call's argument, a literal's element.
 */
final class Nesting {
    /** Generated models nest a few dozen levels; this is far above any and far below the front end's stack. */
    static final int MAX_DEPTH = 10_000;

    /**
     * Sums and loops become nested blocks of the IR, and the interpreters, the search and the C generator
     * recurse once per block on threads with ordinary stacks; real models nest two or three.
     */
    static final int MAX_LOOP_DEPTH = 100;

    private Nesting() {}

    static String message() {
        return "expressions nest more than " + MAX_DEPTH + " levels deep (parentheses, operands, let bodies and"
                + " call arguments each add one); split a long operator chain with let (each let starts its value's"
                + " count again), or write a long chain of lets as a loop";
    }

    /**
     * The parser, refusing to descend past the limit: ANTLR recurses once per nested expression (a '(' or a
     * let body), so this bounds its own stack before the tree is built.
     */
    static final class Parser extends SeeDotParser {
        private final SourceFile source;
        private int depth;

        Parser(TokenStream tokens, SourceFile source) {
            super(tokens);
            this.source = source;
        }

        @Override
        public void enterRecursionRule(ParserRuleContext localctx, int state, int ruleIndex, int precedence) {
            if (++depth > MAX_DEPTH) {
                throw source.error(pos(getCurrentToken()), message());
            }
            super.enterRecursionRule(localctx, state, ruleIndex, precedence);
        }

        @Override
        public void unrollRecursionContexts(ParserRuleContext parent) {
            depth--;
            super.unrollRecursionContexts(parent);
        }
    }

    /**
     * Checks the finished tree without recursion. Operator chains such as {@code a + a + ... + a} parse in a
     * loop, not by recursion, yet give a left-deep tree that the AST builder descends; this catches them.
     */
    static void check(SourceFile source, SeeDotParser.ExprContext root) {
        Deque<ParseTree> nodes = new ArrayDeque<>();
        Deque<int[]> depths = new ArrayDeque<>(); // {expression depth, loop depth} of each node
        nodes.push(root);
        depths.push(new int[] {1, 0});
        while (!nodes.isEmpty()) {
            ParseTree node = nodes.pop();
            int[] depth = depths.pop();
            if (node instanceof SeeDotParser.ExprContext e && depth[0] > MAX_DEPTH) {
                throw source.error(pos(ownToken(e)), message());
            }
            boolean loop = node instanceof SeeDotParser.SumContext || node instanceof SeeDotParser.LoopContext;
            if (loop && depth[1] >= MAX_LOOP_DEPTH) {
                throw source.error(pos(((ParserRuleContext) node).getStart()), "sums and loops nest more than "
                        + MAX_LOOP_DEPTH + " deep; seedc's limit");
            }
            for (int i = node.getChildCount() - 1; i >= 0; i--) { // reversed: the first in the text is popped first
                ParseTree child = node.getChild(i);
                if (child instanceof ParserRuleContext) {
                    nodes.push(child);
                    depths.push(new int[] {child instanceof SeeDotParser.ExprContext ? depth[0] + 1 : depth[0],
                            loop ? depth[1] + 1 : depth[1]});
                }
            }
        }
    }

    /** An operator's own token (its first terminal) when its left operand comes first, else its first token. */
    private static Token ownToken(ParserRuleContext e) {
        if (e.getChildCount() > 1 && e.getChild(0) instanceof ParserRuleContext) {
            for (int i = 1; i < e.getChildCount(); i++) {
                if (e.getChild(i) instanceof TerminalNode t) {
                    return t.getSymbol();
                }
            }
        }
        return e.getStart();
    }

    private static Pos pos(Token t) {
        return new Pos(t.getLine(), t.getCharPositionInLine() + 1);
    }
}
