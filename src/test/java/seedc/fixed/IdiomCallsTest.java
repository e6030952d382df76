package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.IdiomCalls.ProductCall;
import seedc.fixed.IdiomCalls.Runtime;
import seedc.fixed.IdiomCalls.SumCall;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * Which runtime idiom call each op's elements are ({@link IdiomCalls}), on small hand-made programs whose widths are
 * chosen (every value 16-bit but those named, scales data-driven unless given): the expected calls, widths and
 * shifts are worked out by hand from the program text, its types (written out below) and the weights' integers.
 */
public class IdiomCallsTest {
    public static final Map<String, double[]> WEIGHTS = Map.of(
            "P", new double[] {0.1, -0.2, 0.3, -0.4, 0.5, 0.6},
            "Z", new double[] {0.7, -0.3, 0.2, 0.9, -0.8, 0.4},
            "B", new double[] {0.1, -0.2, 0.3, -0.4});
    /** ProtoNN's loop: 3 prototypes P[i] of 2 elements, their class scores Z[i] (2 classes) times a similarity. */
    public static final String PROTONN = "let X = (2, 1) in [-1, 1] in let P = (3, 2, 1) in [-1, 1] in"
            + " let Z = (3, 2, 1) in [-1, 1] in let g = 0.5 in"
            + " let res = $(i = [0:3]) ( let del = X - P[i] in Z[i] * exp(-g * (del^T * del)) ) in res";
    public static final double[] PROTONN_X = {0.25, -0.5};
    /** ProtoNN with 2 prototypes of 2 elements and 4 classes (the class-score row takes 4 or more). */
    public static final String PROTONN4 = "let X = (2, 1) in [-1, 1] in let P = (2, 2, 1) in [-1, 1] in"
            + " let Z = (2, 4, 1) in [-1, 1] in let g = 0.5 in"
            + " let res = $(i = [0:2]) ( let del = X - P[i] in Z[i] * exp(-g * (del^T * del)) ) in res";
    public static final Map<String, double[]> WEIGHTS4 = Map.of("P", new double[] {0.1, -0.2, 0.3, -0.4},
            "Z", new double[] {0.7, -0.3, 0.2, 0.9, -0.8, 0.4, 0.5, -0.6});
    public static final String XB = "let X = (4, 1) in [-1, 1] in let B = (4, 1) in [-1, 1] in ";
    public static final double[] XB_X = {0.25, -0.5, 0.75, -1};

    @Test
    void theClassScoresAreAddedByOneCallOnlyIntoAnEightBitSum() {
        // Z, its row t8 and the sum res at 8 bits (int8@7); the similarity t13 int16@14 and the product t14 int16@15:
        // t14 = Z[i] * t13 shifts 7 + 14 - 15 = 6, and res takes it 15 - 7 = 8 bits further
        FixedProgram fp = program(PROTONN, PROTONN_X, Map.of("Z", 8, "t8", 8, "res", 8), Map.of());
        Op.SumLoop loop = only(fp, Op.SumLoop.class);
        Op last = loop.body().ops().getLast();
        // Z at @7: 90, -38, 26, 115, -102, 51: 8 bits (115); the similarity in RAM, unshifted: 16
        assertEquals(new ProductCall(Runtime.MUL8X16_SHR2_8, true, 8, 16, 6, 8), calls(fp, IdiomCalls.Flags.ALL)
                .addedTerm(last, loop.out()));
        assertEquals(new ProductCall(Runtime.MUL8X16_SHR2_8, true, 8, 16, 6, 8),
                calls(fp, new IdiomCalls.Flags(false, true, false, false, false)).addedTerm(last, loop.out()),
                "no stream needed");
        assertNull(calls(fp, IdiomCalls.Flags.NONE).addedTerm(last, loop.out()), "a target without the idiom");
        assertNull(calls(fp, IdiomCalls.Flags.ALL).element(last), "a MatMul is no element-wise product");
        // the sum at 16 bits: the two shifts are C's (one rounding call after the product)
        FixedProgram wide = program(PROTONN, PROTONN_X, Map.of("Z", 8, "t8", 8), Map.of());
        Op.SumLoop wideLoop = only(wide, Op.SumLoop.class);
        assertNull(calls(wide, IdiomCalls.Flags.ALL).addedTerm(wideLoop.body().ops().getLast(), wideLoop.out()));
        // every value 16-bit: no 8-bit operand
        FixedProgram all16 = program(PROTONN, PROTONN_X, Map.of("res", 8), Map.of());
        Op.SumLoop loop16 = only(all16, Op.SumLoop.class);
        assertNull(calls(all16, IdiomCalls.Flags.ALL).addedTerm(loop16.body().ops().getLast(), loop16.out()));
    }

    @Test
    void anElementWiseProductIsOneCallInto16Or8Bits() {
        // X int16@14 in RAM times B int8@8 in flash (unshifted: its type's 8 bits), the 8-bit one second
        FixedProgram into16 = program(XB + "X <*> B", XB_X, Map.of("B", 8), Map.of()); // t3 int16@16: >> 14 + 8 - 16
        assertEquals(new ProductCall(Runtime.MUL8X16_SHR_16, false, 16, 8, 6, 0),
                calls(into16, IdiomCalls.Flags.ALL).element(only(into16, Op.Hadamard.class)));
        FixedProgram into8 = program(XB + "X <*> B", XB_X, Map.of("B", 8, "t3", 8), Map.of()); // t3 int8@8: >> 14
        assertEquals(new ProductCall(Runtime.MUL8X16_SHR_8, false, 16, 8, 14, 0),
                calls(into8, IdiomCalls.Flags.ALL).element(only(into8, Op.Hadamard.class)));
        assertNull(calls(into8, new IdiomCalls.Flags(true, false, true, false, false))
                .element(only(into8, Op.Hadamard.class)));
        // both 8-bit: an 8x8 product, no call
        FixedProgram narrow = program(XB + "X <*> B", XB_X, Map.of("B", 8, "X", 8), Map.of());
        assertNull(calls(narrow, IdiomCalls.Flags.ALL).element(only(narrow, Op.Hadamard.class)));
    }

