package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;

/**
 * FastGRNN's gates on the AVR are calls of the element-wise row loops (seedc.codegen.c.emit.ElementwiseRows), and only
 * there: fastgrnn-digits-10 with the mixed 8/16-bit strategy (the default's) has, in its cell, c = a + b of two 16-bit
 * products halved into 8 bits, t24 = 1 - g with 1 a constant in flash, t25 = zeta * t24 with zeta one 8-bit constant,
 * H_2 = t22 + t27 of two 16-bit products, and those products t22 = g <*> H, t27 = t26 <*> h, two 8-bit arrays
 * shifted left by 2 into 16 bits, and t26 = t25 + nu, an 8-bit array and a flash scalar summed and halved into 8 bits
 * (the program's ops and types, read from its IR text); the AVR build writes
 * each of these loops as one call, and the x86 and Cortex-M builds write none (their C stays as it was). That the calls
 * compute the loops' integers is AvrElementwiseRowsTest's (each kernel against Java) and ArduinoDifferentialTest's
 * (this program on the device against the interpreter).
 */
class ElementwiseRowCallsTest {
    static final Pattern ROW_CALL = Pattern.compile("\\b(sd_(?:mulshr8|scalemulshr8|addhalfshr8|subhalfshr8|addshr8|"
            + "subshr8|scaladdshr8|scalsubshr8|scaladd16shr8|scalsub16shr8|scaladdhalf8|scalsubhalf8|mulshl16|mul8x16shr8|scalemul8x16shr8)_row)\\(");
    /** A whole call of a row loop or a table read's (up to its semicolon). */
    static final Pattern ROW_CALL_OR_LOOKUP = Pattern.compile("\\bsd_(?:mulshr8|scalemulshr8|addhalfshr8|subhalfshr8|"
            + "addshr8|subshr8|scaladdshr8|scalsubshr8|scaladd16shr8|scalsub16shr8|scaladdhalf8|scalsubhalf8|mulshl16|mul8x16shr8|scalemul8x16shr8|"
            + "lookup8|lookup16)_row\\([^;]*\\)(?=;)");

    @TempDir
    Path dir;

    @Test
    void fastGrnnGatesAreRowCallsOnTheAvrOnly() throws Exception {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-digits-10", "shiftry");
        Map<String, String> avr = callsByOp(body(CBackend.ARDUINO, c, "avr"));
        assertEquals("sd_addhalfshr8_row", avr.get("c"), avr.toString());
        assertEquals("sd_scalsubshr8_row", avr.get("t24"), avr.toString());
        assertEquals("sd_scalemulshr8_row", avr.get("t25"), avr.toString());
        assertEquals("sd_addhalfshr8_row", avr.get("H_2"), avr.toString());
        assertEquals("sd_mulshl16_row", avr.get("t22"), avr.toString());
        assertEquals("sd_mulshl16_row", avr.get("t27"), avr.toString());
        assertEquals("sd_scaladdhalf8_row", avr.get("t26"), avr.toString());
        for (CBackend other : new CBackend[] {CBackend.X86, CBackend.CORTEX_M}) {
            String text = body(other, c, "other");
            assertFalse(ROW_CALL.matcher(text).find(), "a row call off the AVR");
        }
    }

    /** The op each row call writes: the name in the op comment before it ({@code /* c = Add(a, b) *}{@code /}). */
    private static Map<String, String> callsByOp(String body) {
        Map<String, String> out = new TreeMap<>();
        String op = null;
        for (String line : body.lines().map(String::strip).toList()) {
            Matcher comment = Pattern.compile("^/\\* (\\w+) = \\w+\\(.*\\*/$").matcher(line);
            if (comment.matches()) {
                op = comment.group(1);
            }
            Matcher call = ROW_CALL.matcher(line);
            if (call.find() && op != null) {
                out.put(op, call.group(1));
            }
        }
        return out;
    }

    /** seedc_predict's text in the backend's build of the program (after the runtime that defines the calls). */
    private String body(CBackend backend, Fixtures.Compiled c, String name) throws Exception {
        return body(backend, c, dir.resolve(name));
    }

    /** seedc_predict's text in the backend's build of the program, written to {@code out}. */
    static String body(CBackend backend, Fixtures.Compiled c, Path out) throws Exception {
        backend.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, out);
        String text = "";
        try (var files = Files.walk(out)) {
            for (Path f : files.filter(f -> f.toString().matches(".*predict\\.(c|cpp)$")).toList()) {
                text += Files.readString(f);
            }
        }
        return text.substring(text.indexOf("int32_t seedc_predict("));
    }
}
