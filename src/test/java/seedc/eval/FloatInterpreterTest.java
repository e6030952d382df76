package seedc.eval;

import static seedc.eval.Programs.assertLabel;
import static seedc.eval.Programs.assertOutput;
import static seedc.eval.Programs.v;
import static seedc.eval.Programs.w;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each construct of the language on small tensors, against values worked out by hand.
 * A is the 2x3 matrix [[1, 2, 3]; [4, 5, 6]] throughout.
 */
class FloatInterpreterTest {
    private static final String A = "let A = (2, 3) in [-10, 10] in ";
    private static final Map<String, double[]> WA = w("A", v(1, 2, 3, 4, 5, 6));

    @Test
    void matrixProduct() {
        // [[1,2,3];[4,5,6]] * [[1,0];[0,1];[2,-1]] = [[7,-1];[16,-1]]
        assertOutput(v(7, -1, 16, -1), A + "let B = (3, 2) in [-10, 10] in A * B",
                w("A", v(1, 2, 3, 4, 5, 6), "B", v(1, 0, 0, 1, 2, -1)));
    }

    @Test
    void matrixProductWithLiteralAndInput() {
        // [[1,2];[3,4]] * X, X = [5; 6] -> [17; 39]
        assertOutput(v(17, 39), "let X = (2, 1) in [0, 10] in [[1, 2]; [3, 4]] * X", w(), v(5, 6));
    }

    @Test
    void sparseProduct() {
        // [[1,0];[0,2];[3,0]] |*| [5;7] = [5;14;15]
        assertOutput(v(5, 14, 15), "let P = (3, 2) in [-5, 5] in let X = (2, 1) in [0, 10] in P |*| X",
                w("P", v(1, 0, 0, 2, 3, 0)), v(5, 7));
    }

    @Test
    void scalarTimesTensor() {
        assertOutput(v(2.5, 5, 7.5, 10, 12.5, 15), A + "2.5 * A", WA);
        assertOutput(v(0.5, 1, 1.5, 2, 2.5, 3), A + "A * 0.5", WA);
        assertOutput(v(2, 4, 6, 8, 10, 12), A + "2 * A", WA); // an int literal used as a real
        // a one-element tensor times a tensor
        assertOutput(v(-1, -2, -3, -4, -5, -6), A + "[[-1.0]] * A", WA);
    }

    @Test
    void addAndSubtractWithScalarBroadcast() {
        assertOutput(v(2, 3, 4, 5, 6, 7), A + "A + 1.0", WA);
        assertOutput(v(0, -1, -2, -3, -4, -5), A + "1 - A", WA);
        assertOutput(v(0.5, 1.5, 2.5, 3.5, 4.5, 5.5), A + "A - 0.5", WA);
        assertOutput(v(2, 4, 6, 8, 10, 12), A + "A + A", WA);
        assertOutput(v(0, 0, 0, 0, 0, 0), A + "A - A", WA);
        assertOutput(v(-1, -2, -3, -4, -5, -6), A + "-A", WA);
        assertOutput(v(-7), "-(3.0 + 4.0)", w());
    }

    @Test
    void elementwiseProduct() {
        assertOutput(v(4, 10, 18), "[1, 2, 3] <*> [4, 5, 6]", w());
        assertOutput(v(1, 4, 9, 16, 25, 36), A + "A <*> A", WA);
    }

    @Test
    void vectorAlongTheLastAxis() {
        assertOutput(v(11, 22, 33, 14, 25, 36), A + "A <+> [10, 20, 30]", WA);
        assertOutput(v(-9, -18, -27, -6, -15, -24), A + "A <-> [10, 20, 30]", WA);
        assertOutput(v(11, 22, 33, 14, 25, 36), A + "A <+> [[10, 20, 30]]", WA); // a 1x3 row
        assertOutput(v(11, 22, 33, 14, 25, 36), A + "A <+> [10; 20; 30]", WA); // a 3x1 column
    }

