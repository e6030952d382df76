package seedc.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.eval.FloatInterpreter;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The interval rule of every op against brute force: small programs, one or two ops each, with random weights;
 * inputs sampled from the declared box and its corners never give a value outside its sound interval, and where
 * the rule is exact (a sum of products with fixed weights, a monotone function) the bound is reached.
 */
public class RangeAnalysisRulesTest {
    private static final String X4 = "let X = (4, 1) in [-2.0, 3.0] in\n";

    /** One program per op kind (and the data-dependent and loop forms), each ending in the op under test. */
    @ParameterizedTest
    @ValueSource(strings = {
        X4 + "let W = (3, 4) in [-1, 1] in W * X",
        X4 + "let W = (3, 4) in [-1, 1] in W |*| X",
        X4 + "let W = (4, 1) in [-1, 1] in (X + W) - 0.5",
        X4 + "let W = (4, 1) in [-1, 1] in X - W",
        X4 + "let s = (1, 1) in [-1, 1] in s * X",
        X4 + "let W = (4, 1) in [-1, 1] in X <*> W",
        X4 + "X <*> X",
        X4 + "let V = (1) in [-1, 1] in (X <+> V) <-> V",
        X4 + "-X",
        X4 + "let W = (1, 4) in [-1, 1] in exp(W * X)",
        X4 + "tanh(X)",
        X4 + "sigmoid(X)",
        X4 + "relu(X)",
        X4 + "relu6(X + X + X)",
        X4 + "quantize(X, 2, -1.0, 1.0)",
        X4 + "normaliseL2(X)",
        X4 + "X^T",
        X4 + "reshape(X, (2, 2), (1, 2))",
        X4 + "reverse(X, 0)",
        X4 + "let W = (1, 4) in [-1, 1] in let d = X - W^T in d^T * d",
        X4 + "let T = (4, 3, 1) in [-1, 1] in let W = (4, 1) in [-1, 1] in T[argmax(W <*> X)]",
        X4 + "let W = (1, 4) in [-1, 1] in let P = (4, 2) in [-1, 1] in P[sgn(W * X)]",
        X4 + "let M = (6, 1) in [-1, 1] in let i = argmax(X) in M[i:+3][0:+1]",
        X4 + "let Y = init([4, 1], 0.5) in let Y[argmax(X):+1][0:+1] = [[9.0]] in Y",
        X4 + "let W = (1, 4) in [-1, 1] in (W * X) >= 0 ? X : -X",
        X4 + "let W = (4, 3, 1) in [-1, 1] in $(i = [0:4]) (W[i] * X[i])",
        X4 + "let U = (4, 4) in [-0.5, 0.5] in let H = init([4, 1], 0.0) in "
                + "loop(i = [0:5], H) (let H = tanh(U * H + X) in H)",
        "let X = (16, 1) in [0.0, 1.0] in let F = (1, 3, 3, 1, 2) in [-1, 1] in "
                + "conv2d(reshape(X, (1, 4, 4, 1), (1, 2)), F, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1})",
        "let X = (16, 1) in [-1.0, 2.0] in maxpool(reshape(X, (1, 4, 4, 1), (1, 2)), {k 2 2}, {p 1 1 1 1}, {s 2 2})",
    })
    void sampledValuesStayInside(String source) {
        FloatModel m = model(source, 7);
        RangeAnalysisFixturesTest.assertContains(m, 600, source.hashCode());
    }

