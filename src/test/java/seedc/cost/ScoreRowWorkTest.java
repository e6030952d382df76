package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;

/**
 * OpWork's terms of the class-score row ({@link IdiomWork#addRow}), counted by hand on IdiomCallsTest's ProtoNN of 2
 * prototypes and 4 classes with Z, its row t8 and the similarity t13 at 8 bits (t8 int8@7, t13 int8@6), the product t14
 * int16@15 (an 8x8 product in 16 bits, post 7 + 6 - 15 = -2) and the sum res int8@6: on the AVR its 2 runs of 4
 * elements are one sd_addscores8 each (ClassScoreRowFactTest checks the C).
 */
class ScoreRowWorkTest {
    private static FixedProgram program(int resBits) {
        return IdiomCallsTest.program(IdiomCallsTest.PROTONN4, IdiomCallsTest.PROTONN_X,
                Map.of("Z", 8, "t8", 8, "t13", 8, "res", resBits),
                Map.of("t8", 7, "t13", 6, "t14", 15, "res", resBits == 8 ? 6 : 13), IdiomCallsTest.WEIGHTS4);
    }

    /**
     * The class scores' terms by hand: 2 runs of t14, each 4 elements of one MAC (8 elements, 8 MACs), each shifted
     * by |post| = 2 bits (16), operands unshifted; the sum's 4 elements zeroed once and added to twice (8 additions).
     */
    private static Map<String, Double> scoresBefore(String res) {
        return Map.of("MatMul.nextop", 2.0, "MatMul.nextmac.8x8.t16", 8.0, "MatMul.nextout.16", 8.0,
                "MatMul.nextshift", 16.0, "SumLoop.op", 1.0, "SumLoop.iter", 2.0, "SumLoop.copy." + res, 12.0);
    }

    @Test
    void theRowCountsItsElementsAndKeepsTheLoopsWorkAsStandIns() {
        Map<String, Double> avr = IdiomWorkTest.loopTerms(OpWork.of(program(8), IdiomCallsTest.WEIGHTS4, true));
        Map<String, Double> expected = new TreeMap<>(Map.of("MatMul.row.addscores8", 8.0, "MatMul.nextop", 2.0,
                "MatMul.loopednextmac.8x8.t16", 8.0, "MatMul.loopednextout.16", 8.0, "MatMul.loopednextshift", 16.0,
                "SumLoop.loopedcopy.8", 8.0, "SumLoop.copy.8", 4.0, "SumLoop.op", 1.0, "SumLoop.iter", 2.0));
        assertEquals(expected, scores(avr));
        Map<String, Double> wide = IdiomWorkTest.loopTerms(OpWork.of(program(16), IdiomCallsTest.WEIGHTS4, true));
        assertEquals(8.0, wide.get("MatMul.row.addscores16"));
        assertEquals(8.0, wide.get("SumLoop.loopedcopy.16"));
        assertEquals(4.0, wide.get("SumLoop.copy.16"));
        // a target that reads flash by index (x86, the Cortex-M): no row, the loop's terms as they were (indexed)
        Map<String, Double> other = IdiomWorkTest.loopTerms(OpWork.of(program(8), IdiomCallsTest.WEIGHTS4, false));
        assertFalse(other.keySet().stream().anyMatch(k -> k.contains(".row") || k.contains(".looped")));
        assertEquals(12.0, other.get("SumLoop.copy.8"));
    }

    @Test
    void anUnmeasuredRowPricesTheProgramToTheLastBitAsBefore() {
        FixedProgram fp = program(8);
        Map<String, Double> avr = IdiomWorkTest.loopTerms(OpWork.of(fp, IdiomCallsTest.WEIGHTS4, true));
        Map<String, Double> coefficients = IdiomWorkTest.madeUp(fp, IdiomCallsTest.WEIGHTS4);
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        Map<String, Double> before = new TreeMap<>(avr);
        before.keySet().removeAll(scores(avr).keySet());
        before.putAll(scoresBefore("8"));
        assertEquals(m.price(before), m.price(avr), 0.0, "exactly");
        assertTrue(m.unpriced(avr).isEmpty());
        // measured at 20 cycles an element: the row's 8 in place of the 8 MACs (8x8 in 16 bits), 8 stores of 16
        // bits, 16 shift bits and 8 additions into the 8-bit sum, each priced as its indexed twin (0.1 x (1 + name))
        coefficients.put("MatMul.row.addscores8", 20.0);
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients, Double.NaN, true);
        double replaced = 8 * 0.1 * (1 + "MatMul.mac.8x8.t16".length()) + 8 * 0.1 * (1 + "MatMul.out.16".length())
                + 16 * 0.1 * (1 + "MatMul.shift".length()) + 8 * 0.1 * (1 + "SumLoop.copy.8".length());
        assertEquals(m.price(avr) - replaced + 8 * 20.0, fitted.price(avr), 1e-9);
    }

    /** The class scores' terms (t14's, the one MatMul that streams, and the sum loop's own) among a loop's. */
    private static Map<String, Double> scores(Map<String, Double> loop) {
        Map<String, Double> s = new TreeMap<>();
        loop.forEach((k, v) -> {
            if (k.matches("MatMul\\.(next|row|looped).*|SumLoop\\..*")) {
                s.put(k, v);
            }
        });
        return s;
    }
}