    @Test
    void transpose() {
        assertOutput(v(1, 4, 2, 5, 3, 6), A + "A^T", WA);
        assertOutput(v(1, 2, 3, 4, 5, 6), A + "A^T^T", WA);
        // A^T * A = [[17,22,27];[22,29,36];[27,36,45]]
        assertOutput(v(17, 22, 27, 22, 29, 36, 27, 36, 45), A + "A^T * A", WA);
    }

    @Test
    void reshape() {
        assertOutput(v(1, 2, 3, 4, 5, 6), A + "reshape(A, (3, 2), (1, 2))", WA);
        // order (2, 1): columns outermost, so the 3x2 result is the transpose
        assertOutput(v(1, 4, 2, 5, 3, 6), A + "reshape(A, (3, 2), (2, 1))", WA);
        assertOutput(v(1, 4, 2, 5, 3, 6), A + "reshape(A, (6), (2, 1))", WA);
        // T[i][j][k] = 4i + 2j + k; order (3, 1, 2): k outermost, then i, then j innermost
        String t = "let T = (2, 2, 2) in [0, 10] in reshape(T, (8), (3, 1, 2))";
        assertOutput(v(0, 2, 4, 6, 1, 3, 5, 7), t, w("T", v(0, 1, 2, 3, 4, 5, 6, 7)));
        assertOutput(v(0, 1, 2, 3, 4, 5, 6, 7), "let T = (2, 2, 2) in [0, 10] in reshape(T, (4, 2), (1, 2, 3))",
                w("T", v(0, 1, 2, 3, 4, 5, 6, 7)));
    }

    @Test
    void reverse() {
        assertOutput(v(4, 5, 6, 1, 2, 3), A + "reverse(A, 0)", WA);
        assertOutput(v(3, 2, 1, 6, 5, 4), A + "reverse(A, 1)", WA);
        assertOutput(v(3, 2, 1), "reverse([1, 2, 3], 0)", w());
    }

    @Test
    void index() {
        assertOutput(v(4, 5, 6), A + "A[1]", WA);
        assertOutput(v(6), A + "A[1][2]", WA);
        assertOutput(v(2), A + "A[0][1]", WA);
        assertOutput(v(4, 5, 6), A + "let i = 2 * 1 - 1 in A[i]", WA);
        // the first axis of a 3-D tensor
        assertOutput(v(4, 5, 6, 7), "let T = (2, 2, 2) in [0, 10] in T[1]", w("T", v(0, 1, 2, 3, 4, 5, 6, 7)));
    }

    @Test
    void spliceWithStaticOffsets() {
        assertOutput(v(2, 3, 5, 6), A + "A[0:+2][1:+2]", WA);
        assertOutput(v(4, 5, 6), A + "A[1:+1]", WA); // trailing axes are kept whole
    }

