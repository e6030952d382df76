package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.IdiomCalls.Row;
import seedc.fixed.IdiomCalls.ScoreRow;
import seedc.fixed.IdiomCallsTest;
import seedc.ir.Op;

/**
 * The class-score row as an IR-level fact ({@link IdiomCalls#scoreRow}) against the C that writes it: on small
 * ProtoNNs whose widths and scales are chosen, the fact is worked out by hand from the types below, and the AVR's
 * predict.cpp calls sd_addscores* exactly where and as the fact says (the fact taken as the cost model takes it: dense
 * storage, the weights quantized lazily), and nowhere on x86.
 */
class ClassScoreRowFactTest {
    @TempDir
    Path dir;

    /**
     * Z, its row t8 and the similarity t13 at 8 bits: t8 at scale 7 (the weights' largest, 0.9, is 115 there), t13 at
     * 6 (exp's values reach 1).
     */
    static final Map<String, Integer> EIGHT = Map.of("Z", 8, "t8", 8, "t13", 8);

    @Test
    void anEightByEightProductIsOneRowIntoAnEightOrSixteenBitSum() throws Exception {
        // t8 @7 times t13 @6: an exact 8x8 product at scale 13, stored int16@15: post 7 + 6 - 15 = -2, so L = 2;
        // res int8@6: S = 15 - 6 = 9; Z's row (operand 0, read at k) streams, t13 read once
        FixedProgram into8 = program(bits(EIGHT, "res", 8), Map.of("t8", 7, "t13", 6, "t14", 15, "res", 6));
        assertRowIsTheCs(into8, new ScoreRow(Row.ADDSCORES8, 0, 2, 9));
        // t14 int16@17: L = 17 - 13 = 4; res int16@13: S = 17 - 13 = 4
        FixedProgram into16 = program(EIGHT, Map.of("t8", 7, "t13", 6, "t14", 17, "res", 13));
        assertRowIsTheCs(into16, new ScoreRow(Row.ADDSCORES16, 0, 4, 4));
    }

    @Test
    void anEightBySixteenProductOfCallsIsTheRowOfThoseCalls() throws Exception {
        // t13 int16@14: the 8x16 product at scale 21 into t14 int16@15 shifts 6 (sd_mul8x16_shr2_8's post), res
        // int8@7 takes it 15 - 7 = 8 further (its shift)
        FixedProgram fp = program(Map.of("Z", 8, "t8", 8, "res", 8), Map.of("t8", 7, "t13", 14, "t14", 15, "res", 7));
        assertRowIsTheCs(fp, new ScoreRow(Row.ADDSCORES8X16, 0, 6, 8));
    }

    @Test
    void noRowWhereItsShapeIsNot() throws Exception {
        // a product shifted right (t14 @12: post 7 + 6 - 12 = 1), which the row does not take
        assertRowIsTheCs(program(bits(EIGHT, "res", 8), Map.of("t8", 7, "t13", 6, "t14", 12, "res", 6)), null);
        // no shift into the sum (res int16@15, t14's scale: S = 0; the row shifts by 1 to 15)
        assertRowIsTheCs(program(EIGHT, Map.of("t8", 7, "t13", 6, "t14", 15, "res", 15)), null);
        // every value 16-bit: a 16x16 product
        assertRowIsTheCs(program(Map.of(), Map.of()), null);
        // 2 classes (IdiomCallsTest's ProtoNN), fewer than the row's 4
        FixedProgram two = IdiomCallsTest.program(IdiomCallsTest.PROTONN, IdiomCallsTest.PROTONN_X,
                bits(EIGHT, "res", 8), Map.of("t8", 7, "t13", 6, "t14", 15, "res", 6));
        assertRowIsTheCs(two, null, IdiomCallsTest.WEIGHTS);
    }

    private void assertRowIsTheCs(FixedProgram fp, ScoreRow expected) throws Exception {
        assertRowIsTheCs(fp, expected, IdiomCallsTest.WEIGHTS4);
    }

    /** The fact is {@code expected}; the AVR's C calls the row exactly so (or not at all); x86's never. */
    private void assertRowIsTheCs(FixedProgram fp, ScoreRow expected, Map<String, double[]> weights) throws Exception {
        Op.SumLoop loop = sumLoop(fp);
        Op last = loop.body().ops().getLast();
        assertEquals(expected, fact(fp, weights, new AvrDialect().idioms()).scoreRow(last, loop.out()));
        assertNull(fact(fp, weights, new HostDialect().idioms()).scoreRow(last, loop.out()), "x86 has no row");
        List<String> calls = rowCalls(CBackend.ARDUINO, fp, weights, "arduino", "predict.cpp");
        if (expected == null) {
            assertEquals(List.of(), calls);
        } else {
            int bits = expected.fn() == Row.ADDSCORES16 ? 16 : 8;
            assertEquals(List.of(expected.fn().cName() + "((int" + bits + "_t *)v_" + loop.out().name() + ", sd_next"
                    + expected.streamed() + ", " + (expected.streamed() == 0 ? "sd_once1" : "sd_once0") + ", "
                    + loop.out().size() + ", " + expected.first() + ", " + expected.second() + ")"), calls);
        }
        assertFalse(!rowCalls(CBackend.X86, fp, weights, "x86", "predict.c").isEmpty(), "x86 calls no row");
    }

    private static IdiomCalls fact(FixedProgram fp, Map<String, double[]> weights, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, weights));
    }

    /** The calls of sd_addscores* in the seedc_predict the backend writes (the runtime's definitions left out). */
    private List<String> rowCalls(CBackend backend, FixedProgram fp, Map<String, double[]> weights, String name,
                                  String source) throws Exception {
        String body = predictBody(backend, fp, weights, dir.resolve(name + System.nanoTime()), source);
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile("sd_addscores[0-9x]+\\([^;]*\\)(?=;)").matcher(body);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    /** The seedc_predict the backend writes for fp into {@code out} (its file {@code source}), from its first line. */
    static String predictBody(CBackend backend, FixedProgram fp, Map<String, double[]> weights, Path out,
                              String source) throws Exception {
        backend.emit(fp, weights, EmitOptions.NONE, out);
        String text;
        try (var files = Files.walk(out)) {
            text = Files.readString(files.filter(p -> p.getFileName().toString().equals(source)).findFirst()
                    .orElseThrow());
        }
        return text.substring(text.indexOf("int32_t seedc_predict("));
    }

    private static FixedProgram program(Map<String, Integer> bits, Map<String, Integer> scales) {
        return IdiomCallsTest.program(IdiomCallsTest.PROTONN4, IdiomCallsTest.PROTONN_X, bits, scales,
                IdiomCallsTest.WEIGHTS4);
    }

    private static Map<String, Integer> bits(Map<String, Integer> base, String name, int b) {
        Map<String, Integer> m = new java.util.HashMap<>(base);
        m.put(name, b);
        return m;
    }

    private static Op.SumLoop sumLoop(FixedProgram fp) {
        List<Op.SumLoop> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.SumLoop s) {
                found.add(s);
            }
        });
        assertEquals(1, found.size(), "premise: one sum loop");
        return found.get(0);
    }
}