    /** A row of fixed weights times a box: the bound is the weights' signs' corner, reached exactly. */
    @Test
    void aSumOfProductsWithFixedWeightsIsTight() {
        FloatModel m = model("let X = (6, 1) in [-2.0, 3.0] in let W = (2, 6) in [-1, 1] in W * X", 11);
        ValueRanges r = RangeAnalysis.of(m.program(), m.weights());
        double[] w = m.weights().get("W");
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        FloatInterpreter fi = new FloatInterpreter(m.program(), m.weights());
        for (int corner = 0; corner < 1 << 6; corner++) {
            double[] x = new double[6];
            for (int i = 0; i < 6; i++) {
                x[i] = (corner >> i & 1) == 1 ? 3.0 : -2.0;
            }
            for (double y : fi.run(x, null).output()) {
                lo = Math.min(lo, y);
                hi = Math.max(hi, y);
            }
        }
        Value out = m.program().result();
        assertEquals(lo, r.of(out).lo(), 1e-9 * Math.abs(lo));
        assertEquals(hi, r.of(out).hi(), 1e-9 * Math.abs(hi));
        assertTrue(w.length == 12);
    }

    /** Monotone functions map the ends to the ends: tanh over [-2, 3] is [tanh(-2), tanh(3)]. */
    @Test
    void monotoneFunctionsMapTheEnds() {
        FloatModel m = model(X4 + "tanh(X)", 1);
        ValueRanges.Range r = RangeAnalysis.of(m.program(), m.weights()).of(m.program().result());
        assertEquals(Math.tanh(-2), r.lo(), 1e-12);
        assertEquals(Math.tanh(3), r.hi(), 1e-12);
    }

    /** A squared distance is never negative, whatever the signs of the difference (ProtoNN's exp argument). */
    @Test
    void aSquaredDistanceIsNotNegative() {
        FloatModel m = model(X4 + "let W = (1, 4) in [-1, 1] in let d = X - W^T in d^T * d", 3);
        ValueRanges.Range r = RangeAnalysis.of(m.program(), m.weights()).of(m.program().result());
        assertEquals(0.0, r.lo());
    }

    /** The loop's carried value is bounded through tanh at every step: within [-1, 1] whatever the steps. */
    @Test
    void aLoopThroughTanhStaysWithinOne() {
        FloatModel m = model(X4 + "let U = (4, 4) in [-0.5, 0.5] in let H = init([4, 1], 0.0) in "
                + "loop(i = [0:50], H) (let H = tanh(U * H + X) in H)", 5);
        ValueRanges.Range r = RangeAnalysis.of(m.program(), m.weights()).of(m.program().result());
        assertTrue(r.lo() >= -1 && r.hi() <= 1, r.toString());
    }

    /** An int the analysis cannot pin down selects the union of every slice it may pick. */
    @Test
    void aDataDependentIndexTakesTheUnionOfItsSlices() {
        FloatModel m = model(X4 + "let T = (4, 1) in [-1, 1] in T[argmax(X)]", 9);
        double[] t = m.weights().get("T");
        ValueRanges.Range r = RangeAnalysis.of(m.program(), m.weights()).of(m.program().result());
        assertEquals(java.util.Arrays.stream(t).min().orElseThrow(), r.lo());
        assertEquals(java.util.Arrays.stream(t).max().orElseThrow(), r.hi());
    }

    /** An exp whose argument can reach 1e4 has no finite bound: the analysis says which value and why. */
    @Test
    void anUnboundedValueIsNamedWithTheReason() {
        FloatModel m = model("let X = (2, 1) in [0.0, 10000.0] in let W = (1, 2) in [1, 1] in exp(W * X)", 2);
        ValueRanges r = RangeAnalysis.of(m.program(), m.weights());
        assertEquals(1, r.unproven().size(), r.unproven().toString());
        assertTrue(r.unproven().getFirst().why().startsWith("e^x of an argument up to"), r.unproven().toString());
    }

    /** The program with each parameter drawn uniformly in [-1, 1] (seeded). */
    public static FloatModel model(String source, long seed) {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", source)).program();
        SplittableRandom rnd = new SplittableRandom(seed);
        Map<String, double[]> w = new HashMap<>();
        for (Program.Param q : p.params()) {
            double[] v = new double[q.shape().size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = q.lo() == q.hi() ? q.lo() : -1 + 2 * rnd.nextDouble();
            }
            w.put(q.name(), v);
        }
        return new FloatModel(p, w);
    }
}
