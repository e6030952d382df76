package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;

/**
 * OpWork's terms of a sigmoid without a table ({@link ExpKernelWork}), counted by hand on t = sigmoid(X), 4 elements:
 * X int16@12, t int16@14 (ExpKernelsFactTest checks the C: x = X >> 1 to the tables' scale 11, the lookup's index
 * shifts 7 and 0 (lo 7, drop 0), e >> 14, sd_fracdiv16 in 14 steps) and t int8@6 (x = X >> 8, lo 0, drop 0, no
 * shift of e, 6 steps), which the AVR's C instead finds by a search over the output's steps (ActivationSteps): from 0
 * to 64 (1.0 at scale 6), 64 steps, so 7 steps of a search (2^6 - 1 = 63 entries too few, 2^7 - 1 = 127 enough).
 */
class ExpKernelWorkTest {
    private static FixedProgram program(int outBits) {
        return IdiomCallsTest.program("let X = (4, 1) in [-1, 1] in let t = sigmoid(X) in t",
                new double[] {0.25, -0.5, 0.75, -1}, Map.of("t2", outBits), Map.of("X", 12, "t2", outBits - 2),
                Map.of());
    }

    /** The sigmoid's own terms (one set-up, 4 elements from 16 bits into outBits), {@code prefix} before each unit. */
    private static Map<String, Double> own(String prefix, int outBits) {
        return Map.of("Sigmoid." + prefix + "op", 1.0, "Sigmoid." + prefix + "elem.16>" + outBits, 4.0);
    }

    @Test
    void theKernelCountsItsLookupsShiftsAndQuotientBitsOrSearchStepsBesideTheOwnTermsAsStandIns() {
        Map<String, Double> wide = new TreeMap<>(own("tableless", 16));
        wide.putAll(Map.of("Sigmoid.explookup.32", 4.0, "Sigmoid.expshift", 4.0 * (1 + 7 + 14),
                "Sigmoid.expdiv.16", 4.0, "Sigmoid.expdivbit.16", 4.0 * 14));
        assertEquals(wide, t(OpWork.of(program(16), Map.of(), true)));
        Map<String, Double> narrow = new TreeMap<>(own("tableless", 8));
        narrow.putAll(Map.of("Sigmoid.expsearch", 4.0, "Sigmoid.expsearchstep", 4.0 * 7));
        assertEquals(narrow, t(OpWork.of(program(8), Map.of(), true)));
        // a target whose model has no idioms' terms (x86, the Cortex-M): the op's own terms as they were
        assertEquals(own("", 16), t(OpWork.of(program(16), Map.of(), false)));
    }

    @Test
    void anUnmeasuredKernelPricesTheOpAsBeforeAndAMeasuredOneByItsTerms() {
        FixedProgram fp = program(16);
        Map<String, Double> avr = t(OpWork.of(fp, Map.of(), true));
        Map<String, Double> coefficients = new HashMap<>(IdiomWorkTest.madeUp(fp, Map.of()));
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(m.price(own("", 16)), m.price(avr), 0.0, "exactly");
        assertTrue(m.unpriced(avr).isEmpty());
        // another kind's kernel measured (tanh's): the sigmoid's still priced by its stand-ins
        coefficients.putAll(Map.of("Tanh.explookup.32", 60.0, "Tanh.expdivbit.16", 11.0));
        assertEquals(m.price(own("", 16)), new LinearCycleModel("test", coefficients, Double.NaN, true).price(avr), 0.0);
        // the sigmoid's: 4 lookups at 60, 88 shift bits at 5, 4 divisions at 20 and 56 quotient bits at 11
        coefficients.putAll(Map.of("Sigmoid.explookup.32", 60.0, "Sigmoid.expshift", 5.0, "Sigmoid.expdiv.16", 20.0,
                "Sigmoid.expdivbit.16", 11.0));
        assertEquals(4 * 60.0 + 88 * 5.0 + 4 * 20.0 + 56 * 11.0,
                new LinearCycleModel("test", coefficients, Double.NaN, true).price(avr), 1e-9);
    }

    /**
     * By kind, not by the part: a loop's part (its body ops' terms summed) holding a measured class-score row and an
     * unmeasured exp kernel prices the row by its own term and the exp by its stand-ins.
     */
    @Test
    void aMeasuredRowBesideAnUnmeasuredKernelIsPricedAsMeasured() {
        Map<String, Double> part = Map.of("MatMul.row.addscores8", 8.0, "MatMul.loopednextmac.8x8.t16", 8.0,
                "Exp.explookup.32", 10.0, "Exp.expshift", 20.0, "Exp.tablelessop", 1.0, "Exp.tablelesselem.16>8", 10.0);
        Map<String, Double> coefficients = Map.of("MatMul.row.addscores8", 18.0, "MatMul.nextmac.8x8.t16", 9.0,
                "Exp.op", 3.0, "Exp.elem.16>8", 15.0);
        assertEquals(8 * 18.0 + 3.0 + 10 * 15.0, new LinearCycleModel("test", coefficients, Double.NaN, true).price(part),
                1e-9);
    }

    private static Map<String, Double> t(List<OpWork.Part> parts) {
        return parts.stream().filter(p -> p.label().equals("t2")).findFirst().orElseThrow().terms();
    }
}
