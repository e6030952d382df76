package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.fixed.DotRowProducts.Fn;
import seedc.fixed.DotRowProducts.Row;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.IdiomCallsTest;
import seedc.ir.Op;

/**
 * The whole-row dot product as an IR-level fact ({@link IdiomCalls#dotRow}) against the C that writes it: on a small
 * product t = X^T * W (one row of 4 activations t3 in RAM, 4 x 6 weights W in flash) whose widths and scales are
 * chosen (into 16 or 8 bits, shifted right, left or not at all), the fact is worked out by hand from the types below,
 * and the AVR's predict.cpp calls sd_dotrow* exactly where and as the fact says (the fact taken as the cost model
 * takes it: dense storage, the weights quantized lazily), and x86's never.
 */
class DotRowFactTest {
    static final String SOURCE = "let X = (4, 1) in [-1, 1] in let W = (4, 6) in [-1, 1] in let t = X^T * W in t";
    /** W's largest magnitude is 0.9: at scale 7 (8 bits) 115, at 15 (16 bits) 29491, which needs 16 bits. */
    static final Map<String, double[]> WEIGHTS = Map.of("W", new double[] {0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7,
            -0.8, 0.9, -0.1, 0.2, -0.3, 0.4, -0.5, 0.6, -0.7, 0.8, -0.9, 0.15, -0.25, 0.35, -0.45, 0.55, -0.65});

    @TempDir
    Path dir;

