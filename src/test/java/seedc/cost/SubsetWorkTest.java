package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/**
 * OpWork's terms of products by subset sums ({@link SubsetWork}), counted by hand on two small programs of 16-bit
 * activations (shiftry's start) times ternary weights (3 values: 2 planes): a row of 20 elements times 8 columns
 * (5 groups of 4, the last partial: 1 table, 8 outputs); a 6 x 6 image by 8 filters of 3 x 3 taps without padding
 * (16 windows of 9 taps: 3 groups each, 128 outputs).
 */
class SubsetWorkTest {
    private static final String MATMUL = "let X = (1, 20) in [0.0, 1.0] in let W = (20, 8) in [-1.0, 1.0] in X * W";
    private static final String CONV = "let X = (36, 1) in [0.0, 1.0] in let F = (1, 3, 3, 1, 8) in [-1.0, 1.0] in"
            + " let Xt = reshape(X, (1, 6, 6, 1), (1, 2)) in conv2d(Xt, F, {s 1 1}, {p 0 0 0 0}, {d 1 1}, {g 1})";

    @Test
    void aMatrixProductCountsItsTableGroupsLookupsPlanesAndOutputs() {
        Map<String, double[]> w = Map.of("W", PlaneWorkTest.ternary(160));
        FixedProgram fp = PlaneWorkTest.fixed(MATMUL, w);
        Map<String, Double> t = PlaneWorkTest.termsOf(OpWork.of(fp, w, true), "MatMul");
        String sum = ".t" + sumContainer(fp, 20);
        assertEquals(1.0, t.get("MatMul.subsetop"));
        assertEquals(5.0, t.get("MatMul.subsetgroup.16"), "one row's table: ceil(20 / 4) groups");
        assertEquals(8.0 * 2 * 5, t.get("MatMul.subsetlookup.16" + sum), "8 outputs x 2 planes x 5 groups: " + t);
        assertEquals(8.0 * 2, t.get("MatMul.subsetplane"));
        assertEquals(8.0, t.get("MatMul.subsetout"));
        assertFalse(t.containsKey("MatMul.op"), "the dense terms are stand-ins: " + t);
        assertEquals(1.0, t.get("MatMul.plainop"));
        assertEquals(160.0, t.entrySet().stream().filter(e -> e.getKey().startsWith("MatMul.plainmac."))
                .mapToDouble(Map.Entry::getValue).sum(), "its 20 x 8 multiply-accumulates");
    }

    @Test
    void aConvolutionBuildsATableAWindowForItsOutputChannels() {
        Map<String, double[]> w = Map.of("F", PlaneWorkTest.ternary(72));
        FixedProgram fp = PlaneWorkTest.fixed(CONV, w);
        Map<String, Double> t = PlaneWorkTest.termsOf(OpWork.of(fp, w, true), "Conv2d");
        assertEquals(16.0 * 3, t.get("Conv2d.subsetgroup.16"), "4 x 4 windows of ceil(9 / 4) groups: " + t);
        assertEquals(128.0 * 2 * 3, t.get("Conv2d.subsetlookup.16.t" + sumContainer(fp, 9)));
        assertEquals(128.0 * 2, t.get("Conv2d.subsetplane"));
        assertEquals(128.0, t.get("Conv2d.subsetout"));
    }

    @Test
    void aModelThatNeverMeasuredTheSubsetSumsPricesAsBeforeAndCountsThemUnmeasured() {
        Map<String, double[]> w = Map.of("W", PlaneWorkTest.ternary(160));
        FixedProgram fp = PlaneWorkTest.fixed(MATMUL, w);
        Map<String, Double> dense = PlaneWorkTest.termsOf(OpWork.of(fp, null, true), "MatMul");
        Map<String, Double> subsets = PlaneWorkTest.termsOf(OpWork.of(fp, w, true), "MatMul");
        Map<String, Double> coefficients = new HashMap<>();
        for (OpWork.Part p : OpWork.of(fp, null, true)) {
            p.terms().keySet().forEach(k -> coefficients.put(k, 0.1 * (1 + k.length()))); // made up, one per term
        }
        // planes measured (another kernel) do not make the subset sums measured
        coefficients.put("MatMul.planebyte.1x1", 11.0);
        LinearCycleModel m = new LinearCycleModel("test", coefficients);
        assertEquals(m.price(dense), m.price(subsets), 0.0, "exactly");
        assertTrue(m.unpriced(subsets).isEmpty());
        double total = m.estimate(fp, w).total(), product = m.price(dense);
        assertEquals((total - product) / total, m.fittedShare(fp, w), 1e-12, "the stand-ins are unmeasured work");
        // the report names the product as the unmeasured work, with its stand-ins' cycles, and nothing else
        WorkCoverage c = m.coverage(fp, w);
        assertEquals(1, c.unmeasured().size(), "only the product: " + c.unmeasured());
        assertEquals("MatMul", c.unmeasured().get(0).kind());
        assertEquals(product, c.unmeasured().get(0).cycles(), 1e-9);

        // fitted: the subset sums' terms alone, every one measured
        String sum = ".t" + sumContainer(fp, 20);
        coefficients.putAll(Map.of("MatMul.subsetop", 20.0, "MatMul.subsetgroup.16", 60.0,
                "MatMul.subsetlookup.16" + sum, 12.0, "MatMul.subsetplane", 3.0, "MatMul.subsetout", 40.0));
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients);
        assertEquals(20 + 5 * 60 + 80 * 12 + 16 * 3 + 8 * 40, fitted.price(subsets), 1e-9);
        assertEquals(1.0, fitted.fittedShare(fp, w), 0.0);
        assertTrue(fitted.coverage(fp, w).unmeasured().isEmpty(), "nothing left to name");
    }

    /**
     * The container of a weight vector's exact sum of value number (2 planes) times activation, worked from the
     * product's shift here: the activation's 16 bits less its shift, plus 2, plus ceil(log2 terms), at most the
     * product's sum width.
     */
    private static int sumContainer(FixedProgram fp, int terms) {
        Op product = fp.program().body().ops().stream().filter(op -> op instanceof Op.MatMul
                || op instanceof Op.Conv2d).findFirst().orElseThrow();
        OpParams.Mul p = fp.params(product, OpParams.Mul.class);
        int log2 = 32 - Integer.numberOfLeadingZeros(terms - 1);
        int bits = Math.min(p.width(), 16 - p.shrA() + 2 + log2);
        return bits <= 16 ? 16 : 32;
    }
}
