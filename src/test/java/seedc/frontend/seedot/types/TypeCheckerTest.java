package seedc.frontend.seedot.types;

import seedc.ir.Shape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.diag.UserError;
import seedc.frontend.seedot.lang.SeeDotReader;
import seedc.frontend.seedot.lang.SourceFile;

/** Shape inference: expected shapes are worked out by hand in each test. */
class TypeCheckerTest {

    static Type typeOf(String program) {
        SourceFile src = new SourceFile("t.sd", program);
        return TypeChecker.check(src, SeeDotReader.parse(src)).resultType();
    }

    static Type tensor(int... dims) {
        return Type.tensor(Shape.of(dims));
    }

    static void assertShape(String program, int... dims) {
        assertEquals(tensor(dims), typeOf(program), program);
    }

    /** Type errors name the problem at a position; {@code fragment} is part of the first line. */
    static void assertTypeError(String program, String fragment) {
        UserError e = assertThrows(UserError.class, () -> typeOf(program), program);
        String first = e.getMessage().lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("t.sd:1:") && first.contains(": error: ") && first.contains(fragment), first);
    }

    private static final String A = "let A = (2, 3) in [0, 1] in ";

    @Test
    void scalarsAndInts() {
        assertEquals(Type.INT, typeOf("3"));
        assertEquals(Type.REAL, typeOf("0.5"));
        assertEquals(Type.INT, typeOf("let i = 2 in 2 * i + 1 - i"));
        assertEquals(Type.INT, typeOf("-(3)"));
        assertEquals(Type.REAL, typeOf("1 - 0.5")); // an int literal next to a real is a real
        assertEquals(Type.REAL, typeOf(A + "A[1][2]"));
        assertEquals(Type.INT, typeOf(A + "argmax(A)"));
        assertEquals(Type.INT, typeOf(A + "sgn(A[0][0])"));
        assertEquals(Type.INT, typeOf(A + "let n = A[0][0] >= 0 ? 1 : 2 in 2 * n"));
        assertEquals(Type.REAL, typeOf("exp(-0.5 * 2)"));
    }

    @Test
    void throughLet() {
        assertShape(A + "let B = A^T in B", 3, 2);
        assertShape(A + "let B = A in let A = B^T in A", 3, 2); // shadowing
        assertShape(A + "let B = (3, 4) in [0, 1] in let C = A * B in C", 2, 4);
        assertShape(A + "let s = 2.0 in s * A", 2, 3);
        assertShape(A + "let s = [[2.0]] in A * s", 2, 3); // a one-element tensor acts as a scalar
    }

    @Test
    void arithmetic() {
        assertShape(A + "A + A - A", 2, 3);
        assertShape(A + "A + 1", 2, 3);
        assertShape(A + "1 - A", 2, 3);
        assertShape(A + "-A <*> A", 2, 3);
        assertShape(A + "A <+> [1, 2, 3]", 2, 3);
        assertShape(A + "A <-> [[1, 2, 3]]", 2, 3);
        assertShape(A + "A^T * A", 3, 3);
        assertShape("let x = (3, 1) in [0, 1] in [[2.0]] * x", 3, 1);
        assertShape("let P = (4, 6) in [0, 1] in let x = (6, 1) in [0, 1] in P |*| x", 4, 1);
        assertShape("let P = (4, 6) in [0, 1] in let x = (6) in [0, 1] in P |*| x", 4);
        assertShape(A + "exp([[0.5]]) * A", 2, 3);
        assertShape(A + "tanh(A) <*> sigmoid(A) + relu(A) - relu6(A)", 2, 3);
        assertShape("let T = (1, 2, 2, 3) in [0, 1] in normaliseL2(T)", 1, 2, 2, 3);
    }

    @Test
    void transposeReshapeReverseIndex() {
        assertShape(A + "A^T", 3, 2);
        assertShape(A + "A^T^T", 2, 3);
        assertShape("let T = (2, 3, 4) in [0, 1] in reshape(T, (4, 6), (3, 1, 2))", 4, 6);
        assertShape("let T = (2, 3, 4) in [0, 1] in reshape(T, (24), (1, 2, 3))", 24);
        assertShape("let X = (64, 1) in [0, 1] in reshape(X, (8, 1, 8), (1, 2))", 8, 1, 8);
        assertShape("let X = (64, 1) in [0, 1] in reshape(X, (8, 1, 8), (1, 2))[3]", 1, 8);
        assertShape(A + "reverse(A, 1)", 2, 3);
        assertTypeError(A + "reverse(A, -1)", "reverse axis -1 is out of range for shape (2, 3) (axes are numbered from 0)");
        assertShape(A + "A[1]", 3);
        assertShape("let T = (2, 3, 4) in [0, 1] in T[1]", 3, 4);
        assertShape("let T = (2, 3, 4) in [0, 1] in let i = 1 in T[i][2 - i]", 4);
    }

    @Test
    void splices() {
        String t = "let T = (5, 6, 7) in [0, 1] in let i = 1 in let j = 2 in ";
        assertShape(t + "T[i:+2]", 2, 6, 7);
        assertShape(t + "T[i:+2][j:+3]", 2, 3, 7);
        assertShape(t + "T[i:+2][j:+3][0:+4]", 2, 3, 4);
        assertShape(t + "T[0:+5][j:+4][0:+7]", 5, 4, 7);
        assertShape(t + "T[i:+1][j:+1][0]", 1, 7); // a splice then an index
    }

    @Test
    void leftSplices() {
        String a = "let acc = init([4, 5], 0.0) in let i = 1 in ";
        assertShape(a + "let acc[i:+2][0:+3] = init([2, 3], 1.0) in acc", 4, 5);
        assertShape(a + "let acc[i:+1] = init([1, 5], 1.0) in acc", 4, 5);
        assertShape(a + "let acc[i:+1][2:+1] = 1.0 in acc", 4, 5);
        assertTypeError(a + "let acc[i:+2][0:+3] = init([3, 2], 1.0) in acc",
                "the assigned value has shape (3, 2) but the part of 'acc' it replaces has shape (2, 3)");
        assertTypeError(a + "let acc[i:+5] = init([5, 5], 1.0) in acc", "splice of 5 along axis 0 is larger");
        assertTypeError("let i = 1 in let i[0:+1] = 2.0 in i", "cannot assign to a part of 'i'");
    }

    @Test
    void sumsAndLoops() {
        assertShape(A + "$(i = [0:2]) A[i]", 3);
        assertShape("let B = (3, 1, 4) in [0, 1] in $(i = [0:3]) B[i]", 1, 4);
        assertEquals(Type.REAL, typeOf(A + "$(i = [0:2]) A[i][0]"));
        assertShape("let h = init([1, 4], 0.0) in let U = (4, 4) in [0, 1] in loop(t = [0:8], h) (h * U)", 1, 4);
        // the index is an int in the body; the accumulator keeps its type
        assertShape(A + "let h = init([3], 0.0) in loop(t = [0:2], h) (h + A[t])", 3);
        assertTypeError(A + "let h = init([3], 0.0) in loop(t = [0:2], h) (A)",
                "the loop body has type tensor(2, 3) but the accumulator 'h' has type tensor(3)");
        assertTypeError(A + "$(i = [0:2]) i", "a $-sum needs a real or tensor body, found int");
        assertTypeError(A + "$(i = [2:2]) A", "empty range [2:2]");
    }

    /** Output length along one axis, computed independently of ConvShapes. */
    private static int out(int in, int k, int s, int padBefore, int padAfter, int d) {
        return Math.floorDiv(in + padBefore + padAfter - d * (k - 1) - 1, s) + 1;
    }

    @ParameterizedTest(name = "x {0}x{1}x{2}x{3}, F {4}x{5}x{6}x{7}x{8}, s {9} {10}, p {11}, d {12} {13}")
    @CsvSource({
            // N, H, W, C, G, kh, kw, Cin/G, Cout/G, sh, sw, "t b l r", dh, dw
            "1, 8, 8, 1, 1, 3, 3, 1, 8, 1, 1, 1 1 1 1, 1, 1",
            "1, 28, 28, 3, 1, 5, 5, 3, 8, 2, 2, 2 2 2 2, 1, 1",
            "2, 10, 12, 4, 2, 3, 3, 2, 5, 1, 2, 1 1 0 0, 2, 1",
            "1, 7, 7, 1, 1, 3, 3, 1, 1, 3, 3, 0 1 2 3, 1, 1",
            "1, 9, 5, 6, 3, 1, 2, 2, 4, 2, 1, 0 0 0 0, 1, 3",
            "1, 4, 4, 8, 8, 3, 3, 1, 1, 1, 1, 1 1 1 1, 1, 1",
    })
    void conv2dOutputShape(int n, int h, int w, int c, int g, int kh, int kw, int cig, int cog,
                           int sh, int sw, String pads, int dh, int dw) {
        int[] p = java.util.Arrays.stream(pads.split(" ")).mapToInt(Integer::parseInt).toArray();
        String program = "let x = (" + n + ", " + h + ", " + w + ", " + c + ") in [0, 1] in let F = (" + g + ", " + kh
                + ", " + kw + ", " + cig + ", " + cog + ") in [0, 1] in conv2d(x, F, {s " + sh + " " + sw + "}, {p "
                + pads + "}, {d " + dh + " " + dw + "}, {g " + g + "})";
        assertShape(program, n, out(h, kh, sh, p[0], p[1], dh), out(w, kw, sw, p[2], p[3], dw), g * cog);
    }

    @Test
    void conv2dHandWorkedShapes() {
        String x = "let x = (1, 28, 28, 3) in [0, 1] in let F = (1, 5, 5, 3, 8) in [0, 1] in ";
        // (28 + 2 + 2 - 5) / 2 + 1 = 14
        assertShape(x + "conv2d(x, F, {s 2 2}, {p 2 2 2 2}, {d 1 1}, {g 1})", 1, 14, 14, 8);
        // dilation 2: the window spans 9; 28 - 9 + 1 = 20
        assertShape(x + "conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 2 2}, {g 1})", 1, 20, 20, 8);
        // the CNN fixture: conv 3x3 padding 1 keeps 8x8, the 2x2 pool halves it
        String cnn = "let X = (64, 1) in [0, 1] in let F1 = (1, 3, 3, 1, 8) in [0, 1] in "
                + "let Xt = reshape(X, (1, 8, 8, 1), (1, 2)) in ";
        assertShape(cnn + "conv2d(Xt, F1, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1})", 1, 8, 8, 8);
        assertShape(cnn + "maxpool(conv2d(Xt, F1, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}), {k 2 2}, {p 0 0 0 0}, {s 2 2})",
                1, 4, 4, 8);
    }

    @Test
    void maxpoolOutputShape() {
        String x = "let x = (1, 5, 5, 2) in [0, 1] in ";
        assertShape(x + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 2 2})", 1, 2, 2, 2);   // (5 - 2) / 2 + 1
        assertShape(x + "maxpool(x, {k 3 3}, {p 1 1 1 1}, {s 2 2})", 1, 3, 3, 2);   // (5 + 2 - 3) / 2 + 1
        assertShape(x + "maxpool(x, {k 2 3}, {p 0 1 0 0}, {s 1 2})", 1, 5, 2, 2);   // (5 + 1 - 2) + 1, (5 - 3) / 2 + 1
        assertShape(x + "maxpool(x, {k 5 5}, {p 0 0 0 0}, {s 1 1})", 1, 1, 1, 2);
    }

    private static final String MB = "let x = (1, 9, 9, 4) in [0, 1] in "
            + "let F1 = (1, 1, 1, 4, 12) in [0, 1] in let W1 = (12) in [0, 1] in let B1 = (1, 12) in [0, 1] in "
            + "let F2 = (12, 3, 3, 1, 1) in [0, 1] in let W2 = (12) in [0, 1] in let B2 = (12) in [0, 1] in "
            + "let F3 = (1, 1, 1, 12, 6) in [0, 1] in let W3 = (6) in [0, 1] in let B3 = (6, 1) in [0, 1] in ";

    @Test
    void mbconvOutputShape() {
        String call = "mbconv(x, [F1, W1, B1], [F2, W2, B2], [F3, W3, B3], ";
        assertShape(MB + call + "{s 1 1}, {p 1 1 1 1})", 1, 9, 9, 6);  // 3x3 with padding 1 keeps the size
        assertShape(MB + call + "{s 2 2}, {p 1 1 1 1})", 1, 5, 5, 6);  // (9 + 2 - 3) / 2 + 1
        assertShape(MB + call + "{s 1 2}, {p 0 0 0 0})", 1, 7, 4, 6);  // 9 - 3 + 1, (9 - 3) / 2 + 1
        assertTypeError(MB + "mbconv(x, [F1, W1, B1], [F3, W2, B2], [F3, W3, B3], {s 1 1}, {p 1 1 1 1})",
                "the mbconv depthwise filter must have shape (12, kh, kw, 1, 1), found (1, 1, 1, 12, 6)");
        assertTypeError(MB + "mbconv(x, [F1, W1, B1], [F2, W3, B2], [F3, W3, B3], {s 1 1}, {p 1 1 1 1})",
                "expected a vector of 12 per-channel values, found shape (6)");
        assertTypeError(MB + "mbconv(x, [F3, W1, B1], [F2, W2, B2], [F3, W3, B3], {s 1 1}, {p 1 1 1 1})",
                "the mbconv expansion filter must have shape (1, 1, 1, 4, E)");
    }

    @Test
    void convolutionErrors() {
        String x = "let x = (1, 3, 3, 4) in [0, 1] in ";
        assertTypeError(x + "let F = (2, 2, 2, 3, 4) in [0, 1] in conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 2})",
                "conv2d channel mismatch: the input has 4 channels but the filter expects 2 group(s) x 3 = 6");
        assertTypeError(x + "let F = (2, 2, 2, 2, 4) in [0, 1] in conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})",
                "conv2d has 1 group(s) but the filter's first dimension is 2");
        assertTypeError(x + "let F = (1, 4, 4, 4, 4) in [0, 1] in conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})",
                "the 4x4 window does not fit the 3x3 input");
        assertTypeError(x + "let F = (1, 2, 2, 4) in [0, 1] in conv2d(x, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})",
                "the conv2d filter (G, kh, kw, Cin/G, Cout/G) must have rank 5");
        assertTypeError(x + "maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 0 1})", "strides must be at least 1");
        assertTypeError("let x = (3, 3) in [0, 1] in maxpool(x, {k 2 2}, {p 0 0 0 0}, {s 1 1})",
                "the maxpool input (N, H, W, C) must have rank 4, found shape (3, 3)");
    }

    @Test
    void operatorErrors() {
        String ab = "let a = (2, 3) in [0, 1] in let b = (3, 2) in [0, 1] in ";
        assertTypeError(ab + "a + b", "shape mismatch for '+': shape (2, 3) and shape (3, 2)");
        assertTypeError(ab + "a <*> b", "shape mismatch for '<*>'");
        assertTypeError(ab + "a * a", "the left matrix has 3 columns but the right one has 2 rows");
        assertTypeError(ab + "a <+> [1, 2]", "the right operand must have 3 elements");
        assertTypeError(ab + "let i = 1 in a + i", "cannot apply '+' to tensor(2, 3) and int");
        assertTypeError(ab + "sgn(a)", "sgn needs a scalar argument, found a tensor of shape (2, 3)");
        assertTypeError(ab + "argmax(a[0][0])", "argmax needs a tensor, found a scalar");
        assertTypeError(ab + "a[0][0] >= 0 ? a : b", "the branches of '?:' differ: tensor(2, 3) and tensor(3, 2)");
        assertTypeError(ab + "a >= 0 ? a : a", "a condition needs a scalar, found shape (2, 3)");
        assertTypeError(ab + "reshape(a, (5), (1, 2))", "reshape changes the number of elements: (2, 3) has 6, (5) has 5");
        assertTypeError(ab + "reshape(a, (6), (2, 2))", "the reshape order (2, 2) must list each of the input's 2 axes");
        assertTypeError(ab + "a[2]", "index 2 is out of range for a first axis of 2");
        assertTypeError(ab + "a[0:+1][2:+2]", "splice [2:+2] runs outside axis 1 of length 3");
        assertTypeError(ab + "a |*| b", "shape mismatch for '|*|'");
        assertTypeError(ab + "let c = a in c |*| [1; 2; 3]", "the left operand of '|*|' must be a model parameter");
    }
}
