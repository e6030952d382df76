package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.RequiredTool;
import seedc.ir.Op;

/**
 * scripts/fit-cycle-model prices the benches' terms in Python (its {@code coef_of}, for --evaluate, --refit-kind and
 * the errors it reports) as {@link LinearCycleModel#coefficient} does in Java for the search: a fitted term's
 * coefficient, an unfitted idiom call's 0, a flash row read in order or a call's shift bits as their indexed twin,
 * else the mean of the nearest relatives by kind, family and widths. Two implementations of one rule: this test
 * prices every term a model could meet (each op kind a term names, each unit and widths the model's coefficients
 * use, their read-in-order and call forms, widths no coefficient has) with both and wants the same figure, so that a
 * change to one (a new family, a new fallback) without the other fails here rather than in a refit's figures.
 */
class FitScriptPricingTest {
    private static final Path SCRIPT = Path.of("scripts/fit-cycle-model");
    private static final String LOAD_AND_PRICE = String.join("\n",
            "import importlib.machinery, importlib.util, json, sys",
            "loader = importlib.machinery.SourceFileLoader('fit', sys.argv[1])",
            "module = importlib.util.module_from_spec(importlib.util.spec_from_loader('fit', loader))",
            "loader.exec_module(module)",
            "coef = json.load(open(sys.argv[2]))['coefficients']",
            "terms = json.load(open(sys.argv[3]))",
            "json.dump({t: module.coef_of(coef, t) for t in terms}, sys.stdout)");

    @ParameterizedTest
    @ValueSource(strings = {"avr", "cortex-m", "x86"})
    void theFitScriptPricesEveryTermAsTheModelDoes(String target, @TempDir Path dir) throws Exception {
        RequiredTool.command("/usr/bin/python3", "python3");
        RequiredTool.pythonModule("numpy", "python3-numpy");
        RequiredTool.pythonModule("scipy", "python3-scipy");
        Path model = Path.of("src/main/resources/seedc/cost/" + target + ".json");
        LinearCycleModel java = CycleModels.load("/seedc/cost/" + target + ".json", false);
        List<String> terms = termsToPrice(java.coefficients().keySet());
        Path termsFile = dir.resolve("terms.json");
        new ObjectMapper().writeValue(termsFile.toFile(), terms);
        JsonNode python = new ObjectMapper().readTree(runPython(dir, model, termsFile));
        assertEquals(terms.size(), python.size());
        int relatives = 0;
        for (String t : terms) {
            double expected = java.coefficient(t);
            assertEquals(expected, python.get(t).asDouble(), 1e-9 * Math.max(1, Math.abs(expected)), t);
            relatives += java.coefficients().containsKey(t) ? 0 : 1;
        }
        assertTrue(relatives > terms.size() / 2, "most terms priced are unfitted: the fallbacks are what is compared");
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

    private static String runPython(Path dir, Path model, Path terms) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", LOAD_AND_PRICE, SCRIPT.toString(), model.toString(),
                terms.toString()).redirectError(dir.resolve("stderr.txt").toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the fit script's pricing did not finish in 120 s");
        assertEquals(0, p.exitValue(), () -> "python3 failed: " + read(dir.resolve("stderr.txt")));
        return new String(out, StandardCharsets.UTF_8);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
