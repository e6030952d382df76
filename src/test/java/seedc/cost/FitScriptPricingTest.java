package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.ir.Op;

/**
 * scripts/fit-cycle-model prices the benches' terms in Python (its {@code coef_of}, for --evaluate, --refit-kind and
 * the errors it reports) as {@link LinearCycleModel#coefficient} does in Java for the search: a fitted term's
 * coefficient, an unfitted idiom call's (or class-score row's, or dot row's) 0, a flash row read in order or a call's
 * shift bits as their indexed twin, else the mean of the nearest relatives by kind, family and widths; a row's
 * stand-ins where the model did not measure it. Two implementations of one rule: this test
 * prices every term a model could meet (each op kind a term names, each unit and widths the model's coefficients
 * use, their read-in-order and call forms, widths no coefficient has) with both and wants the same figure, so that a
 * change to one (a new family, a new fallback) without the other fails here rather than in a refit's figures.
 */
class FitScriptPricingTest {
    @ParameterizedTest
    @ValueSource(strings = {"avr", "cortex-m", "x86"})
    void theFitScriptPricesEveryTermAndOpAsTheModelDoes(String target, @TempDir Path dir) throws Exception {
        Path model = Path.of("src/main/resources/seedc/cost/" + target + ".json");
        LinearCycleModel java = CycleModels.load("/seedc/cost/" + target + ".json", false);
        List<String> terms = termsToPrice(java.coefficients().keySet());
        List<Map<String, Double>> work = workToPrice();
        Path asked = dir.resolve("asked.json");
        new ObjectMapper().writeValue(asked.toFile(), Map.of("terms", terms, "work", work));
        JsonNode python = new ObjectMapper().readTree(runPython(model, asked));
        JsonNode coefficients = python.get("coefficients");
        assertEquals(terms.size(), coefficients.size());
        int relatives = 0;
        for (String t : terms) {
            double expected = java.coefficient(t);
            assertEquals(expected, coefficients.get(t).asDouble(), 1e-9 * Math.max(1, Math.abs(expected)), t);
            relatives += java.coefficients().containsKey(t) ? 0 : 1;
        }
        assertTrue(relatives > terms.size() / 2, "most terms priced are unfitted: the fallbacks are what is compared");
        for (int k = 0; k < work.size(); k++) {
            double expected = java.price(work.get(k));
            assertEquals(expected, python.get("prices").get(k).asDouble(), 1e-9 * Math.max(1, expected),
                    work.get(k).toString());
        }
    }

