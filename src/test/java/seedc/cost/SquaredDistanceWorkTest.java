package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import seedc.codegen.Fixtures;
import seedc.fixed.FixedProgram;

/**
 * OpWork's terms of a squared distance computed in one loop ({@link SquaredDistanceWork}) on protonn-gestures-8, by
 * hand from its program: m = 96 prototypes, d_cap = 16, so the loop body's del = WX - B[i] (16 elements, halved by
 * the sign flag at 16 bits on the Uno: SquaredDistancesTest) and t14 = del^T * del run 96 times. The norm's part
 * counts the loop (16 x 96 elements, 96 calls) and keeps both ops' terms as stand-ins; del's part has none.
 */
class SquaredDistanceWorkTest {
    private static final String FN = "sumsq_shrsubhalf16_row";
    private static Fixtures.Compiled fixture;

    @BeforeAll
    static void compile() {
        fixture = Fixtures.get("protonn-gestures-8", "shiftry");
    }

    @Test
    void theNormCountsTheLoopAndKeepsBothOpsTermsAsStandIns() {
        Map<String, Map<String, Double>> uno = bodyParts(true);
        Map<String, Double> norm = uno.get("t14");
        assertEquals(16.0 * 96, norm.get("MatMul.sqdist." + FN));
        assertEquals(96.0, norm.get("MatMul.sqdistout." + FN));
        assertEquals(Map.of(), uno.get("del"), "del: its work is the norm's loop");
        for (String t : norm.keySet()) {
            String unit = TermName.unit(t);
            assertTrue(unit.startsWith(IdiomWork.LOOPED) || unit.startsWith("sqdist"), t);
        }
        // the stand-ins hold the two ops' work: the norm's 16 x 96 16x16 MACs and del's 16 x 96 halved elements
        assertEquals(16.0 * 96, norm.get("MatMul.loopedmac.16x16.t32"));
        assertEquals(16.0 * 96, norm.get("Add.loopedcall.shrsubhalf16"));
        // a target without the runtime's loops (x86): the two ops' own terms, each on its own op
        Map<String, Map<String, Double>> x86 = bodyParts(false);
        assertEquals(16.0 * 96, x86.get("t14").get("MatMul.mac.16x16.t32"));
        assertEquals(16.0 * 96, x86.get("del").get("Add.elem.16>16"));
    }

    @Test
    void anUnmeasuredLoopPricesItsStandInsAndAMeasuredOneByItsTerms() {
        FixedProgram fp = fixture.fixed();
        Map<String, Double> norm = bodyParts(true).get("t14");
        Map<String, Double> coefficients = new HashMap<>(IdiomWorkTest.madeUp(fp, fixture.model().weights()));
        assertFalse(coefficients.keySet().stream().anyMatch(t -> t.contains("sqdist")), "premise: loop unmeasured");
        LinearCycleModel m = new LinearCycleModel("test", coefficients, Double.NaN, true);
        // unmeasured: exactly the stand-ins under their own names, the loop at nothing
        Map<String, Double> own = new TreeMap<>();
        norm.forEach((t, a) -> {
            TermName q = TermName.of(t);
            if (q.unit().startsWith(IdiomWork.LOOPED)) {
                own.merge(q.withUnit(q.unit().substring(IdiomWork.LOOPED.length())), a, Double::sum);
            }
        });
        assertEquals(m.price(own), m.price(norm), 0.0, "exactly");
        // measured: 1,536 elements at 50 cycles and 96 calls at 30, nothing else
        coefficients.put("MatMul.sqdist." + FN, 50.0);
        coefficients.put("MatMul.sqdistout." + FN, 30.0);
        assertEquals(1536 * 50.0 + 96 * 30.0,
                new LinearCycleModel("test", coefficients, Double.NaN, true).price(norm), 1e-9);
    }

    /** Each op's terms in the per-prototype loop's body (label to terms), on the Uno or on x86. */
    private static Map<String, Map<String, Double>> bodyParts(boolean uno) {
        FixedProgram fp = fixture.fixed();
        OpWork.Priced pricing = OpWork.pricing(fp, fixture.model().weights(), uno);
        Map<String, Map<String, Double>> parts = new HashMap<>();
        fp.program().body().ops().stream().filter(op -> op.out().name().equals("res"))
                .forEach(op -> pricing.byOp(op).forEach(p -> parts.put(p.label(), p.terms())));
        return parts;
    }
}