    @Test
    void eightAndSixteenBitRowsAreOneCallWithThePostAsTheirShift() throws Exception {
        // t3 int8@6 by W int8@7: products at scale 13, t4 int16@8: post 5
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8), Map.of("t3", 6, "W", 7, "t4", 8)),
                new Row(Fn.DOTROW8X8_16, 4, 6, 5));
        // t3 int16@14 by W int8@7: scale 21, t4 int16@12: post 9
        assertRowIsTheCs(program(Map.of("W", 8), Map.of("t3", 14, "W", 7, "t4", 12)),
                new Row(Fn.DOTROW16X8_16, 4, 6, 9));
        // t3 int8@6 by W int16@15 (its copy needs 16 bits: 29491): scale 21, t4 int16@6: post 15
        assertRowIsTheCs(program(Map.of("t3", 8), Map.of("t3", 6, "W", 15, "t4", 6)),
                new Row(Fn.DOTROW8X16_16, 4, 6, 15));
    }

    @Test
    void noRowWhereItsShapeIsNot() throws Exception {
        // every value 16-bit: a 16x16 product
        assertRowIsTheCs(program(Map.of(), Map.of("t3", 14, "W", 15, "t4", 16)), null);
        // post 16: the shifted sum fits 16 bits and the C stores it with no wrap
        assertRowIsTheCs(program(Map.of("W", 8), Map.of("t3", 14, "W", 7, "t4", 5)), null);
        // W int16@6, whose copy's largest (0.9: 58) fits 8 bits, by t3 int16@14: the types' product needs 64 bits
        // (width 64), not the row's 32
        assertRowIsTheCs(program(Map.of(), Map.of("t3", 14, "W", 6, "t4", 12)), null);
        // into 8 bits, post 24 (t3 int16@14 by W int8@7: 21; t4 int8@-3): the shifted sum fits 8 bits, no wrap
        assertRowIsTheCs(program(Map.of("W", 8, "t4", 8), Map.of("t3", 14, "W", 7, "t4", -3)), null);
        // into 8 bits shifted left by 8 (8x8 at 13, t4 int8@21): the C stores 0
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8, "t4", 8), Map.of("t3", 6, "W", 7, "t4", 21)), null);
        // into 16 bits shifted left by 16 (t4 int16@29): 0 again
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8), Map.of("t3", 6, "W", 7, "t4", 29)), null);
    }

    @Test
    void eightBitResultsAreOneCallWithThePostAsTheirShift() throws Exception {
        // t3 int8@6 by W int8@7: 13, t4 int8@3: post 10 (the C shifts the 32-bit sum)
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8, "t4", 8), Map.of("t3", 6, "W", 7, "t4", 3)),
                new Row(Fn.DOTROW8X8_8, 4, 6, 10));
        // t4 int8@6: post 7 (the C shifts the sum's low 16 bits, biased)
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8, "t4", 8), Map.of("t3", 6, "W", 7, "t4", 6)),
                new Row(Fn.DOTROW8X8_8, 4, 6, 7));
        // t4 int8@5: post 8, the last the C shifts in 16 bits
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8, "t4", 8), Map.of("t3", 6, "W", 7, "t4", 5)),
                new Row(Fn.DOTROW8X8_8, 4, 6, 8));
        // t4 int8@4: post 9, the first it shifts in 32
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8, "t4", 8), Map.of("t3", 6, "W", 7, "t4", 4)),
                new Row(Fn.DOTROW8X8_8, 4, 6, 9));
        // t3 int16@14 by W int8@7: 21, t4 int8@2: post 19 (the sum's high bytes)
        assertRowIsTheCs(program(Map.of("W", 8, "t4", 8), Map.of("t3", 14, "W", 7, "t4", 2)),
                new Row(Fn.DOTROW16X8_8, 4, 6, 19));
        // t3 int8@6 by W int16@15: 21, t4 int8@10: post 11
        assertRowIsTheCs(program(Map.of("t3", 8, "t4", 8), Map.of("t3", 6, "W", 15, "t4", 10)),
                new Row(Fn.DOTROW8X16_8, 4, 6, 11));
    }

    @Test
    void sumsStoredUnshiftedOrShiftedLeftAreOneShlCall() throws Exception {
        // t3 int8@6 by W int8@7: 13, t4 int16@13: post 0, the sum stored as it is
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8), Map.of("t3", 6, "W", 7, "t4", 13)),
                new Row(Fn.DOTROW8X8_16SHL, 4, 6, 0));
        // t4 int16@15: post -2, the sum shifted left by 2
        assertRowIsTheCs(program(Map.of("t3", 8, "W", 8), Map.of("t3", 6, "W", 7, "t4", 15)),
                new Row(Fn.DOTROW8X8_16SHL, 4, 6, 2));
        // t3 int16@14 by W int8@7: 21, t4 int16@30: post -9
        assertRowIsTheCs(program(Map.of("W", 8), Map.of("t3", 14, "W", 7, "t4", 30)),
                new Row(Fn.DOTROW16X8_16SHL, 4, 6, 9));
        // t3 int8@6 by W int16@15: 21, t4 int8@22: post -1 into 8 bits
        assertRowIsTheCs(program(Map.of("t3", 8, "t4", 8), Map.of("t3", 6, "W", 15, "t4", 22)),
                new Row(Fn.DOTROW8X16_8SHL, 4, 6, 1));
    }

    /** The fact is {@code expected}; the AVR's C calls the row exactly so (or not at all); x86's never. */
    private void assertRowIsTheCs(FixedProgram fp, Row expected) throws Exception {
        Op.MatMul m = product(fp);
        assertEquals(expected, fact(fp, new AvrDialect().idioms()).dotRow(m));
        assertNull(fact(fp, new HostDialect().idioms()).dotRow(m), "x86 has no row");
        List<String> calls = rowCalls(CBackend.ARDUINO, fp, "arduino", "predict.cpp");
        if (expected == null) {
            assertEquals(List.of(), calls);
        } else {
            String b = "int" + expected.fn().bBits + "_t";
            assertEquals(1, calls.size(), calls.toString());
            assertEquals(expected.fn().cName() + "((int" + expected.fn().outBits + "_t *)v_t4, (const int"
                    + expected.fn().aBits
                    + "_t *)v_t3, (const " + b + " *)(p_W_vN + (0)), 6, 4, " + expected.shift() + ")", calls.get(0));
        }
        assertEquals(List.of(), rowCalls(CBackend.X86, fp, "x86", "predict.c"), "x86 calls no row");
    }

    private static IdiomCalls fact(FixedProgram fp, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, WEIGHTS));
    }

    /** The calls of sd_dotrow* in seedc_predict, the weights' copy's number written N. */
    private List<String> rowCalls(CBackend backend, FixedProgram fp, String name, String source) throws Exception {
        String body = ClassScoreRowFactTest.predictBody(backend, fp, WEIGHTS, dir.resolve(name + System.nanoTime()),
                source);
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile("sd_dotrow[0-9a-z_]+\\([^;]*\\)(?=;)").matcher(body);
        while (m.find()) {
            found.add(m.group().replaceAll("p_W_v[0-9]+", "p_W_vN"));
        }
        return found;
    }

    private static FixedProgram program(Map<String, Integer> bits, Map<String, Integer> scales) {
        Map<String, Integer> b = new HashMap<>(bits);
        b.putIfAbsent("X", 8);
        return IdiomCallsTest.program(SOURCE, new double[] {0.25, -0.5, 0.75, -1}, b, scales, WEIGHTS);
    }

    private static Op.MatMul product(FixedProgram fp) {
        Op.MatMul[] found = new Op.MatMul[1];
        fp.program().forEachOp(op -> {
            if (op instanceof Op.MatMul mm) {
                found[0] = mm;
            }
        });
        return found[0];
    }
}