    /**
     * Whole ops' work as OpWork, PlaneWork and SubsetWork give it, where the two pricings could part beyond one term's
     * coefficient: a product on bit planes or by subset sums (its kernel's terms beside its dense stand-ins, priced
     * one way where the model measured the kind's kernel and the other where it did not) and an idiom call's shift
     * bits beside the shift term they were taken from, for every kind a product can be; a sign kernel's terms beside
     * the planes' (priced as them where the model has no coefficient of theirs); a class-score row beside its
     * stand-ins; reads of packed parameters beside an op's terms (priced at nothing where the model has no coefficient
     * of theirs).
     */
    private static List<Map<String, Double>> workToPrice() {
        List<Map<String, Double>> work = new ArrayList<>();
        for (String kind : List.of("MatMul", "Conv2d", "Hadamard", "SparseMatMul", "ScalarMul")) {
            work.add(Map.of(kind + ".planeop", 1.0, kind + ".planepack", 40.0, kind + ".planebyte.1x1", 36.0,
                    kind + ".planeout", 3.0, kind + ".densemac.8x8.t16", 24.0, kind + ".denseout.8", 3.0,
                    kind + ".op", 1.0));
            work.add(Map.of(kind + ".planelookup.2x1", 64.0, kind + ".densetap.8", 9.0, kind + ".out.16", 10.0));
            // a sign kernel's writer and reader, and a counter of level numbers in pair rows and in level tables
            // (SignWork), beside the planes' terms
            work.add(Map.of(kind + ".planeop", 1.0, kind + ".planesignpack", 40.0, kind + ".planebyte.1x1", 36.0,
                    kind + ".planesignout", 3.0, kind + ".planeout", 2.0, kind + ".densemac.8x8.t16", 24.0));
            work.add(Map.of(kind + ".planeop", 1.0, kind + ".planepack", 40.0, kind + ".planebyte.2x2", 36.0,
                    kind + ".planelevelout", 3.0, kind + ".denseout.8", 3.0));
            work.add(Map.of(kind + ".planeop", 1.0, kind + ".planepack", 64.0, kind + ".planebyte.2x2", 32.0,
                    kind + ".planetablelevelout", 16.0, kind + ".denseout.8", 16.0));
            work.add(Map.of(kind + ".callshift", 14.0, kind + ".shift", 6.0, kind + ".call.mul8x16_shr2_8", 2.0,
                    kind + ".nextmac.8x16.t16", 12.0, kind + ".op", 1.0));
            // by subset sums: their terms beside the dense stand-ins, at widths fitted (MatMul's, Conv2d's on the
            // Uno) and not
            work.add(Map.of(kind + ".subsetop", 1.0, kind + ".subsetgroup.8", 16.0, kind + ".subsetlookup.8.t16",
                    1024.0, kind + ".subsetplane", 64.0, kind + ".subsetout", 64.0, kind + ".plainmac.8x8.t32", 1024.0,
                    kind + ".plainop", 1.0, kind + ".plainout.8", 64.0, kind + ".plainnextmac.8x8.t16", 8.0));
            work.add(Map.of(kind + ".subsetgroup.16", 16.0, kind + ".subsetlookup.16.t32", 2048.0,
                    kind + ".plaincallshift", 30.0, kind + ".plainshift", 64.0, kind + ".densemac.8x8.t16", 5.0,
                    kind + ".planebyte.1x1", 9.0));
        }
        // the outputs of a product whose weights are wider than 8 bits (PlaneWork.wideOutputs)
        work.add(Map.of("MatMul.planeop", 1.0, "MatMul.planepack", 64.0, "MatMul.planebyte.1x1", 80.0,
                "MatMul.planeout", 10.0, "MatMul.planeoutwide", 10.0, "MatMul.densemac.16x16.t32", 640.0));
        // reads of packed parameters (PackedReadWork) beside the op's other terms: a class-score bias selected among
        // literals, a product's packed weights
        work.add(Map.of("Add.packedread.2", 10.0, "Add.nextelem.16>8", 10.0, "Add.nextop", 1.0, "Add.shift", 10.0));
        work.add(Map.of("MatMul.packedread.2", 2048.0, "MatMul.mac.8x8.t16", 2048.0, "MatMul.op", 1.0,
                "VecOp.packedread.1", 16.0, "VecOp.elem.16>16", 16.0));
        // a max pooling of packed signs (SignWork.pooled) beside a plain one
        work.add(Map.of("Maxpool.signpoolop", 1.0, "Maxpool.signpooltap.8", 256.0, "Maxpool.op", 1.0,
                "Maxpool.tap.8", 1024.0, "Move.byte", 128.0));
        // a class-score row beside its stand-ins (IdiomWork.addRow): the 8x8 row into 8 bits, the 8x16 one
        work.add(Map.of("MatMul.row.addscores8", 8.0, "MatMul.nextop", 2.0, "MatMul.loopednextmac.8x8.t16", 8.0,
                "MatMul.loopednextout.16", 8.0, "MatMul.loopednextshift", 16.0, "SumLoop.loopedcopy.8", 8.0,
                "SumLoop.copy.8", 4.0, "SumLoop.op", 1.0, "SumLoop.iter", 2.0));
        work.add(Map.of("MatMul.row.addscores8x16", 26.0, "MatMul.loopedcall.mul8x16_shr2_8", 26.0,
                "MatMul.loopedcallnextshift", 130.0, "MatMul.loopednextmac.16x8.t32", 26.0, "MatMul.nextop", 1.0,
                "SumLoop.loopedcopy.8", 26.0, "SumLoop.copy.16", 26.0));
        work.addAll(dotRows());
        return work;
    }

