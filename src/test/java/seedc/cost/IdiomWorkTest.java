package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;

/**
 * OpWork's terms of the runtime idiom calls ({@link IdiomWork}), counted by hand on IdiomCallsTest's ProtoNN of 3
 * prototypes of 2 elements with Z, its row t8 and the class-score sum res at 8 bits: where the target has the idioms
 * (the AVR, which also streams), each of the 3 x 2 class scores is one sd_mul8x16_shr2_8 shifting the product's 6 bits
 * (post), and each of the 3 x 2 distances X - P[i] one sd_shrsubhalf16 halving once (no run-time operand shift).
 */
class IdiomWorkTest {
    private static FixedProgram program() {
        return IdiomCallsTest.program(IdiomCallsTest.PROTONN, IdiomCallsTest.PROTONN_X,
                Map.of("Z", 8, "t8", 8, "res", 8), Map.of());
    }

    @Test
    void eachCallAndTheShiftBitsItDoesAreTermsOfTheirOwn() {
        Map<String, Double> avr = ownNames(loopTerms(OpWork.of(program(), IdiomCallsTest.WEIGHTS, true)));
        assertEquals(6.0, avr.get("MatMul.call.mul8x16_shr2_8"));
        // the class scores' shifts: 3 runs x (2 MACs x (0 + 0) operand bits + 2 elements x 6 post bits) = 36, all
        // the call's; they stream Z's row, so their shift term was MatMul.nextshift
        assertEquals(36.0, avr.get("MatMul.callnextshift"));
        assertFalse(avr.containsKey("MatMul.nextshift"), "no shift of theirs left");
        // the distances: 3 x 2 elements x (0 + 0 + 1) bits, the halving, the call's
        assertEquals(6.0, avr.get("Add.call.shrsubhalf16"));
        assertEquals(6.0, avr.get("Add.callnextshift"));
        assertFalse(avr.containsKey("Add.nextshift"));
        // a target without the idioms (nor streaming): none of these, the 36 and 6 bits in the plain shift terms
        Map<String, Double> other = loopTerms(OpWork.of(program(), IdiomCallsTest.WEIGHTS, false));
        assertFalse(other.keySet().stream().anyMatch(k -> k.contains(".call")));
        assertEquals(6.0, other.get("Add.shift"));
    }

    @Test
    void unfittedCallsPriceEveryProgramToTheLastBitAsBefore() {
        FixedProgram fp = program();
        Map<String, Double> avr = loopTerms(OpWork.of(fp, IdiomCallsTest.WEIGHTS, true));
        Map<String, Double> coefficients = madeUp(fp, IdiomCallsTest.WEIGHTS);
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        // the terms as they were before the calls had terms: the shift bits back in the next shifts, no calls
        Map<String, Double> before = new HashMap<>(ownNames(avr));
        before.remove("MatMul.call.mul8x16_shr2_8");
        before.remove("Add.call.shrsubhalf16");
        before.put("MatMul.nextshift", before.remove("MatMul.callnextshift"));
        before.put("Add.nextshift", before.remove("Add.callnextshift"));
        assertEquals(m.price(before), m.price(avr), 0.0, "exactly");
        assertTrue(m.unpriced(avr).isEmpty());
        assertEquals(1.0, m.fittedShare(fp, IdiomCallsTest.WEIGHTS), 0.0, "every term priced from a measured one");
        // fitted: 6 calls at 20 cycles, the 36 bits at 0.5 in place of MatMul.shift's 0.1 x 13 = 1.3
        coefficients.put("MatMul.call.mul8x16_shr2_8", 20.0);
        coefficients.put("MatMul.callnextshift", 0.5);
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(m.price(avr) + 6 * 20.0 - 36 * 1.3 + 36 * 0.5, fitted.price(avr), 1e-9);
    }

    @Test
    void aCallsShiftBitsAreTwinsOfTheTermTheyWereTakenFrom() {
        assertEquals("MatMul.shift", TermPrices.indexedTwin("MatMul.callshift"));
        assertEquals("Add.nextshift", TermPrices.indexedTwin("Add.callnextshift"));
        assertEquals("MatMul.call.mul8x16_shr2_8", TermPrices.indexedTwin("MatMul.call.mul8x16_shr2_8"));
    }

    /**
     * Made-up coefficients, 0.1 x (1 + its name's length), of every term of fp on a target that reads flash by index:
     * what a model fitted before the read-in-order, call and row terms existed would have.
     */
    static Map<String, Double> madeUp(FixedProgram fp, Map<String, double[]> weights) {
        Map<String, Double> coefficients = new HashMap<>();
        for (OpWork.Part p : OpWork.of(fp, weights, false)) {
            p.terms().keySet().forEach(k -> coefficients.put(k, 0.1 * (1 + k.length())));
        }
        return coefficients;
    }

    /**
     * The terms with the squared distance's loop (SquaredDistanceWork: the Uno computes this program's del and its
     * squared norm in one loop) taken out and the stand-ins it keeps under their own names: the two ops' terms.
     */
    static Map<String, Double> ownNames(Map<String, Double> terms) {
        Map<String, Double> own = new HashMap<>();
        terms.forEach((t, a) -> {
            TermName q = TermName.of(t);
            if (!q.unit().startsWith(SquaredDistanceWork.ELEMENTS)) {
                own.merge(q.unit().startsWith(IdiomWork.LOOPED)
                        ? q.withUnit(q.unit().substring(IdiomWork.LOOPED.length())) : t, a, Double::sum);
            }
        });
        return own;
    }

    /** The sum loop's part: its own terms and its body's. */
    static Map<String, Double> loopTerms(List<OpWork.Part> parts) {
        return parts.stream().filter(p -> p.kind().equals("SumLoop")).findFirst().orElseThrow().terms();
    }
}
