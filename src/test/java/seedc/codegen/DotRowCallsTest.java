package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.ir.Op;

/**
 * FastGRNN's input product on the AVR is one call of the runtime's whole-row product (seedc.codegen.c.emit.DotRow),
 * and only there: fastgrnn-digits-10 with the mixed 8/16-bit strategy has a = t14 * W, one row of k 16-bit
 * activations times the k x m 8-bit weights (k, m read from the program's IR); the AVR build writes it as
 * sd_dotrow16x8_16(v_a, v_t14, W's flash copy, m, k, s), with s the shift the x86 build's loop applies to each
 * output's sum ({@code (int16_t)(sd_shr32(accN, s))}, a second writer of the same store); x86 and Cortex-M call no
 * row. That the call computes the loop's integers is AvrDotRowTest's and ArduinoDifferentialTest's.
 */
class DotRowCallsTest {
    static final Pattern ROW = Pattern.compile("\\bsd_dotrow(?:8x16|16x8)_16\\(");
    static final Pattern ANY_ROW = Pattern.compile("\\bsd_dotrow\\w+\\(");

    @TempDir
    Path dir;

    @Test
    void inputProductIsOneCallOnTheAvrOnly() throws Exception {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-digits-10", "shiftry");
        Op.MatMul a = inputProduct(c);
        int k = a.a().shape().dim(1), m = a.b().shape().dim(1);
        assertEquals(1, a.a().shape().dim(0), "premise: one row of activations");
        String x86 = body(CBackend.X86, c, "x86");
        Matcher loop = Pattern.compile("v_a\\[i \\* " + m + " \\+ j\\] = \\(int16_t\\)\\(sd_shr32\\(acc\\d+, (\\d+)\\)\\);")
                .matcher(x86);
        assertTrue(loop.find(), "premise: x86's loop stores a's outputs shifted");
        String avr = body(CBackend.ARDUINO, c, "avr");
        Matcher call = Pattern.compile("sd_dotrow16x8_16\\(\\(int16_t \\*\\)v_a, \\(const int16_t \\*\\)v_t14, "
                + "\\(const int8_t \\*\\)\\(p_W_v\\d+ \\+ \\(0\\)\\), " + m + ", " + k + ", " + loop.group(1) + "\\);")
                .matcher(avr);
        assertTrue(call.find(), avr);
        assertFalse(call.find(), "one call");
        assertFalse(ROW.matcher(x86).find(), "a row call on x86");
        assertFalse(ROW.matcher(body(CBackend.CORTEX_M, c, "cm")).find(), "a row call on Cortex-M");
    }

    /**
     * fastgrnn-gestures-8's products stored shifted left (a = t14 * W), unshifted (b = H_1 * U) and into 8 bits (the
     * classifier t30 = res * FC) are each one call on the AVR, of the row that stores as x86's loop does: the shl row
     * of the result's bits at the loop's left shift (0 where it stores the sum as it is), or the row into 8 bits at its
     * right shift; k and m read from the program's IR.
     */
    @Test
    void leftShiftedUnshiftedAndEightBitProductsAreOneCall() throws Exception {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-gestures-8", "shiftry");
        String x86 = body(CBackend.X86, c, "x86"), avr = body(CBackend.ARDUINO, c, "avr");
        Pattern shl = Pattern.compile("\\(int(\\d+)_t\\)\\(uint\\d+_t\\)\\(1u \\* \\(uint\\d+_t\\)\\(acc\\d+\\) << (\\d+)\\)");
        Pattern unshifted = Pattern.compile("\\(int(\\d+)_t\\)\\(acc\\d+\\)");
        Pattern right = Pattern.compile("\\(int(8)_t\\)\\(sd_shr32\\(acc\\d+, (\\d+)\\)\\)");
        java.util.Set<String> kinds = new java.util.TreeSet<>();
        for (String name : new String[] {"a", "b", "t30"}) {
            Op.MatMul p = product(c, name);
            int k = p.a().shape().dim(1), m = p.b().shape().dim(1);
            Matcher store = Pattern.compile("v_" + name + "\\[i \\* " + m + " \\+ j\\] = (.*);").matcher(x86);
            assertTrue(store.find(), "premise: x86's loop stores " + name);
            String suffix = null, shift = null;
            for (Pattern form : new Pattern[] {shl, unshifted, right}) {
                Matcher f = form.matcher(store.group(1));
                if (f.matches()) {
                    suffix = f.group(1) + (form == right ? "" : "shl");
                    shift = form == unshifted ? "0" : f.group(2);
                    kinds.add(form == shl ? "left" : form == unshifted ? "unshifted" : "right");
                }
            }
            assertTrue(suffix != null, "premise: " + store.group(1));
            Matcher call = Pattern.compile("sd_dotrow8x8_" + suffix + "\\(\\(int\\d+_t \\*\\)v_" + name + ", [^;]*, " + m
                    + ", " + k + ", " + shift + "\\);").matcher(avr);
            assertTrue(call.find(), name + ": " + store.group(1) + "\n" + avr);
            assertFalse(call.find(), "one call");
        }
        assertEquals("[left, right, unshifted]", kinds.toString(), "premise: each case");
        assertFalse(ANY_ROW.matcher(x86).find(), "a row call on x86");
    }

    /** The program's matrix product named a (its input product). */
    private static Op.MatMul inputProduct(Fixtures.Compiled c) {
        return product(c, "a");
    }

    private static Op.MatMul product(Fixtures.Compiled c, String name) {
        Op.MatMul[] found = new Op.MatMul[1];
        c.fixed().program().forEachOp(op -> {
            if (op instanceof Op.MatMul mm && op.out().name().equals(name)) {
                found[0] = mm;
            }
        });
        assertTrue(found[0] != null, "premise: " + name + " = MatMul(...)");
        return found[0];
    }

    private String body(CBackend backend, Fixtures.Compiled c, String name) throws Exception {
        return ElementwiseRowCallsTest.body(backend, c, dir.resolve(name));
    }
}