    /**
     * Whole-row dot products beside their stand-ins (DotRowWork): 16x8 bits, 1 x 8 times 8 x 32; 8x8, 32 x 10; and two
     * exp kernels beside theirs (ExpKernelWork).
     */
    private static List<Map<String, Double>> dotRows() {
        return List.of(Map.of("MatMul.dotrow.dotrow16x8_16", 256.0, "MatMul.dotrowout.dotrow16x8_16", 32.0,
                        "MatMul.loopedop", 1.0, "MatMul.loopedmac.16x8.t32", 256.0, "MatMul.loopedout.16", 32.0,
                        "MatMul.loopedshift", 192.0, "Tanh.op", 1.0),
                Map.of("MatMul.dotrow.dotrow8x8_16", 320.0, "MatMul.dotrowout.dotrow8x8_16", 10.0,
                        "MatMul.loopedop", 1.0, "MatMul.loopedmac.8x8.t32", 320.0, "MatMul.loopedout.16", 10.0,
                        "MatMul.loopedshift", 10.0),
                // a sigmoid without a table (ExpKernelWork: 16 elements into 16 bits at scale 14) and a tanh beside
                // their stand-ins
                Map.of("Sigmoid.explookup.32", 16.0, "Sigmoid.expshift", 352.0, "Sigmoid.expdiv.16", 16.0,
                        "Sigmoid.expdivbit.16", 224.0, "Sigmoid.tablelessop", 1.0, "Sigmoid.tablelesselem.16>16", 16.0),
                Map.of("Tanh.explookup.32", 16.0, "Tanh.expshift", 128.0, "Tanh.expdiv.16", 16.0,
                        "Tanh.expdivbit.16", 96.0, "Tanh.tablelessop", 1.0, "Tanh.tablelesselem.16>8", 16.0),
                // a loop's part: a class-score row beside an exp kernel, each priced by what the model measured of it
                Map.of("MatMul.row.addscores8", 8.0, "MatMul.loopednextmac.8x8.t16", 8.0, "Exp.explookup.32", 10.0,
                        "Exp.expshift", 20.0, "Exp.tablelessop", 1.0, "Exp.tablelesselem.16>8", 10.0));
    }

    /**
     * With a model that measured the dot rows (avr.json's coefficients and the rows' made-up ones, one row's two terms
     * and the other's one), both price the rows' work alike: the measured row by its terms, the half-measured one by
     * its stand-ins.
     */
    @org.junit.jupiter.api.Test
    void theFitScriptPricesMeasuredDotRowsAsTheModelDoes(@TempDir Path dir) throws Exception {
        Map<String, Double> coefficients = new TreeMap<>(CycleModels.load("/seedc/cost/avr.json", false)
                .coefficients());
        coefficients.put("MatMul.dotrow.dotrow16x8_16", 11.5);
        coefficients.put("MatMul.dotrowout.dotrow16x8_16", 41.25);
        coefficients.put("MatMul.dotrow.dotrow8x8_16", 9.75);
        // the sigmoid's kernel measured, the tanh's but its quotient bits (priced as their relatives), the exp's not
        coefficients.putAll(Map.of("Sigmoid.explookup.32", 61.5, "Sigmoid.expshift", 4.25, "Sigmoid.expdiv.16", 22.0,
                "Sigmoid.expdivbit.16", 10.5, "Tanh.explookup.32", 70.0, "Tanh.expshift", 4.0, "Tanh.expdiv.16", 25.0));
        Path model = dir.resolve("model.json"), asked = dir.resolve("asked.json");
        new ObjectMapper().writeValue(model.toFile(), Map.of("coefficients", coefficients));
        new ObjectMapper().writeValue(asked.toFile(), Map.of("terms", List.of(), "work", dotRows()));
        JsonNode python = new ObjectMapper().readTree(runPython(model, asked));
        LinearCycleModel java = new LinearCycleModel("test", coefficients, Double.NaN, true);
        assertEquals(256 * 11.5 + 32 * 41.25 + java.coefficient("Tanh.op"), java.price(dotRows().get(0)), 1e-9);
        assertEquals(16 * 61.5 + 352 * 4.25 + 16 * 22.0 + 224 * 10.5, java.price(dotRows().get(2)), 1e-9);
        for (int k = 0; k < dotRows().size(); k++) {
            double expected = java.price(dotRows().get(k));
            assertEquals(expected, python.get("prices").get(k).asDouble(), 1e-9 * Math.max(1, expected));
        }
    }

