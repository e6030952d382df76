package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.codegen.ElementwiseRowFactTest;
import seedc.fixed.FixedProgram;

/**
 * OpWork's terms of the element-wise row loops ({@link ElementwiseRowWork}), counted by hand on
 * ElementwiseRowFactTest's cell of 4 elements (its types and rows written out there; that test checks the C): each
 * op whose loop is one row call has its row's 4 elements and every term it had, its set-up's too, as stand-ins
 * ({@code looped}); a model that never
 * measured the rows prices each op as before, to the last bit, and one that did prices the row in their place.
 */
class ElementwiseRowWorkTest {
    private static final FixedProgram CELL = ElementwiseRowFactTest.cell(4);

    /** Each op's terms by hand (OpWork's names), before the rows had terms: what x86 and the Cortex-M still get. */
    private static final Map<String, Map<String, Double>> BEFORE = Map.of(
            // 4 MACs of 8x8 in 16 bits, 4 stores, post 6 on each element
            "g", Map.of("Hadamard.op", 1.0, "Hadamard.mac.8x8.t16", 4.0, "Hadamard.out.8", 4.0, "Hadamard.shift", 24.0),
            "s", Map.of("Add.op", 1.0, "Add.elem.8>8", 4.0),
            // c's shift of 1 on each element (its copy's, counted as OpWork counts an add's shifts)
            "u", Map.of("Add.op", 1.0, "Add.elem.8>8", 4.0, "Add.shift", 4.0),
            "v", Map.of("ScalarMul.op", 1.0, "ScalarMul.mac.8x8.t16", 4.0, "ScalarMul.out.8", 4.0,
                    "ScalarMul.shift", 28.0),
            // 16-bit operands, post 8 on each element
            "q", Map.of("Add.op", 1.0, "Add.elem.16>8", 4.0, "Add.shift", 32.0),
            "h", Map.of("Tanh.op", 1.0, "Tanh.elem.8>8", 4.0),
            "H", Map.of("Tanh.op", 1.0, "Tanh.elem.8>16", 4.0),
            // 8x16 in 32 bits, post 14 (15 for n) on each element
            "m", Map.of("Hadamard.op", 1.0, "Hadamard.mac.16x8.t32", 4.0, "Hadamard.out.8", 4.0,
                    "Hadamard.shift", 56.0),
            "n", Map.of("ScalarMul.op", 1.0, "ScalarMul.mac.16x8.t32", 4.0, "ScalarMul.out.8", 4.0,
                    "ScalarMul.shift", 60.0),
            "r", Map.of("Add.op", 1.0, "Add.elem.8>8", 4.0, "Add.shift", 4.0));

