package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.fixed.ElementwiseRowLoops.Fn;
import seedc.fixed.ElementwiseRowLoops.Row;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.IdiomCallsTest;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The element-wise row loops as an IR-level fact ({@link IdiomCalls#elementwiseRow}) against the C that writes them:
 * on a small program of 4 elements whose types are chosen (below), every row kind the fact names is worked out by hand
 * from the types, and the AVR's predict.cpp calls exactly those rows with those arguments (the fact taken as the cost
 * model takes it: dense storage, the weights quantized lazily), x86's none, and 3 elements none.
 */
public class ElementwiseRowFactTest {
    /**
     * X int8@6; c = 0.5 int8@7 and d = 0.25 int16@15 in flash; h = tanh(X) int8@6 and H = tanh(X) int16@14 (tables);
     * g = h X, s = g + X, u = c - s, v = c u, q = H + H, m = H X, n = d X, all int8@6; r = v + q int8@5 (the
     * result, 16-bit).
     */
    public static final String CELL = "let c = 0.5 in let d = 0.25 in let h = tanh(X) in let H = tanh(X) in"
            + " let g = h <*> X in let s = g + X in let u = c - s in let v = c * u in let q = H + H in"
            + " let m = H <*> X in let n = d * X in let r = v + q in r + (m + n)";
    public static final Map<String, Integer> BITS = java.util.stream.Stream.of("X", "c", "h", "g", "s", "u", "v", "q",
            "m", "n", "r").collect(java.util.stream.Collectors.toMap(n -> n, n -> 8));
    public static final Map<String, Integer> SCALES = Map.ofEntries(Map.entry("X", 6), Map.entry("h", 6),
            Map.entry("H", 14), Map.entry("g", 6), Map.entry("s", 6), Map.entry("c", 7), Map.entry("d", 15),
            Map.entry("u", 6), Map.entry("v", 6), Map.entry("q", 6), Map.entry("m", 6), Map.entry("n", 6),
            Map.entry("r", 5));

    @TempDir
    Path dir;

    /** The cell on 4 elements (X's values), or on 3. */
    public static FixedProgram cell(int elements) {
        double[] x = elements == 4 ? IdiomCallsTest.XB_X : new double[] {0.25, -0.5, 0.75};
        return IdiomCallsTest.program("let X = (" + elements + ", 1) in [-1, 1] in " + CELL, x, BITS, SCALES, Map.of());
    }

    @Test
    void eachRowIsWhatTheTypesGiveAndTheCCallsIt() throws Exception {
        FixedProgram fp = cell(4);
        IdiomCalls avr = fact(fp, new AvrDialect().idioms()), x86 = fact(fp, new HostDialect().idioms());
        // tables of tanh on the 8-bit X: into 8 and 16 bits
        assertRow(fp, avr, "h", new Row(Fn.LOOKUP8, v(fp, "X"), null, 0, List.of()));
        assertRow(fp, avr, "H", new Row(Fn.LOOKUP16, v(fp, "X"), null, 0, List.of()));
        // h@6 times X@6 is exact in 16 bits at scale 12, shifted 12 - 6 = 6 into g@6
        assertRow(fp, avr, "g", new Row(Fn.MULSHR8, v(fp, "h"), v(fp, "X"), 0, List.of(6)));
        // g@6 + X@6 into s@6: no shift anywhere, the 9-bit sum cut to 8
        assertRow(fp, avr, "s", new Row(Fn.ADDSHR8, v(fp, "g"), v(fp, "X"), 0, List.of(0, 0)));
        // c@7 - s@6 at scale 6: c's copy shifted 1 at compile time, s unshifted
        assertRow(fp, avr, "u", new Row(Fn.SCALSUBSHR8, v(fp, "s"), v(fp, "c"), 1, List.of(0)));
        // c@7 times u@6: scale 13, shifted 7 into v@6
        assertRow(fp, avr, "v", new Row(Fn.SCALEMULSHR8, v(fp, "u"), v(fp, "c"), 0, List.of(7)));
        // H@14 + H@14: a 17-bit sum (32-bit width) shifted 14 - 6 = 8, the halving one of them, 7 after it
        assertRow(fp, avr, "q", new Row(Fn.ADDHALFSHR8, v(fp, "H"), v(fp, "H"), 0, List.of(0, 0, 7)));
        // H@14 times X@6, 8x16 at scale 20, 14 into m@6 by sd_mul8x16_shr_8: the row of those calls, X first
        assertRow(fp, avr, "m", new Row(Fn.MUL8X16SHR8, v(fp, "X"), v(fp, "H"), 0, List.of(14)));
        // d@15 (16 bits in flash) times X@6: scale 21, 15 into n@6
        assertRow(fp, avr, "n", new Row(Fn.SCALEMUL8X16SHR8, v(fp, "X"), v(fp, "d"), 0, List.of(15)));
        // v@6 + q@6 into r@5: shifted 1 after the sum, which no row does
        assertRow(fp, avr, "r", null);
        fp.program().forEachOp(op -> assertNull(x86.elementwiseRow(op), "x86 has no row: " + op.out().name()));
        List<String> expected = List.of(
                "sd_lookup8_row((int8_t *)v_h, (const int8_t *)v_X, (const int8_t *)TABLE, 4)",
                "sd_lookup16_row((int16_t *)v_H, (const int8_t *)v_X, (const int16_t *)TABLE, 4)",
                "sd_mulshr8_row((int8_t *)v_g, (const int8_t *)v_h, (const int8_t *)v_X, 4, 6)",
                "sd_addshr8_row((int8_t *)v_s, (const int8_t *)v_g, (const int8_t *)v_X, 4, 0, 0)",
                "sd_scalsubshr8_row((int8_t *)v_u, (int8_t)FLASH, (const int8_t *)v_s, 4, 0)",
                "sd_scalemulshr8_row((int8_t *)v_v, (const int8_t *)v_u, (int8_t)FLASH, 4, 7)",
                "sd_addhalfshr8_row((int8_t *)v_q, (const int16_t *)v_H, (const int16_t *)v_H, 4, 0, 0, 7)",
                "sd_mul8x16shr8_row((int8_t *)v_m, (const int8_t *)v_X, (const int16_t *)v_H, 4, 14)",
                "sd_scalemul8x16shr8_row((int8_t *)v_n, (const int8_t *)v_X, (int16_t)FLASH, 4, 15)");
        assertEquals(expected, rowCalls(CBackend.ARDUINO, fp, "arduino", "predict.cpp"));
        assertEquals(List.of(), rowCalls(CBackend.X86, fp, "x86", "predict.c"));
    }

    /**
     * The rows with a 16-bit side: X int8@6, c = 0.5 int8@7 in flash, h = tanh(X) int8@6 and H = tanh(X) int16@14
     * (tables); u = c - H and e = H + c int8@7 (fastgrnn-gestures12-8's 1 - g), w = h X int16@14; the rest as the
     * strategy gives it.
     */
    @Test
    void wideRowsAreWhatTheTypesGiveAndTheCCallsIt() throws Exception {
        String text = "let X = (4, 1) in [-1, 1] in let c = 0.5 in let h = tanh(X) in let H = tanh(X) in"
                + " let u = c - H in let e = H + c in let w = h <*> X in (w + H) + (u + e)";
        Map<String, Integer> bits = Map.of("X", 8, "c", 8, "h", 8, "u", 8, "e", 8, "H", 16, "w", 16);
        Map<String, Integer> scales = Map.of("X", 6, "c", 7, "h", 6, "H", 14, "u", 7, "e", 7, "w", 14);
        FixedProgram fp = IdiomCallsTest.program(text, IdiomCallsTest.XB_X, bits, scales, Map.of());
        IdiomCalls avr = fact(fp, new AvrDialect().idioms()), x86 = fact(fp, new HostDialect().idioms());
        // c@7 - H@14 at scale 7: c unshifted, H read shifted 7 (9 bits), the 10-bit sum cut to 8, no shift after
        assertRow(fp, avr, "u", new Row(Fn.SCALSUB16SHR8, v(fp, "H"), v(fp, "c"), 0, List.of(7)));
        // H@14 + c@7: the array first, the scalar after it, the same shifts
        assertRow(fp, avr, "e", new Row(Fn.SCALADD16SHR8, v(fp, "H"), v(fp, "c"), 0, List.of(7)));
        // h@6 times X@6, exact in 16 bits at scale 12, shifted left 2 into w@14 (18 bits: the low 16 kept)
        assertRow(fp, avr, "w", new Row(Fn.MULSHL16, v(fp, "h"), v(fp, "X"), 0, List.of(2)));
        fp.program().forEachOp(op -> assertNull(x86.elementwiseRow(op), "x86 has no row: " + op.out().name()));
        List<String> calls = rowCalls(CBackend.ARDUINO, fp, "arduino-wide", "predict.cpp");
        for (String call : List.of("sd_scalsub16shr8_row((int8_t *)v_u, (int8_t)FLASH, (const int16_t *)v_H, 4, 7)",
                "sd_scaladd16shr8_row((int8_t *)v_e, (int8_t)FLASH, (const int16_t *)v_H, 4, 7)",
                "sd_mulshl16_row((int16_t *)v_w, (const int8_t *)v_h, (const int8_t *)v_X, 4, 2)")) {
            assertEquals(1, calls.stream().filter(call::equals).count(), call + " in " + calls);
        }
        assertEquals(List.of(), rowCalls(CBackend.X86, fp, "x86-wide", "predict.c"));
    }

    @Test
    void threeElementsAreNoRow() throws Exception {
        FixedProgram fp = cell(3);
        IdiomCalls avr = fact(fp, new AvrDialect().idioms());
        fp.program().forEachOp(op -> assertNull(avr.elementwiseRow(op), "3 elements: " + op.out().name()));
        assertEquals(List.of(), rowCalls(CBackend.ARDUINO, fp, "arduino3", "predict.cpp"));
    }

    private static void assertRow(FixedProgram fp, IdiomCalls calls, String name, Row expected) {
        assertEquals(expected, calls.elementwiseRow(op(fp, name)), name);
    }

    static IdiomCalls fact(FixedProgram fp, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, Map.of()));
    }

    static Op op(FixedProgram fp, String name) {
        List<Op> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op.out().name().equals(name)) {
                found.add(op);
            }
        });
        assertEquals(1, found.size(), "premise: one op named " + name);
        return found.get(0);
    }

    private static Value v(FixedProgram fp, String name) {
        return op(fp, name).out();
    }

    /**
     * The calls of the element-wise row loops in the seedc_predict the backend writes, a table's name as TABLE and a
     * flash read as FLASH (their names are the constants' writer's).
     */
    private List<String> rowCalls(CBackend backend, FixedProgram fp, String name, String source) throws Exception {
        String body = ClassScoreRowFactTest.predictBody(backend, fp, Map.of(), dir.resolve(name), source);
        List<String> found = new ArrayList<>();
        Matcher m = ElementwiseRowCallsTest.ROW_CALL_OR_LOOKUP.matcher(body);
        while (m.find()) {
            found.add(m.group().replaceAll("SD_R\\d+\\([^()]*\\)", "FLASH").replaceAll("\\bl_\\d+\\b", "TABLE"));
        }
        return found;
    }
}
