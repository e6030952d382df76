package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.CDialect;
import seedc.codegen.c.dialect.CortexMDialect;
import seedc.codegen.c.dialect.HlsDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.cost.CycleModels;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.IdiomCallsTest;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;

/**
 * The AVR's C makes exactly the runtime idiom calls the IR-level fact names ({@link IdiomCalls}): on the small
 * programs of IdiomCallsTest, each function's call sites in seedc_predict are the ops the fact gives it (none where it
 * gives none); and the cost model, which reads the same fact, has the idioms on exactly the targets whose C has them.
 */
class AvrIdiomCallsTest {
    @TempDir
    Path dir;

    @Test
    void theCEmitsTheCallsTheFactNames() throws Exception {
        String xb = IdiomCallsTest.XB;
        double[] p = IdiomCallsTest.PROTONN_X, x = IdiomCallsTest.XB_X;
        List<FixedProgram> programs = List.of(
                IdiomCallsTest.program(IdiomCallsTest.PROTONN, p, Map.of("Z", 8, "t8", 8, "res", 8), Map.of()),
                IdiomCallsTest.program(IdiomCallsTest.PROTONN, p, Map.of("Z", 8, "t8", 8), Map.of()),
                IdiomCallsTest.program(xb + "X <*> B", x, Map.of("B", 8), Map.of()),
                IdiomCallsTest.program(xb + "X <*> B", x, Map.of("B", 8, "t3", 8), Map.of()),
                IdiomCallsTest.program(xb + "X <*> B", x, Map.of("B", 8, "X", 8), Map.of()),
                IdiomCallsTest.program(xb + "X - B", x, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 5)),
                IdiomCallsTest.program(xb + "X + B", x, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 4)),
                IdiomCallsTest.program(xb + "X - B", x, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 6)));
        int named = 0;
        for (int i = 0; i < programs.size(); i++) {
            FixedProgram fp = programs.get(i);
            Map<String, Integer> fact = named(fp);
            named += fact.values().stream().mapToInt(Integer::intValue).sum();
            assertEquals(fact, emitted(fp, dir.resolve("p" + i)), "program " + i + ":\n" + fp.irText());
        }
        // shr2_8 and shrsubhalf16 (ProtoNN at 8 bits), shrsubhalf16 (at 16), shr_16, shr_8, none (8x8), shrsubhalf8,
        // shraddhalf8, none (no halving)
        assertEquals(2 + 1 + 1 + 1 + 0 + 1 + 1 + 0, named, "premise: calls of every kind but the 16-bit halving add");
    }

    @Test
    void eachTargetsCostModelHasTheIdiomsItsCHas() {
        for (CDialect d : List.of(new AvrDialect(), new CortexMDialect(), new HostDialect(), new HlsDialect())) {
            // OpWork gives every idiom to a target that streams flash rows, and none to the others
            IdiomCalls.Flags expected = CycleModels.linear(d.id()).readsFlashRowsInOrder() ? IdiomCalls.Flags.ALL
                    : IdiomCalls.Flags.NONE;
            assertEquals(expected, d.idioms(), d.id());
        }
    }

    /** The calls the fact names, by C function, one an op (ops with none left out). */
    private static Map<String, Integer> named(FixedProgram fp) {
        IdiomCalls calls = new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), IdiomCalls.Flags.ALL,
                new QuantizedModel(fp, IdiomCallsTest.WEIGHTS)::stored);
        Map<String, Integer> out = new TreeMap<>();
        fp.program().forEachOp(op -> {
            IdiomCalls.Call c = op instanceof Op.Add ? calls.halvedSum(op) : calls.element(op);
            if (op instanceof Op.SumLoop s) {
                c = calls.addedTerm(s.body().ops().getLast(), s.out());
            }
            if (c != null) {
                out.merge(c.fn().cName(), 1, Integer::sum);
            }
        });
        return out;
    }

    /**
     * The idiom calls in the AVR build's seedc_predict (after the runtime that defines them), by function; a call of
     * its row loop ({@code sd_shrsubhalf8_row}) or of its squared-distance loop ({@code sd_sumsq_shrsubhalf8_row})
     * counts as the function's.
     */
    private static Map<String, Integer> emitted(FixedProgram fp, Path out) throws Exception {
        CBackend.ARDUINO.emit(fp, IdiomCallsTest.WEIGHTS, EmitOptions.NONE, out);
        Path src;
        try (var files = Files.walk(out)) {
            src = files.filter(f -> f.getFileName().toString().equals("predict.cpp")).findFirst().orElseThrow();
        }
        String text = Files.readString(src);
        String body = text.substring(text.indexOf("int32_t seedc_predict("));
        Map<String, Integer> found = new TreeMap<>();
        for (IdiomCalls.Runtime r : IdiomCalls.Runtime.values()) {
            // a halved sum over a whole row is one call of the function's row loop (HalvedDistance.row), or of its
            // squared-distance loop where only a squared norm reads it (SquaredDistances: sd_sumsq_shrsubhalf16_row)
            String squared = "sd_sumsq_" + r.cName().substring("sd_".length());
            int n = body.split("\\b(?:" + java.util.regex.Pattern.quote(r.cName()) + "|"
                    + java.util.regex.Pattern.quote(squared) + ")(_row)?\\(", -1).length - 1;
            if (n > 0) {
                found.put(r.cName(), n);
            }
        }
        return found;
    }
}
