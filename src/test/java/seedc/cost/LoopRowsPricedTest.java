package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;

/**
 * A loop whose body has two rows, priced op by op (LinearCycleModel): a row its model measured is priced by its terms
 * even where another op of the same loop has a row it never measured (priced by that op's stand-ins). Before, the
 * loop's terms were priced as one map, and one unmeasured row put every row of the loop back on its stand-ins
 * (fastgrnn-gestures-8: an 8-bit sigmoid's table row took the cell's two dot rows' prices back to their loops').
 * The cell, 2 runs: t7 = t6 * W, a row of 4 activations t6 int8@6 by W int8@7 (4 x 6) into t7 int8@4, one
 * sd_dotrow8x8_8 (DotRowWorkTest's product at other types: post 6 + 7 - 4 = 9); h = tanh(t7), an 8-bit table row
 * (Tanh.row.lookup8: ElementwiseRowWorkTest's h); H_2 = h + H_1.
 */
class LoopRowsPricedTest {
    private static final String SOURCE = "let X = (4, 1) in [-1, 1] in let W = (4, 6) in [-1, 1] in"
            + " let H = init([1, 6], 0.0) in"
            + " let res = loop(i = [0:2], H) ( let t = X^T * W in let h = tanh(t) in let H = h + H in H ) in res";

    private static FixedProgram cell() {
        return IdiomCallsTest.program(SOURCE, new double[] {0.25, -0.5, 0.75, -1},
                Map.of("X", 8, "t6", 8, "W", 8, "t7", 8, "h", 8), Map.of("X", 6, "t6", 6, "W", 7, "t7", 4, "h", 6),
                DotRowWorkTest.WEIGHTS);
    }

    /** Made-up cycles of the product's and the tanh's own terms (the stand-ins' names without looped). */
    private static Map<String, Double> own() {
        Map<String, Double> c = new HashMap<>(Map.of("MatMul.op", 50.0, "MatMul.mac.8x8.t32", 9.0,
                "MatMul.out.8", 5.0, "MatMul.shift", 1.0, "Tanh.op", 30.0, "Tanh.elem.8>8", 20.0));
        c.putAll(Map.of("Loop.op", 100.0, "Loop.iter", 10.0, "Loop.copy.16", 2.0, "Add.op", 20.0,
                "Add.elem.16>16", 4.0, "Add.shift", 1.0, "Input.op", 7.0, "Input.elem.i>8", 3.0));
        return c;
    }

    private static double loop(Map<String, Double> coefficients) {
        FixedProgram fp = cell();
        return new LinearCycleModel("test", coefficients, Double.NaN, true).estimate(fp, DotRowWorkTest.WEIGHTS)
                .parts().stream().filter(p -> p.label().equals("res")).findFirst().orElseThrow().cycles();
    }

    @Test
    void aMeasuredRowIsPricedByItsTermsBesideAnUnmeasuredOne() {
        double standIns = loop(own());
        Map<String, Double> dotRow = new HashMap<>(own());
        dotRow.put("MatMul.dotrow.dotrow8x8_8", 12.0);
        dotRow.put("MatMul.dotrowout.dotrow8x8_8", 40.0);
        // by hand, a run: the row 24 terms at 12 and 6 outputs at 40 (528); its stand-ins the set-up 50, 24 MACs at
        // 9, 6 stores at 5 and 6 x 9 shift bits at 1 (350); 2 runs. The tanh's row unmeasured: its stand-ins both
        // times.
        assertEquals(2 * (528 - 350), loop(dotRow) - standIns, 1e-9);
        // the tanh's row measured too: 6 elements at 7 a run against its set-up 30 and 6 elements at 20
        dotRow.put("Tanh.row.lookup8", 7.0);
        assertEquals(2 * (528 - 350) + 2 * (42 - 150), loop(dotRow) - standIns, 1e-9);
    }

    /**
     * The same loop's coverage, op by op as its estimate: a row measured in one op of the loop is measured work
     * beside another op's row never measured. Here the product's stand-in MACs have no coefficient of their own
     * (priced as the product's MACs at other widths, 9 cycles: unmeasured work), so that the product priced by its
     * stand-ins is 2 runs x 24 MACs x 9 = 432 cycles of unmeasured work in the loop, and priced by its measured row
     * none. (As one map of the loop's terms, the tanh's unmeasured row put the product back on its stand-ins: 0.)
     */
    @Test
    void aMeasuredRowBesideAnUnmeasuredOneIsMeasuredWork() {
        Map<String, Double> c = new HashMap<>(own());
        c.remove("MatMul.mac.8x8.t32");
        c.put("MatMul.mac.8x16.t32", 9.0);
        double standIns = unmeasuredInLoop(c);
        c.put("MatMul.dotrow.dotrow8x8_8", 12.0);
        c.put("MatMul.dotrowout.dotrow8x8_8", 40.0);
        assertEquals(2 * 24 * 9, standIns - unmeasuredInLoop(c), 1e-9);
    }

    private static double unmeasuredInLoop(Map<String, Double> coefficients) {
        return new LinearCycleModel("test", coefficients, Double.NaN, true).coverage(cell(), DotRowWorkTest.WEIGHTS)
                .unmeasured().stream().filter(u -> u.op().equals("res")).mapToDouble(WorkCoverage.Unmeasured::cycles)
                .sum();
    }
}
