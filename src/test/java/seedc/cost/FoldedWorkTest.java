package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;

/**
 * OpWork's terms of the ops the C folds into another's code ({@link FoldedWork}), counted by hand on one small
 * program: 20 pixels quantized to 2 bits (4 levels) and packed by a product on planes (ternary weights, 3 columns),
 * whose 3 sums plus a bias go through sign, compared where the product stores them. The pixels' input, their quantize
 * and their transposition (a view) are folded into the packing, the bias and the sign into the store.
 */
class FoldedWorkTest {
    private static final String PROGRAM = "let X = (20, 1) in [0.0, 1.0] in let W = (20, 3) in [-1.0, 1.0] in"
            + " let B = (1, 3) in [-1.0, 1.0] in let Xq = quantize(X, 2, 0.0, 0.75) in sign((Xq^T * W) + B)";

    private static Map<String, double[]> weights() {
        return Map.of("W", PlaneWorkTest.ternary(60), "B", new double[] {0.25, -0.25, 0.5});
    }

    @Test
    void theFoldedOpsKeepTheirTermsUnderUnitsOfTheirOwn() {
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, weights());
        List<OpWork.Part> parts = OpWork.of(fp, weights(), false);
        // every value is 16 bits here (PlaneWorkTest.fixed): the pixels' quantize writes 20 elements, the sign 3
        Map<String, Double> xq = part(parts, "Xq");
        assertEquals(Map.of("Quantize.foldedop", 1.0, "Quantize.foldedelem.16>16", 20.0), xq);
        // the input is packed from the caller's array: its copy of 20 elements folded too
        assertEquals(Map.of("Input.foldedop", 1.0, "Input.foldedelem.i>16", 20.0), part(parts, "X"));
        Map<String, Double> sign = termsOfKind(parts, "Quantize", "Xq");
        assertEquals(Map.of("Quantize.foldedop", 1.0, "Quantize.foldedelem.16>16", 3.0), sign);
        Map<String, Double> bias = termsOfKind(parts, "Add", null);
        assertEquals(1.0, bias.get("Add.foldedop"));
        assertEquals(3.0, bias.get("Add.foldedelem.16>16"));
        assertTrue(bias.keySet().stream().allMatch(t -> t.startsWith("Add.folded")), bias.toString());
        // the product keeps its own terms (the planes' and its dense stand-ins), nothing folded
        assertTrue(termsOfKind(parts, "MatMul", null).keySet().stream().noneMatch(FoldedWork::isFolded));
    }

    @Test
    void aModelThatNeverMeasuredTheFoldsPricesThemAsBeforeAndOneThatDidByTheirTerms() {
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, weights());
        List<OpWork.Part> parts = OpWork.of(fp, weights(), false);
        Map<String, Double> xq = part(parts, "Xq"), input = part(parts, "X");
        Map<String, Double> coefficients = new HashMap<>(Map.of("Quantize.op", 7.0, "Quantize.elem.16>16", 3.0,
                "Input.op", 5.0, "Input.elem.i>16", 2.0));
        LinearCycleModel before = new LinearCycleModel("test", coefficients);
        // as the unfolded terms: 7 + 20 x 3 and 5 + 20 x 2
        assertEquals(7 + 20 * 3, before.price(xq), 0.0);
        assertEquals(5 + 20 * 2, before.price(input), 0.0);
        coefficients.putAll(Map.of("Quantize.foldedop", 2.0, "Quantize.foldedelem.16>16", 0.5));
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients);
        assertEquals(2 + 20 * 0.5, fitted.price(xq), 0.0);
        // the input's folds were not measured: its kind is priced as before
        assertEquals(5 + 20 * 2, fitted.price(input), 0.0);
        // a width of the kind's folds the fit never saw: its relatives among the kind's folded elements
        assertEquals(2 + 20 * 0.5, fitted.price(Map.of("Quantize.foldedop", 1.0, "Quantize.foldedelem.16>8", 20.0)),
                0.0);
    }

    @Test
    void onTheAvrAFoldedOpHasNoRowOfItsOwn() {
        // every value at 8 bits: a quantize of 8-bit elements is a table read that the AVR writes as one call of a
        // row loop where it has a loop of its own (ElementwiseRowWork); folded, it has none, and its terms are the
        // folded ones alone, which a model without folded terms prices by their names' (a row's stand-ins under
        // folded units were priced by no coefficient: mlp-digits-w1a1's narrowest program measured 0% of its work,
        // and its search lost the model)
        FixedProgram fp = PlaneWorkTest.fixed(PROGRAM, weights(), 0, 8);
        List<OpWork.Part> parts = OpWork.of(fp, weights(), true);
        assertEquals(Map.of("Quantize.foldedop", 1.0, "Quantize.foldedelem.8>8", 20.0), part(parts, "Xq"));
        LinearCycleModel model = new LinearCycleModel("test", Map.of("Quantize.op", 7.0, "Quantize.elem.8>8", 3.0));
        assertEquals(7 + 20 * 3, model.price(part(parts, "Xq")), 0.0);
    }

    private static Map<String, Double> part(List<OpWork.Part> parts, String label) {
        return new TreeMap<>(parts.stream().filter(p -> p.label().equals(label)).findFirst().orElseThrow().terms());
    }

    /** The terms of the first part of {@code kind} not labelled {@code except}. */
    private static Map<String, Double> termsOfKind(List<OpWork.Part> parts, String kind, String except) {
        return new TreeMap<>(parts.stream().filter(p -> p.kind().equals(kind) && !p.label().equals(except))
                .findFirst().orElseThrow().terms());
    }
}
