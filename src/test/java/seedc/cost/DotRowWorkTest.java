package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;

/**
 * OpWork's terms of a whole-row dot product ({@link DotRowWork}), counted by hand on DotRowFactTest's t4 = t3 * W: one
 * row of 4 activations t3 int8@6 by W int8@7 (4 x 6) into t4 int16@8 (8x8 products summed in 32 bits, post 5), on the
 * AVR one sd_dotrow8x8_16 call (DotRowFactTest checks the C).
 */
class DotRowWorkTest {
    static final String SOURCE = "let X = (4, 1) in [-1, 1] in let W = (4, 6) in [-1, 1] in let t = X^T * W in t";
    static final Map<String, double[]> WEIGHTS = Map.of("W", new double[] {0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7,
            -0.8, 0.9, -0.1, 0.2, -0.3, 0.4, -0.5, 0.6, -0.7, 0.8, -0.9, 0.15, -0.25, 0.35, -0.45, 0.55, -0.65});

    private static FixedProgram program() {
        return IdiomCallsTest.program(SOURCE, new double[] {0.25, -0.5, 0.75, -1}, Map.of("X", 8, "t3", 8, "W", 8),
                Map.of("t3", 6, "W", 7, "t4", 8), WEIGHTS);
    }

    /**
     * The product's terms by hand, as a target that reads flash by index counts them: one set-up, 4 x 6 = 24 MACs of
     * 8x8 bits summed in 32, 6 outputs of 16 bits, each shifted by post 5 (30 shift bits); {@code prefix} before each
     * unit.
     */
    private static Map<String, Double> product(String prefix) {
        return Map.of("MatMul." + prefix + "op", 1.0, "MatMul." + prefix + "mac.8x8.t32", 24.0,
                "MatMul." + prefix + "out.16", 6.0, "MatMul." + prefix + "shift", 30.0);
    }

    @Test
    void theRowCountsItsTermsAndOutputsAndKeepsTheProductsTermsAsStandIns() {
        Map<String, Double> expected = new TreeMap<>(product("looped"));
        expected.put("MatMul.dotrow.dotrow8x8_16", 24.0);
        expected.put("MatMul.dotrowout.dotrow8x8_16", 6.0);
        assertEquals(expected, t4(OpWork.of(program(), WEIGHTS, true)));
        // a target that reads flash by index (x86, the Cortex-M): no row, the product's terms as they were
        assertEquals(product(""), t4(OpWork.of(program(), WEIGHTS, false)));
    }

    @Test
    void anUnmeasuredRowPricesTheProgramAsBeforeAndAMeasuredOneByItsTerms() {
        FixedProgram fp = program();
        Map<String, Double> avr = t4(OpWork.of(fp, WEIGHTS, true));
        Map<String, Double> coefficients = new HashMap<>(IdiomWorkTest.madeUp(fp, WEIGHTS));
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(m.price(product("")), m.price(avr), 0.0, "exactly");
        assertTrue(m.unpriced(avr).isEmpty());
        // one of the two measured: still the stand-ins (a row is priced when every row term of it is)
        coefficients.put("MatMul.dotrow.dotrow8x8_16", 12.0);
        assertEquals(m.price(product("")), new LinearCycleModel("test", coefficients, Double.NaN, true).price(avr),
                0.0);
        // both: 24 terms at 12 cycles and 6 outputs at 40, nothing else
        coefficients.put("MatMul.dotrowout.dotrow8x8_16", 40.0);
        assertEquals(24 * 12.0 + 6 * 40.0, new LinearCycleModel("test", coefficients, Double.NaN, true).price(avr),
                1e-9);
        assertFalse(coefficients.containsKey("MatMul.loopedop"), "premise: no stand-in is ever fitted");
    }

    private static Map<String, Double> t4(List<OpWork.Part> parts) {
        return parts.stream().filter(p -> p.label().equals("t4")).findFirst().orElseThrow().terms();
    }
}