    /**
     * Every op kind a term names (each class {@link Op} permits, the call and the plan's moves, and a kind no model
     * knows) with every unit of the model's terms, in its indexed, read-in-order and idiom-call forms, at each widths
     * the model's terms of that unit have, at widths none has, and at none.
     */
    private static List<String> termsToPrice(Set<String> fitted) {
        Set<String> kinds = new TreeSet<>(List.of("Call", "Move", "Unknown"));
        for (Class<?> c : Op.class.getPermittedSubclasses()) {
            kinds.add(c.getSimpleName());
        }
        TreeMap<String, Set<String>> widthsOfUnit = new TreeMap<>();
        for (String t : fitted) {
            String[] p = t.split("\\.", 3);
            String unit = p.length > 1 ? base(p[1]) : "";
            widthsOfUnit.computeIfAbsent(unit, u -> new TreeSet<>(List.of("", "99x99.t64"))).add(p.length > 2 ? p[2] : "");
        }
        List<String> terms = new ArrayList<>(fitted);
        for (String kind : kinds) {
            for (var unit : widthsOfUnit.entrySet()) {
                for (String form : new String[] {"", OpWork.NEXT, IdiomWork.CALL}) {
                    for (String widths : unit.getValue()) {
                        terms.add(kind + "." + form + unit.getKey() + (widths.isEmpty() ? "" : "." + widths));
                    }
                }
            }
            terms.add(kind + "." + IdiomWork.CALL + ".mul8x16_shr2_8");
            terms.add(kind + "." + IdiomWork.ROW + ".addscores16");
            terms.add(kind + "." + DotRowWork.TERMS + ".dotrow8x16_16");
            terms.add(kind + "." + DotRowWork.OUTPUTS + ".dotrow8x16_16");
            terms.add(kind + "." + SquaredDistanceWork.ELEMENTS + ".sumsq_subrow8");
            terms.add(kind + "." + SquaredDistanceWork.CALLS + ".sumsq_subrow8");
            terms.add(kind + "." + ExpKernelWork.LOOKUP + ".32");
            terms.add(kind + "." + ExpKernelWork.FRACDIV + ".16");
        }
        return List.copyOf(new TreeSet<>(terms));
    }

    /** A unit without its read-in-order or call prefix ("nextmac" and "callshift" are "mac" and "shift"). */
    private static String base(String unit) {
        for (String prefix : new String[] {OpWork.NEXT, IdiomWork.CALL}) {
            if (unit.startsWith(prefix) && unit.length() > prefix.length()) {
                return unit.substring(prefix.length());
            }
        }
        return unit;
    }

    /** The fit script's prices of {@code asked}'s terms and work (JSON) under {@code model}'s coefficients. */
    private static String runPython(Path model, Path asked) throws Exception {
        return FitScriptModule.run(
                "coef = json.load(open(" + FitScriptModule.literal(model) + "))['coefficients']",
                "asked = json.load(open(" + FitScriptModule.literal(asked) + "))",
                "json.dump({'coefficients': {t: module.coef_of(coef, t) for t in asked['terms']},",
                "           'prices': [module.price(coef, m) for m in asked['work']]}, sys.stdout)");
    }
}
