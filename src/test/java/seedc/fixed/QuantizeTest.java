package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;

/** quantize(e, k, lo, hi): values worked out by hand, and every 16-bit input against exact integer arithmetic. */
class QuantizeTest {
    private static final Op.Quantize THREE_BITS = op(3, -1, 1); // 8 levels, step 2/7

    private static Op.Quantize op(int bits, double lo, double hi) {
        Program p = SeeDotProgram.from(new SourceFile("q.sd", "let x = (1, 1) in [-4, 4] in quantize(x, " + bits
                + ", " + lo + ", " + hi + ")")).program();
        return (Op.Quantize) p.body().ops().getLast();
    }

    private static double real(String source, double x) {
        Program p = SeeDotProgram.from(new SourceFile("q.sd", "let X = (1, 1) in [-8, 8] in " + source)).program();
        return new FloatInterpreter(p, Map.of()).run(new double[] {x}, null).output()[0];
    }

    /** Levels 0, 1, 2, 3: clamped at both ends, the nearest level inside, a tie to the larger. */
    @Test
    void realSemanticsByHand() {
        String q = "quantize(X, 2, 0.0, 3.0)";
        assertEquals(0, real(q, -1.0));
        assertEquals(0, real(q, 0.49));
        assertEquals(2, real(q, 1.5)); // between 1 and 2: the larger
        assertEquals(1, real(q, 1.2));
        assertEquals(3, real(q, 7.0));
        // one bit: the two ends; 0 is the midpoint of [-0.5, 0.5] and goes up
        assertEquals(0.5, real("quantize(X, 1, -0.5, 0.5)", 0.0));
        assertEquals(-0.5, real("quantize(X, 1, -0.5, 0.5)", -0.01));
    }

    /** sign(e): +1 from 0 up, -1 below, in the real semantics and in the integers of every int16 input. */
    @Test
    void signIsPlusOneFromZeroUp() {
        assertEquals(1, real("sign(X)", 0.0));
        assertEquals(1, real("sign(X)", 7.5));
        assertEquals(-1, real("sign(X)", -0.001));
        Program p = SeeDotProgram.from(new SourceFile("s.sd", "let x = (1, 1) in [-4, 4] in sign(x)")).program();
        Op.Quantize sign = (Op.Quantize) p.body().ops().getLast();
        FixedType in = new FixedType(16, 12), out = new FixedType(8, OpParams.Quantize.scaleFor(sign, 8));
        OpParams.Quantize q = OpParams.Quantize.of(sign, in, out);
        long one = Math.round(Math.scalb(1.0, out.scale()));
        for (long a = in.min(); a <= in.max(); a++) {
            assertEquals(a >= 0 ? one : -one, FixedKernels.quantize(a, q), "input " + a);
        }
    }

    /**
     * quantize(x, 3, -1, 1) of every int16 input at scale 8: level = floor((x + 1) / (2/7) + 1/2) = floor((7x + 8)
     * / 2) with x = A / 256, which is floor((7A + 2048) / 512) in integers, clamped to [0, 7].
     */
    @Test
    void integerLevelsAreTheRealOnesOfEveryInput() {
        FixedType in = new FixedType(16, 8), out = new FixedType(16, OpParams.Quantize.scaleFor(THREE_BITS, 16));
        OpParams.Quantize p = OpParams.Quantize.of(THREE_BITS, in, out);
        for (long a = in.min(); a <= in.max(); a++) {
            long level = Math.clamp(Math.floorDiv(7 * a + 2048, 512), 0, 7);
            long want = Math.round(Math.scalb(-1 + level * 2.0 / 7, out.scale()));
            assertEquals(want, FixedKernels.quantize(a, p), "input " + a);
        }
    }

    /**
     * A grid of 2^-6 from -2 (int8's -128 .. 127 times 1/64, as an ONNX pair with scale 1/64 gives) becomes the
     * type at scale 6 in 8 and 16 bits, each level exact; 2/7 is no power of two, so lo and hi decide: 1 needs 1
     * integer bit, scale 14 in 16 bits.
     */
    @Test
    void aPowerOfTwoGridIsTheType() {
        Op.Quantize grid = op(8, -2, 1.984375);
        assertEquals(6, OpParams.Quantize.scaleFor(grid, 8));
        assertEquals(6, OpParams.Quantize.scaleFor(grid, 16));
        OpParams.Quantize p = OpParams.Quantize.of(grid, new FixedType(16, 10), new FixedType(8, 6));
        long[] levels = new long[256];
        for (int i = 0; i < 256; i++) {
            levels[i] = i - 128;
        }
        assertArrayEquals(levels, p.levels());
        assertEquals(14, OpParams.Quantize.scaleFor(THREE_BITS, 16));
        assertEquals(6, OpParams.Quantize.scaleFor(THREE_BITS, 8));
    }

    @Test
    void mistakesAreLocated() {
        String decl = "let x = (1, 1) in [-4, 4] in ";
        assertEquals("q.sd:1:42: error: the bits of quantize must be from 1 to 8, found 9",
                error(decl + "quantize(x, 9, 0.0, 1.0)"));
        // a name bound to 2 is not a literal: the rule is the literal, not the value (issue 42)
        assertEquals("q.sd:1:55: error: the bits of quantize must be an integer literal (1 to 8), not an expression",
                error(decl + "let k = 2 in quantize(x, k, 0.0, 1.0)"));
        // sign is the 1-bit quantize, and says its own name
        assertEquals("q.sd:1:35: error: sign needs a real argument, found int", error(decl + "sign(3)"));
        assertEquals("q.sd:1:50: error: quantize needs lo < hi, found [1.0, 1.0]", error(decl + "quantize(x, 2, 1.0, 1.0)"));
    }

    private static String error(String source) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(seedc.diag.UserError.class,
                () -> SeeDotProgram.from(new SourceFile("q.sd", source)));
        return e.getMessage().lines().findFirst().orElseThrow();
    }
}
