package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;

/**
 * OpWork's terms of flash rows read in order, counted by hand on a ProtoNN of 3 prototypes of 2 elements and 2
 * classes at SeeDot's 16 bits (every value 16-bit): where the target streams, the distance X - P[i] has its 2
 * elements a prototype as {@code Add.nextelem.16>16} (6 over the loop) and the class scores Z[i] * s their 2 MACs a
 * prototype as {@code MatMul.nextmac} (6), each op's other terms {@code next} too; where it does not, the same
 * amounts are {@code elem}, {@code mac}, ...
 */
class StreamedReadWorkTest {
    private static final Map<String, double[]> WEIGHTS = Map.of(
            "P", new double[] {0.1, -0.2, 0.3, -0.4, 0.5, 0.6},
            "Z", new double[] {0.7, -0.3, 0.2, 0.9, -0.8, 0.4});

    private static final String PROTONN = "let X = (2, 1) in [-1, 1] in let P = (3, 2, 1) in [-1, 1] in"
            + " let Z = (3, 2, 1) in [-1, 1] in let g = 0.5 in"
            + " let res = $(i = [0:3]) ( let del = X - P[i] in Z[i] * exp(-g * (del^T * del)) ) in res";

    @Test
    void theStreamedSumsAndProductsHaveTermsOfTheirOwnWhereTheTargetStreams() {
        FixedProgram fp = program();
        String t = "t" + productTermWidth(fp);
        Map<String, Double> streamed = loopTerms(OpWork.of(fp, WEIGHTS, true));
        Map<String, Double> indexed = loopTerms(OpWork.of(fp, WEIGHTS, false));
        // 3 iterations x 2 elements of X - P[i]; 3 x 2 MACs of Z[i] (2 x 1) times the similarity (1 x 1)
        assertEquals(6.0, streamed.get("Add.nextelem.16>16"));
        assertEquals(6.0, streamed.get("MatMul.nextmac.16x16." + t));
        assertFalse(streamed.containsKey("Add.elem.16>16"));
        // every term of those two ops is their own: 3 runs of each, the product's 6 results
        assertEquals(3.0, streamed.get("Add.nextop"));
        assertEquals(3.0, streamed.get("MatMul.nextop"));
        assertEquals(6.0, streamed.get("MatMul.nextout.16"));
        // the other product, del^T * del, keeps its runs: 3; exp's 16-bit input has its exp kernel's terms (its own
        // as stand-ins, ExpKernelWork) on that target
        assertEquals(3.0, streamed.get("MatMul.op"));
        assertEquals(3.0, streamed.get("Exp." + ExpKernelWork.STAND_IN + "op"));
        assertEquals(3.0, indexed.get("Exp.op"));
        assertEquals(6.0, indexed.get("Add.elem.16>16"));
        assertEquals(6.0 + 6.0, indexed.get("MatMul.mac.16x16." + t), "with del^T * del's 2 MACs an iteration");
        assertFalse(indexed.keySet().stream().anyMatch(k -> k.contains(".next")));
        // the similarity's product del^T * del (2 MACs an iteration, 6) reads no flash: the same term either way
        assertEquals(6.0, streamed.get("MatMul.mac.16x16." + t));
        // the rest is the same work: the same terms but those renamed (exp's stand-ins under their own names, its
        // kernel's terms left out)
        Map<String, Double> renamed = new HashMap<>();
        streamed.forEach((k, v) -> {
            String unit = TermName.unit(k);
            if (!unit.startsWith(ExpKernelWork.KERNEL)) {
                String own = unit.startsWith(ExpKernelWork.STAND_IN)
                        ? TermName.of(k).withUnit(unit.substring(ExpKernelWork.STAND_IN.length())) : k;
                renamed.merge(TermPrices.indexedTwin(own), v, Double::sum);
            }
        });
        assertEquals(indexed, renamed);
    }

    @Test
    void aModelThatNeverMeasuredAStreamedReadPricesItAsItsIndexedTwin() {
        FixedProgram fp = program();
        Map<String, Double> coefficients = new HashMap<>();
        for (OpWork.Part p : OpWork.of(fp, WEIGHTS, false)) {
            p.terms().keySet().forEach(k -> coefficients.put(k, 1.0 + k.length())); // made up, one per term
        }
        LinearCycleModel indexed = new LinearCycleModel("test", coefficients, Double.NaN, false);
        LinearCycleModel streaming = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(indexed.estimate(fp, WEIGHTS).total(), streaming.estimate(fp, WEIGHTS).total(), 1e-9);
        assertEquals(1.0, streaming.fittedShare(fp, WEIGHTS), 1e-12, "priced from the measured twins");
        // fitted, the element read in order costs its own: 6 elements at 4 cycles in place of 6 at Add.elem.16>16's
        // 1 + 14 (its name's length) = 15
        coefficients.put("Add.nextelem.16>16", 4.0);
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(indexed.estimate(fp, WEIGHTS).total() - 6 * 15 + 6 * 4, fitted.estimate(fp, WEIGHTS).total(),
                1e-9);
        // an unfitted one at other widths: its twin Add.elem.8>8, unfitted too, is Add.elem at any widths: 15
        assertEquals(15.0, fitted.coefficient("Add.nextelem.8>8"), 1e-12);
    }

    @Test
    void twinsAreTheSameTermReadByIndex() {
        assertEquals("MatMul.mac.8x8.t32", TermPrices.indexedTwin("MatMul.nextmac.8x8.t32"));
        assertEquals("Add.elem.16>8", TermPrices.indexedTwin("Add.nextelem.16>8"));
        assertEquals("Add.elem.16>8", TermPrices.indexedTwin("Add.elem.16>8"));
        assertEquals("Add.op", TermPrices.indexedTwin("Add.op"));
        assertEquals("Add.op", TermPrices.indexedTwin("Add.nextop"));
        assertEquals("MatMul.shift", TermPrices.indexedTwin("MatMul.nextshift"));
        assertTrue(CycleModels.linear("arduino").readsFlashRowsInOrder());
        assertFalse(CycleModels.linear("cortex-m").readsFlashRowsInOrder());
        assertFalse(CycleModels.linear("x86").readsFlashRowsInOrder());
    }

    /** The sum loop's part: its own terms and its body's. */
    private static Map<String, Double> loopTerms(List<OpWork.Part> parts) {
        return parts.stream().filter(p -> p.kind().equals("SumLoop")).findFirst().orElseThrow().terms();
    }

    /** The products' summed terms' width class (16 or 32), from their params: the same for both products. */
    private static String productTermWidth(FixedProgram fp) {
        java.util.TreeSet<String> w = new java.util.TreeSet<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.MatMul) {
                w.add(fp.params(op, OpParams.Mul.class).width() <= 16 ? "16" : "32");
            }
        });
        assertEquals(1, w.size(), "premise: both products sum in terms of one width");
        return w.first();
    }

    private static FixedProgram program() {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", PROTONN)).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, WEIGHTS).run(new double[] {0.25, -0.5}, prof);
        FixedProgram fp = SeeDotStrategy.assign(p, prof, WEIGHTS, ContainerWidths.C, 16, 12);
        p.forEachOp(op -> {
            if (!op.out().isInt()) {
                assertEquals(16, fp.type(op.out()).container(), "premise: every value 16-bit");
            }
        });
        return fp;
    }
}