    @Test
    void aSumWithARowReadInOrderIsHalvedByOneCall() {
        // ProtoNN's distance del = X - P[i], both int16@15, into int16@14: the 17-bit difference halved once, P[i]
        // streamed (the AVR), X unshifted in RAM
        FixedProgram fp = program(PROTONN, PROTONN_X, Map.of(), Map.of());
        Op del = only(fp, Op.Add.class);
        assertEquals(new SumCall(Runtime.SHRSUBHALF16, 16, 0, 16, 0, 1), calls(fp, IdiomCalls.Flags.ALL).halvedSum(del));
        assertNull(calls(fp, new IdiomCalls.Flags(false, true, true, false, false)).halvedSum(del),
                "no row read in order");
        assertNull(calls(fp, new IdiomCalls.Flags(true, true, false, false, false)).halvedSum(del),
                "no halving by the flag");
        // X int8@6 - B int8@8 into int8@5: B's copy >> 2 at compile time (26, -51, 77, -102 to 6, -12, 19, -25: 6
        // bits), so the call shifts neither; the 8-bit X fills its bits, the difference needs 9, halved once (6 - 5)
        FixedProgram eight = program(XB + "X - B", XB_X, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 5));
        assertEquals(new SumCall(Runtime.SHRSUBHALF8, 8, 0, 6, 0, 1),
                calls(eight, IdiomCalls.Flags.ALL).halvedSum(only(eight, Op.Add.class)));
        // the same into int8@4: halved once by the call, once more by the C (post 2)
        FixedProgram twice = program(XB + "X + B", XB_X, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 4));
        assertEquals(new SumCall(Runtime.SHRADDHALF8, 8, 0, 6, 0, 2),
                calls(twice, IdiomCalls.Flags.ALL).halvedSum(only(twice, Op.Add.class)));
        // into int8@6: no halving (post 0), no call
        FixedProgram none = program(XB + "X - B", XB_X, Map.of("B", 8, "X", 8, "t3", 8), Map.of("t3", 6));
        assertNull(calls(none, IdiomCalls.Flags.ALL).halvedSum(only(none, Op.Add.class)));
    }

    @Test
    void theCallsNamesAreTheRuntimes() {
        assertEquals(List.of("sd_mul8x16_shr2_8", "sd_mul8x16_shr_16", "sd_mul8x16_shr_8", "sd_shrsubhalf8",
                "sd_shraddhalf8", "sd_shrsubhalf16", "sd_shraddhalf16"),
                java.util.Arrays.stream(Runtime.values()).map(Runtime::cName).toList());
        // what each call does of the op's shifts: a product's post; a sum's run-time operand shifts and one halving
        assertEquals(6, new ProductCall(Runtime.MUL8X16_SHR2_8, true, 8, 16, 6, 8).shiftBits());
        assertEquals(3 + 2 + 1, new SumCall(Runtime.SHRSUBHALF8, 8, 3, 8, 2, 4).shiftBits());
    }

    private static IdiomCalls calls(FixedProgram fp, IdiomCalls.Flags flags) {
        return new IdiomCalls(fp, new FlashRowReads(fp, FlashRowReads.Storage.DENSE), flags,
                IdiomCalls.quantizedLazily(fp, WEIGHTS));
    }

    private static <T extends Op> T only(FixedProgram fp, Class<T> kind) {
        List<T> found = new java.util.ArrayList<>();
        fp.program().forEachOp(op -> {
            if (kind.isInstance(op)) {
                found.add(kind.cast(op));
            }
        });
        assertEquals(1, found.size(), "premise: one " + kind.getSimpleName());
        return found.get(0);
    }

    /**
     * text profiled on x, every real value at 16 bits but those named in {@code bits}, at data-driven scales but those
     * named in {@code scales}.
     */
    public static FixedProgram program(String text, double[] x, Map<String, Integer> bits, Map<String, Integer> scales) {
        return program(text, x, bits, scales, WEIGHTS);
    }

    /** The same with the parameters' values {@code weights}. */
    public static FixedProgram program(String text, double[] x, Map<String, Integer> bits, Map<String, Integer> scales,
                                       Map<String, double[]> weights) {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", text)).program();
        Profile prof = new Profile(p);
        Map<String, double[]> used = new HashMap<>();
        p.forEachOp(op -> {
            if (op instanceof Op.Param q) {
                used.put(q.paramName(), weights.get(q.paramName()));
            }
        });
        new FloatInterpreter(p, used).run(x, prof);
        int[] b = new int[p.valueCount()], s = new int[p.valueCount()];
        for (Value v : p.values()) {
            b[v.id()] = bits.getOrDefault(v.name(), 16);
            s[v.id()] = scales.getOrDefault(v.name(), ShiftryStrategy.dataDrivenScale(prof.maxAbs(v), b[v.id()]));
        }
        return ShiftryStrategy.assign(p, prof, b, s, ShiftryLadder.shiftry(ContainerWidths.C));
    }
}
