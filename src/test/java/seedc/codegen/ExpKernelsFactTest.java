package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.fixed.ActivationSteps;
import seedc.fixed.ExpKernels;
import seedc.fixed.ExpKernels.Division;
import seedc.fixed.FixedProgram;
import seedc.fixed.IdiomCallsTest;
import seedc.ir.Op;

/**
 * The exp kernels as an IR-level fact ({@link ExpKernels#of}) against the C that runs them: on t = f(X) (4 inputs)
 * at chosen widths and scales, the division and its quotient bits are worked out by hand from the output's type (a
 * sigmoid or tanh into scale s divides by sd_fracdiv16 in s steps), and the AVR's predict.cpp element is the fact's:
 * the sd_fracdiv16 call's step count, sd_exp_lookup32 (not the 64-bit lookup), and the bits its constant shifts move
 * (the input's shift to the tables' scale, the lookup's index shifts lo + drop and drop, e's shift), read from the C.
 * A sigmoid or tanh into 8 bits the AVR instead finds by a search over its steps (ActivationSteps, an idiom the fact
 * leaves out): there the fact is checked against the Cortex-M's C, which divides, and the AVR's C searches in as many
 * steps as the fact {@link ActivationSteps#of(FixedProgram, Op)} says (the cost model prices the AVR's code by it).
 */
class ExpKernelsFactTest {
    private static final double[] X = {0.25, -0.5, 0.75, -1};

    @TempDir
    Path dir;

    @Test
    void sixteenBitActivationsDivideInAsManyStepsAsTheOutputsScale() throws Exception {
        // X int16@12 -> t (t2: the op's output) int16@14: 14 quotient bits; into int8@6: 6, the same 16-bit input
        assertKernelIsTheCs("sigmoid", Map.of(), Map.of("X", 12, "t2", 14), Division.FRACDIV16, 14);
        assertKernelIsTheCs("sigmoid", Map.of("t2", 8), Map.of("X", 12, "t2", 6), Division.FRACDIV16, 6);
        assertKernelIsTheCs("tanh", Map.of("t2", 8), Map.of("X", 12, "t2", 6), Division.FRACDIV16, 6);
        assertKernelIsTheCs("tanh", Map.of(), Map.of("X", 12, "t2", 14), Division.FRACDIV16, 14);
        // exp divides nothing
        assertKernelIsTheCs("exp", Map.of(), Map.of("X", 12), Division.NONE, 0);
    }

    @Test
    void anExpIntoEightBitsReadsItsOutputsFromOneTable() throws Exception {
        // X int16@12, never above 0 -> t int8@6: Shiftry's 8-bit table of e^x for x <= 0, 128 entries and no low table
        // (ProtoNN's exp), so one table of the 128 outputs
        FixedProgram fp = IdiomCallsTest.program("let X = (4, 1) in [-1, 0] in let t = exp(X) in t",
                new double[] {-0.25, -0.5, -0.75, -1}, Map.of("t2", 8), Map.of("X", 12, "t2", 6), Map.of());
        ExpKernels.Kernel k = ExpKernels.of(fp, op(fp));
        seedc.fixed.ExpTable tb = fp.params(op(fp), seedc.fixed.OpParams.Exp.class).table();
        assertEquals(ExpKernels.OUTPUT_TABLE, k.lookupBits(), "hi " + tb.hiBits() + " lo " + tb.loBits());
        String body = body(fp);
        int entries = 1 << (tb.hiBits() + tb.loBits());
        assertTrue(!body.contains("sd_exp_lookup") && body.contains("SD_R8(l_"), body);
        assertTrue(body.contains("? " + (entries - 1) + " : d"), "clamped to the table's last entry: " + body);
    }

    @Test
    void anEightBitInputReadsATableAndHasNoKernel() throws Exception {
        FixedProgram fp = program("sigmoid", Map.of("X", 8, "t2", 8), Map.of("X", 6, "t2", 6));
        assertNull(ExpKernels.of(fp, op(fp)));
        String body = body(fp);
        assertTrue(!body.contains("sd_fracdiv") && !body.contains("sd_exp_lookup"), body);
    }