    @Test
    void eachRowCountsItsElementsAndKeepsTheOpsOtherTermsAsStandIns() {
        Map<String, Map<String, Double>> avr = parts(true);
        assertEquals(Map.of("Hadamard.loopedop", 1.0, "Hadamard.row.mulshr8", 4.0, "Hadamard.loopedmac.8x8.t16", 4.0,
                "Hadamard.loopedout.8", 4.0, "Hadamard.loopedshift", 24.0), avr.get("g"));
        assertEquals(Map.of("Add.loopedop", 1.0, "Add.row.addshr8", 4.0, "Add.loopedelem.8>8", 4.0), avr.get("s"));
        assertEquals(Map.of("Add.loopedop", 1.0, "Add.row.scalsubshr8", 4.0, "Add.loopedelem.8>8", 4.0,
                "Add.loopedshift", 4.0), avr.get("u"));
        assertEquals(Map.of("ScalarMul.loopedop", 1.0, "ScalarMul.row.scalemulshr8", 4.0,
                "ScalarMul.loopedmac.8x8.t16", 4.0,
                "ScalarMul.loopedout.8", 4.0, "ScalarMul.loopedshift", 28.0), avr.get("v"));
        assertEquals(Map.of("Add.loopedop", 1.0, "Add.row.addhalfshr8", 4.0, "Add.loopedelem.16>8", 4.0,
                "Add.loopedshift", 32.0), avr.get("q"));
        assertEquals(Map.of("Tanh.loopedop", 1.0, "Tanh.row.lookup8", 4.0, "Tanh.loopedelem.8>8", 4.0), avr.get("h"));
        assertEquals(Map.of("Tanh.loopedop", 1.0, "Tanh.row.lookup16", 4.0, "Tanh.loopedelem.8>16", 4.0), avr.get("H"));
        // the 8x16 products' calls (IdiomWork: one an element, the post's bits theirs) are stand-ins too
        assertEquals(Map.of("Hadamard.loopedop", 1.0, "Hadamard.row.mul8x16shr8", 4.0,
                "Hadamard.loopedmac.16x8.t32", 4.0, "Hadamard.loopedout.8", 4.0, "Hadamard.loopedcall.mul8x16_shr_8", 4.0, "Hadamard.loopedcallshift",
                56.0), avr.get("m"));
        assertEquals(Map.of("ScalarMul.loopedop", 1.0, "ScalarMul.row.scalemul8x16shr8", 4.0,
                "ScalarMul.loopedmac.16x8.t32", 4.0, "ScalarMul.loopedout.8", 4.0, "ScalarMul.loopedcall.mul8x16_shr_8", 4.0,
                "ScalarMul.loopedcallshift", 60.0), avr.get("n"));
        assertEquals(BEFORE.get("r"), avr.get("r"), "no row: its terms as they were");
        // a target without the row loops: every op's terms as before
        Map<String, Map<String, Double>> other = parts(false);
        BEFORE.forEach((name, terms) -> assertEquals(terms, other.get(name), name));
    }

    @Test
    void unmeasuredRowsPriceEachOpToTheLastBitAsBefore() {
        Map<String, Double> coefficients = IdiomWorkTest.madeUp(CELL, Map.of());
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        Map<String, Map<String, Double>> avr = parts(true);
        for (String name : BEFORE.keySet()) {
            Map<String, Double> before = new TreeMap<>(BEFORE.get(name));
            if (name.equals("m") || name.equals("n")) { // the post's bits the 8x16 call's, priced as the shift
                String kind = name.equals("m") ? "Hadamard" : "ScalarMul";
                before.put(kind + ".callshift", before.remove(kind + ".shift"));
                before.put(kind + ".call.mul8x16_shr_8", 4.0);
            }
            assertEquals(m.price(before), m.price(avr.get(name)), 0.0, name + " exactly");
            assertTrue(m.unpriced(avr.get(name)).isEmpty(), name);
        }
    }

    @Test
    void aMeasuredRowTakesThePlaceOfItsStandIns() {
        Map<String, Double> coefficients = IdiomWorkTest.madeUp(CELL, Map.of());
        coefficients.put("Hadamard.row.mulshr8", 12.0);
        coefficients.put("Tanh.row.lookup8", 5.0);
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        Map<String, Map<String, Double>> avr = parts(true);
        // g: 4 elements at 12, its call's set-up among them; h: 4 at 5
        assertEquals(4 * 12.0, m.price(avr.get("g")), 1e-9);
        assertEquals(4 * 5.0, m.price(avr.get("h")), 1e-9);
        // H's row unmeasured: its stand-ins, Tanh.op's 0.1 x (1 + 7) and 4 x Tanh.elem.8>16's 0.1 x (1 + 14)
        assertEquals(0.1 * 8 + 4 * 0.1 * 15, m.price(avr.get("H")), 1e-9);
        assertFalse(avr.get("H").containsKey("Tanh.elem.8>16"));
    }

    /** Each top-level op's terms by its value's name, on the AVR (reads rows in order, has the idioms) or not. */
    private static Map<String, Map<String, Double>> parts(boolean avr) {
        Map<String, Map<String, Double>> out = new HashMap<>();
        OpWork.of(CELL, Map.of(), avr).forEach(p -> out.put(p.label(), p.terms()));
        return out;
    }
}
