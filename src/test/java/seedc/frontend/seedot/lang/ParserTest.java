package seedc.frontend.seedot.lang;

import seedc.ir.Window;
import seedc.diag.Pos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.Expr.*;
import seedc.ir.Shape;
import seedc.frontend.seedot.types.Type;
import seedc.frontend.seedot.types.TypedProgram;

/** The grammar and the AST builder: the fixture programs, precedence, literals, comments. */
class ParserTest {

    static Path fixture(String relative) {
        try {
            return Path.of(ParserTest.class.getResource("/fixtures/" + relative).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The AST as an S-expression, e.g. "(+ a (<*> b c))". */
    static String sexpr(Expr e) {
        return switch (e) {
            case IntLit i -> Long.toString(i.value());
            case RealLit r -> Double.toString(r.value());
            case Var v -> v.name();
            case Decl d -> "(decl " + d.shape() + " " + d.lo() + " " + d.hi() + ")";
            case TensorLit t -> "(lit " + t.shape() + " " + t.values() + ")";
            case Init i -> "(init " + i.shape() + " " + i.value() + ")";
            case Transpose t -> "(T " + sexpr(t.arg()) + ")";
            case Reshape r -> "(reshape " + sexpr(r.arg()) + " " + r.shape() + " " + r.order() + ")";
            case Reverse r -> "(reverse " + sexpr(r.arg()) + " " + r.axis() + ")";
            case Index i -> "(idx " + sexpr(i.arg()) + " " + sexpr(i.index()) + ")";
            case Splice s -> "(splice " + sexpr(s.arg()) + " " + ranges(s.offsets(), s.sizes()) + ")";
            case Unary u -> "(neg " + sexpr(u.arg()) + ")";
            case Binary b -> "(" + b.op().symbol + " " + sexpr(b.left()) + " " + sexpr(b.right()) + ")";
            case Call c -> "(" + c.func().spelling + " " + sexpr(c.arg()) + ")";
            case Let l -> "(let " + l.name() + " " + sexpr(l.value()) + " " + sexpr(l.body()) + ")";
            case LetSplice l -> "(let " + l.name() + " " + ranges(l.offsets(), l.sizes()) + " " + sexpr(l.value())
                    + " " + sexpr(l.body()) + ")";
            case Sum s -> "($ " + s.index() + " " + s.from() + " " + s.to() + " " + sexpr(s.body()) + ")";
            case Loop l -> "(loop " + l.index() + " " + l.from() + " " + l.to() + " " + l.acc() + " "
                    + sexpr(l.body()) + ")";
            case Cond c -> "(? " + sexpr(c.cond()) + " " + sexpr(c.then()) + " " + sexpr(c.otherwise()) + ")";
            default -> e.getClass().getSimpleName();
        };
    }

    private static String ranges(List<Expr> offsets, List<Integer> sizes) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sizes.size(); i++) {
            sb.append(i > 0 ? " " : "").append('[').append(sexpr(offsets.get(i))).append(":+").append(sizes.get(i))
                    .append(']');
        }
        return sb.toString();
    }

    static String parse(String text) {
        return sexpr(SeeDotReader.parse(new SourceFile("t.sd", text)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"protonn", "bonsai", "fastgrnn", "cnn", "blocks"})
    void fixtureProgramsParseAndTypeCheckToALabel(String name) {
        SeeDotProgram lp = SeeDotProgram.load(fixture("programs/" + name + ".sd"));
        assertEquals(Type.INT, lp.typed().resultType());
        assertTrue(lp.program().result().isInt());
    }

    @Test
    void fixtureProgramsDeclareTheirParametersAndInput() {
        TypedProgram protonn = SeeDotProgram.load(fixture("programs/protonn.sd")).typed();
        assertEquals("W (16, 64), B (40, 16, 1), Z (40, 10, 1)", declared(protonn.parameters()));
        assertEquals(Shape.of(64, 1), protonn.input().shape());
        assertEquals(0.0, protonn.input().lo());
        assertEquals(1.0, protonn.input().hi());
        TypedProgram bonsai = SeeDotProgram.load(fixture("programs/bonsai.sd")).typed();
        assertEquals("Z (16, 65), W (7, 10, 16), V (7, 10, 16), T (3, 1, 16)", declared(bonsai.parameters()));
        assertEquals(-2.346352, bonsai.parameters().get(1).lo());
        TypedProgram cnn = SeeDotProgram.load(fixture("programs/cnn.sd")).typed();
        assertEquals("F1 (1, 3, 3, 1, 8), B1 (8), F2 (1, 3, 3, 8, 8), B2 (8), FC (32, 10), FCb (10)",
                declared(cnn.parameters()));
        // blocks.sd: P is the left operand of |*|, so it is stored sparse; nothing else is
        SeeDotProgram blocks = SeeDotProgram.load(fixture("programs/blocks.sd"));
        assertEquals("P", blocks.program().params().stream().filter(p -> p.sparse()).map(p -> p.name())
                .collect(Collectors.joining(",")));
    }

    private static String declared(List<TypedProgram.Declared> ds) {
        return ds.stream().map(d -> d.name() + " " + d.shape()).collect(Collectors.joining(", "));
    }

    // As in EdgeML's grammar, <+> and <-> are at the level of * (left-associative), and unary minus binds tighter.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " => ", textBlock = """
            a + b <*> c => (+ a (<*> b c))
            a <*> b + c => (+ (<*> a b) c)
            a - b - c => (- (- a b) c)
            a * b * c => (* (* a b) c)
            a * b <*> c => (<*> (* a b) c)
            a + b * c - d => (- (+ a (* b c)) d)
            a <+> b * c => (* (<+> a b) c)
            a * b <-> c + d => (+ (<-> (* a b) c) d)
            a |*| b + c => (+ (|*| a b) c)
            -g * x => (* (neg g) x)
            -g2 * (d^T * d) => (* (neg g2) (* (T d) d))
            - a + b => (+ (neg a) b)
            a - -b => (- a (neg b))
            +a => a
            -a^T => (neg (T a))
            a^T * b => (* (T a) b)
            a * b^T => (* a (T b))
            W[i] * x => (* (idx W i) x)
            W[i][j] => (idx (idx W i) j)
            W[i:+2][j:+3] => (splice W [i:+2] [j:+3])
            W[i:+1][j] => (idx (splice W [i:+1]) j)
            W[2 * n + 1] => (idx W (+ (* 2 n) 1))
            (a + b) * c => (* (+ a b) c)
            a + b >= 0 ? c : d + e => (? (+ a b) c (+ d e))
            a >= 0 ? b : c >= 0 ? d : e => (? a b (? c d e))
            """)
    void precedenceAndAssociativity(String source, String expected) {
        assertEquals(expected, parse(source));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " => ", textBlock = """
            let x = a in x + b => (let x a (+ x b))
            let x = a in let y = x in x * y => (let x a (let y x (* x y)))
            let x = a + b in x => (let x (+ a b) x)
            let x[i:+1][0:+2] = v in x - w => (let x [i:+1] [0:+2] v (- x w))
            $(i = [0:4]) W[i] + b => ($ i 0 4 (+ (idx W i) b))
            loop(t = [1:3], h) h * U + b => (loop t 1 3 h (+ (* h U) b))
            a + (let x = b in x) * c => (+ a (* (let x b x) c))
            """)
    void bindersExtendToTheEnd(String source, String expected) {
        assertEquals(expected, parse(source));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = " => ", textBlock = """
            [1; 2; 3] => (lit [3, 1] [1.0, 2.0, 3.0])
            [[1, 2]; [3, 4]] => (lit [2, 2] [1.0, 2.0, 3.0, 4.0])
            [[1, 2, 3]; [4, 5, 6]] => (lit [2, 3] [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
            [[1.5, -2]] => (lit [1, 2] [1.5, -2.0])
            [1, 2, 3] => (lit [3] [1.0, 2.0, 3.0])
            [[7]; [8]] => (lit [2, 1] [7.0, 8.0])
            [-0.5] => (lit [1] [-0.5])
            [1e-3; -1.2e-3; .5] => (lit [3, 1] [0.001, -0.0012, 0.5])
            init([2, 4], 0.25) => (init [2, 4] 0.25)
            init([3], -1) => (init [3] -1.0)
            3 => 3
            0.5 => 0.5
            2. => 2.0
            1E2 => 100.0
            """)
    void literals(String source, String expected) {
        assertEquals(expected, parse(source));
    }

    @Test
    void declarationsAndBuiltIns() {
        assertEquals("(let W (decl [2, 3] -1.0 1.0) W)", parse("let W = (2, 3) in [-1, 1] in W"));
        assertEquals("(let X (decl [4] -3.5 0.25) X)", parse("let X = (4) in [-3.5, 0.25] in X"));
        assertEquals("(reshape X [1, 8, 8, 1] [1, 2])", parse("reshape(X, (1, 8, 8, 1), (1, 2))"));
        assertEquals("(reverse X 1)", parse("reverse(X, 1)"));
        assertEquals("(exp (neg x))", parse("exp(-x)"));
        assertEquals("(argmax (+ a b))", parse("argmax(a + b)"));
        assertEquals("(normaliseL2 (relu6 (sigmoid (tanh (relu (sgn x))))))",
                parse("normaliseL2(relu6(sigmoid(tanh(relu(sgn(x))))))"));
        Conv2d c = (Conv2d) SeeDotReader.parse(new SourceFile("t.sd",
                "conv2d(x, F, {s 1 2}, {p 3 4 5 6}, {d 7 8}, {g 9})"));
        assertEquals(new Window(1, 2, 3, 4, 5, 6, 7, 8), c.window());
        assertEquals(9, c.groups());
        Maxpool m = (Maxpool) SeeDotReader.parse(new SourceFile("t.sd", "maxpool(x, {k 2 3}, {p 0 1 0 1}, {s 2 1})"));
        assertEquals(List.of(2, 3), List.of(m.kh(), m.kw()));
        assertEquals(new Window(2, 1, 0, 1, 0, 1, 1, 1), m.window());
        Maxpool dilated = (Maxpool) SeeDotReader.parse(new SourceFile("t.sd",
                "maxpool(x, {k 1 3}, {p 0 0 2 2}, {s 1 2}, {d 1 2})"));
        assertEquals(new Window(1, 2, 0, 0, 2, 2, 1, 2), dilated.window());
        MBConv mb = (MBConv) SeeDotReader.parse(new SourceFile("t.sd",
                "mbconv(x, [F1, W1, B1], [F2, W2, B2], [F3, W3, B3], {s 2 2}, {p 1 1 1 1})"));
        assertEquals("F2 W2 B2", mb.depthwise().stream().map(ParserTest::sexpr).collect(Collectors.joining(" ")));
        assertEquals(new Window(2, 2, 1, 1, 1, 1, 1, 1), mb.window());
    }

    @Test
    void comments() {
        assertEquals("(let x 1 (+ x 2))", parse("""
                // a line comment
                let x = 1 in // after code
                /* a block
                   comment */ x + /* inline */ 2
                // at the end, without a newline"""));
        assertEquals("(- a b)", parse("a - b // c"));
        assertEquals("(* a b)", parse("a /* // */ * b"));
    }

    @Test
    void positionsPointAtTheConstruct() {
        Expr e = SeeDotReader.parse(new SourceFile("t.sd", "let x = 1 in\n  foo + x * y"));
        Binary add = (Binary) ((Let) e).body();
        assertEquals(new Pos(2, 7), add.pos()); // the operator
        assertEquals(new Pos(2, 3), add.left().pos());
        assertEquals(new Pos(2, 11), ((Binary) add.right()).pos());
    }

    @Test
    void syntaxErrorsArePositioned() {
        UserError e = assertThrows(UserError.class, () -> parse("let x = 1\n  x"));
        assertEquals("t.sd:2:3: error: syntax error at 'x': expected 'in' before it\n  x\n  ^", e.getMessage());
        e = assertThrows(UserError.class, () -> parse("(a + b"));
        assertEquals("t.sd:1:7: error: unexpected end of program: expected ')'\n(a + b\n      ^", e.getMessage());
    }

    @Test
    void maxpoolsFifthArgumentIsItsDilations() {
        UserError e = assertThrows(UserError.class, () -> parse("maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 1 1}, {g 1})"));
        assertTrue(e.getMessage().startsWith("t.sd:1:43: error: expected the option group {d dh dw} (dilations)"),
                e.getMessage());
        e = assertThrows(UserError.class, () -> parse("maxpool(x, {k 2 2}, {p 0 0 0 0})"));
        assertTrue(e.getMessage().startsWith("t.sd:1:1: error: maxpool takes 4 arguments (5 with its dilations), found 3"), e.getMessage());
    }
}