    private void assertKernelIsTheCs(String f, Map<String, Integer> bits, Map<String, Integer> scales,
                                     Division division, int quotientBits) throws Exception {
        FixedProgram fp = program(f, bits, scales);
        ExpKernels.Kernel k = ExpKernels.of(fp, op(fp));
        assertEquals(division, k.division(), f);
        assertEquals(quotientBits, k.quotientBits(), f);
        assertEquals(32, k.lookupBits(), f);
        boolean steps = !f.equals("exp") && bits.getOrDefault("t2", 16) == 8;
        String body = steps ? ClassScoreRowFactTest.predictBody(CBackend.CORTEX_M, fp, Map.of(),
                dir.resolve("m" + System.nanoTime()), "predict.c") : body(fp);
        if (steps) { // the AVR's C: the search over the steps, no lookup and no division
            String avr = body(fp);
            assertTrue(avr.contains("if (x > SD_R16(") && !avr.contains("sd_fracdiv") && !avr.contains("sd_exp_lookup"),
                    avr);
            assertEquals(avr.split("if \\(x > SD_R16\\(", -1).length - 1, ActivationSteps.of(fp, op(fp)).depth(), avr);
        } else {
            assertNull(ActivationSteps.of(fp, op(fp)), f + ": no search");
        }
        assertTrue(body.contains("sd_exp_lookup32(") && !body.contains("sd_exp_lookup("), body);
        Matcher div = Pattern.compile("sd_fracdiv16\\(.*, (\\d+)\\);").matcher(body);
        assertEquals(division == Division.FRACDIV16, div.find(), body);
        if (division == Division.FRACDIV16) {
            assertEquals(quotientBits, Integer.parseInt(div.group(1)), body);
        }
        assertEquals(shiftBitsOf(body), k.shiftBits(), body);
    }

    /**
     * The bits the element's constant shifts move, read from the C: x's sd_shr16/32 of the input, the lookup's
     * arguments lo and drop (its index shifts lo + drop and drop), and the sd_shr32 of the lookup's product.
     */
    private static int shiftBitsOf(String body) {
        int bits = 0;
        Matcher in = Pattern.compile("x = sd_shr(?:16|32)\\(v_X\\[k\\], (\\d+)\\)").matcher(body);
        if (in.find()) {
            bits += Integer.parseInt(in.group(1));
        }
        Matcher lookup = Pattern.compile("sd_exp_lookup32\\(.*, -?\\d+L?, (\\d+), (\\d+), (\\d+)\\)").matcher(body);
        assertTrue(lookup.find(), body);
        bits += Integer.parseInt(lookup.group(2)) + 2 * Integer.parseInt(lookup.group(3));
        Matcher post = Pattern.compile("sd_shr(?:16|32)\\(sd_exp_lookup32\\(.*\\), (\\d+)\\)").matcher(body);
        if (post.find()) {
            bits += Integer.parseInt(post.group(1));
        }
        return bits;
    }

    private String body(FixedProgram fp) throws Exception {
        return ClassScoreRowFactTest.predictBody(CBackend.ARDUINO, fp, Map.of(), dir.resolve("c" + System.nanoTime()),
                "predict.cpp");
    }

    private static FixedProgram program(String f, Map<String, Integer> bits, Map<String, Integer> scales) {
        return IdiomCallsTest.program("let X = (4, 1) in [-1, 1] in let t = " + f + "(X) in t", X, bits, scales,
                Map.of());
    }

    private static Op op(FixedProgram fp) {
        Op[] found = new Op[1];
        fp.program().forEachOp(o -> {
            if (o instanceof Op.Exp || o instanceof Op.Sigmoid || o instanceof Op.Tanh) {
                found[0] = o;
            }
        });
        return found[0];
    }
}