    @Test
    void spliceWithDynamicOffsetsInALoop() {
        // M = [[1..4];[5..8];[9..12]]; sum over j of M[1][j..j+1] = [5,6] + [6,7] + [7,8]
        String m = "let M = (3, 4) in [0, 20] in ";
        Map<String, double[]> wm = w("M", v(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
        assertOutput(v(18, 21), m + "let acc = init([1, 2], 0.0) in loop(j = [0:3], acc) (acc + M[1:+1][j:+2])", wm);
        assertOutput(v(18, 21), m + "$(j = [0:3]) M[1:+1][j:+2]", wm);
        // diagonal blocks [[1,2];[5,6]] + [[6,7];[10,11]]
        assertOutput(v(7, 9, 15, 17), m + "$(i = [0:2]) M[i:+2][i:+2]", wm);
        // offsets computed with int arithmetic on the index: M[2-i][3-i] over i = 0..2 -> 12 + 7 + 2
        assertOutput(v(21), m + "$(i = [0:3]) M[2 - i:+1][3 - i:+1]", wm);
    }

    @Test
    void leftSplice() {
        assertOutput(v(0, 0, 0, 0, 7, 8), "let a = init([2, 3], 0.0) in let a[1:+1][1:+2] = [[7.0, 8.0]] in a", w());
        assertOutput(v(0, 0, 0, 0, 0, 5), "let a = init([2, 3], 0.0) in let a[1:+1][2:+1] = 5.0 in a", w());
        assertOutput(v(9, 9, 9, 0, 0, 0), "let a = init([2, 3], 0.0) in let a[0:+1] = [[9, 9, 9]] in a", w());
        // a one-element value of higher rank than the target
        assertOutput(v(0, 5, 0, 0, 0, 0),
                "let a = init([2, 3], 0.0) in let b = init([1, 1, 1], 5.0) in let a[0:+1][1:+1] = b in a", w());
        // the original binding is not modified: A - B is A[0][0] alone
        assertOutput(v(1, 0, 0, 0, 0, 0), A + "let B = A in let B[0:+1][0:+1] = 0.0 in A - B", WA);
    }

    @Test
    void leftSpliceInALoop() {
        // column j of acc takes column 2 - j of A: the columns reversed
        assertOutput(v(3, 2, 1, 6, 5, 4),
                A + "let acc = init([2, 3], 0.0) in loop(j = [0:3], acc) (let acc[0:+2][j:+1] = A[0:+2][2 - j:+1] in acc)",
                WA);
    }

    @Test
    void sum() {
        // rows of A^T: [1,4] + [2,5] + [3,6]
        assertOutput(v(6, 15), A + "$(i = [0:3]) A^T[i]", WA);
        assertOutput(v(11), A + "$(i = [1:3]) A[1][i]", WA); // 5 + 6
        assertOutput(v(21), A + "$(i = [0:2]) ($(j = [0:3]) A[i][j])", WA);
    }

    @Test
    void loopWithAnAccumulator() {
        // h = 0.5 h + x_t over x = 1, 2, 3, 4: 1, 2.5, 4.25, 6.125
        assertOutput(v(6.125), "let X = (4, 1) in [0, 4] in let h = init([1, 1], 0.0) in "
                + "loop(t = [0:4], h) (0.5 * h + X[t:+1][0:+1])", w(), v(1, 2, 3, 4));
        // h = h U + x_t with U swapping the two units: [1,0], [0,2], [3,1]
        assertOutput(v(3, 1), "let U = (2, 2) in [0, 1] in let X = (3, 2) in [0, 1] in let h = init([1, 2], 0.0) in "
                + "loop(t = [0:3], h) (h * U + X[t:+1])", w("U", v(0, 1, 1, 0)), v(1, 0, 0, 1, 1, 1));
        // a real scalar accumulator
        assertOutput(v(3), "let s = 0.0 in loop(t = [0:3], s) (s + 1.0)", w());
        // the loop's value is the accumulator after the last step; the initial binding is unchanged
        assertOutput(v(8, 1), "let h = [1.0, 1.0] in let r = loop(t = [0:3], h) (h <*> [2.0, 1.0]) in r <*> h", w());
    }

    @Test
    void fastGrnnLikeCell() {
        // one step of g = sigmoid(x w), h = g h + (1 - g) tanh(x u) from h = 1, x = 2, w = 0, u = 0.5
        // g = sigmoid(0) = 0.5; h' = 0.5 + 0.5 * tanh(1)
        double expected = 0.5 + 0.5 * Math.tanh(1);
        assertOutput(v(expected), "let X = (1, 1) in [0, 2] in let W = (1, 1) in [0, 1] in let U = (1, 1) in [0, 1] in "
                + "let h = [[1.0]] in loop(t = [0:1], h) (let g = sigmoid(X * W) in "
                + "let h = g <*> h + (1 - g) <*> tanh(X * U) in h)", w("W", v(0), "U", v(0.5)), v(2));
    }

    @Test
    void conditional() {
        String p = "let X = (1, 1) in [-1, 1] in X >= 0 ? [1.0, 2.0] : [3.0, 4.0]";
        assertOutput(v(1, 2), p, w(), v(0.5));
        assertOutput(v(1, 2), p, w(), v(0.0)); // >= 0
        assertOutput(v(3, 4), p, w(), v(-0.5));
        // Bonsai-like: an int node chosen by a sign, then used as an index and in int arithmetic
        String node = A + "let X = (3, 1) in [-1, 1] in let n = (A[0:+1] * X) >= 0 ? 0 : 1 in ";
        assertOutput(v(1, 2, 3), node + "A[n]", WA, v(1, 1, 1));    // A[0] X = 6
        assertOutput(v(4, 5, 6), node + "A[n]", WA, v(-1, -1, -1)); // A[0] X = -6
        assertLabel(1, node + "2 * n + 1", WA, v(1, 1, 1));
        assertLabel(3, node + "2 * n + 1", WA, v(-1, 0, 0));
        // an int condition
        assertLabel(7, "let i = 2 - 3 in i >= 0 ? 5 : 7", w(), new double[0]);
    }

    @Test
    void exponentialAndSquashingFunctions() {
        assertOutput(v(1), "exp(0.0)", w());
        assertOutput(v(Math.E), "exp(1.0)", w());
        assertOutput(v(Math.exp(-2)), "exp([[-2.0]])", w()); // a one-element tensor
        assertOutput(v(0, Math.tanh(0.5), -Math.tanh(0.5)), "tanh([0.0, 0.5, -0.5])", w());
        assertOutput(v(0.5, 1 / (1 + Math.exp(-2)), 1 / (1 + Math.exp(2))), "sigmoid([0.0, 2.0, -2.0])", w());
    }

    @Test
    void softplusAndSoftsign() {
        // log(1 + e^x) and x / (1 + |x|) by hand: log 2 at 0, 40 + log(1 + e^-40) (not the overflow of e^800)
        assertOutput(v(Math.log(2), Math.log(1 + Math.exp(1.5)), Math.log(1 + Math.exp(-3)), 800),
                "softplus([0.0, 1.5, -3.0, 800.0])", w());
        assertOutput(v(0, 0.5, -0.75, 1000.0 / 1001), "softsign([0.0, 1.0, -3.0, 1000.0])", w());
    }

    @Test
    void rectifiers() {
        assertOutput(v(0, 0, 0.5, 7), "relu([-1.0, 0.0, 0.5, 7.0])", w());
        assertOutput(v(0, 0, 0.5, 6), "relu6([-1.0, 0.0, 0.5, 7.0])", w());
        assertOutput(v(6), "relu6(6.5)", w());
    }

    @Test
    void sign() {
        String p = "let X = (1) in [-1, 1] in sgn(X[0])";
        assertLabel(1, p, w(), v(0.25));
        assertLabel(0, p, w(), v(0));
        assertLabel(0, p, w(), v(-0.25));
    }

    @Test
    void argmax() {
        assertLabel(1, "argmax([3, 7, 7, 1])", w(), new double[0]); // the first maximum
        assertLabel(3, "argmax([-3, -7, -7, -1])", w(), new double[0]);
        assertLabel(1, "argmax([[1, 9]; [9, 2]])", w(), new double[0]); // row-major
        assertLabel(5, A + "argmax(A)", WA, new double[0]);
        assertLabel(0, A + "argmax(-A)", WA, new double[0]);
    }

    @Test
    void normaliseL2() {
        assertOutput(v(0.6, 0.8), "normaliseL2([3.0, 4.0])", w());
        assertOutput(v(0.6, 0, 0.8, 0), "normaliseL2([[3.0, 0.0]; [4.0, 0.0]])", w()); // over the whole matrix
        // NHWC: each pixel over its channels; a zero pixel stays zero
        assertOutput(v(0.6, 0.8, 0, 0, -1, 0), "let T = (1, 1, 3, 2) in [-5, 5] in normaliseL2(T)",
                w("T", v(3, 4, 0, 0, -2, 0)));
    }
}
