package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;

/**
 * Which operand of which op is a flash row read in order ({@link FlashRowReads}), on small hand-made programs: the
 * first of an element-wise sum's or an added-as-computed product's operands that is a constant in flash (a
 * parameter, or an Index of one) read at k and stored dense; none where the row is in RAM, read at 0, packed, or
 * the product is not one term per element. Each expected operand is read off the program text.
 */
class FlashRowReadsFactTest {
    /** Dense parameters of every program below, by name (each program takes the ones it declares). */
    private static final Map<String, double[]> WEIGHTS = Map.of(
            "W", new double[] {0.5, -0.25, 0.75, 0.1, -0.5, 0.3, 0.2, -0.1, 0.9, 0.4, -0.6, 0.05},
            "B", new double[] {0.1, -0.2, 0.3},
            "C", new double[] {-0.4, 0.25, 0.6},
            "P", new double[] {0.1, -0.2, 0.3, -0.4, 0.5, 0.6},
            "Z", new double[] {0.7, -0.3, 0.2, 0.9, -0.8, 0.4});

    private static final String DECLS = "let X = (4, 1) in [-1, 1] in let W = (3, 4) in [-1, 1] in"
            + " let B = (3, 1) in [-1, 1] in let C = (3, 1) in [-1, 1] in ";

    /** ProtoNN's loop: 3 prototypes P[i] of 2 elements, their class scores Z[i] (2 classes) times a similarity. */
    private static final String PROTONN = "let X = (2, 1) in [-1, 1] in let P = (3, 2, 1) in [-1, 1] in"
            + " let Z = (3, 2, 1) in [-1, 1] in let g = 0.5 in"
            + " let res = $(i = [0:3]) ( let del = X - P[i] in Z[i] * exp(-g * (del^T * del)) ) in res";

    @Test
    void anElementWiseSumStreamsItsFirstOperandThatIsADenseFlashRow() {
        // W * X + B: B, the second operand, is a parameter read at k = 0, 1, 2
        FixedProgram wxb = program(DECLS + "W * X + B", 4);
        assertEquals(List.of(1), sums(wxb, FlashRowReads.Storage.DENSE));
        // B + W * X: the first
        assertEquals(List.of(0), sums(program(DECLS + "B + W * X", 4), FlashRowReads.Storage.DENSE));
        // B + C: both are rows in flash, and at most one streams (the AVR's lpm reads through Z alone): a's
        assertEquals(List.of(0), sums(program(DECLS + "B + C", 4), FlashRowReads.Storage.DENSE));
        // X + X: the input, copied to RAM: neither
        assertEquals(List.of(FlashRowReads.NONE), sums(program(DECLS + "X + X", 4), FlashRowReads.Storage.DENSE));
    }

    @Test
    void protonnsDistanceStreamsItsPrototypeAndItsClassScoresTheirRow() {
        FixedProgram fp = program(PROTONN, 2);
        FlashRowReads rows = new FlashRowReads(fp, FlashRowReads.Storage.DENSE);
        Op.SumLoop loop = only(fp, Op.SumLoop.class);
        Op del = loop.body().ops().stream().filter(o -> o instanceof Op.Add).findFirst().orElseThrow();
        Op last = loop.body().ops().getLast();
        assertEquals(1, rows.elementwiseSum(del), "X - P[i]: P[i], an Index of a parameter, is b");
        // Z[i] (2 x 1) times the similarity (1 x 1): an outer product with a column, one term per element, Z[i] at k
        // and the similarity at 0
        FlashRowReads.Term t = FlashRowReads.term(last);
        assertEquals(new FlashRowReads.Term(((Op.MatMul) last).a(), true, ((Op.MatMul) last).b(), false), t);
        assertEquals(0, rows.addedTerm(last), "Z[i] is a");
        assertEquals(FlashRowReads.NONE, rows.elementwiseSum(last), "a product is no element-wise sum");
        // the ops a streaming target reads so: those two, by identity, and no other
        java.util.Set<Op> reading = rows.opsReadingInOrder();
        assertEquals(2, reading.size());
        assertTrue(reading.contains(del) && reading.contains(last));
    }

    @Test
    void noProductOfMoreTermsNorAnOperandReadAtZeroStreams() {
        FixedProgram fp = program(DECLS + "W * X + B", 4);
        Op.MatMul wx = only(fp, Op.MatMul.class);
        assertNull(FlashRowReads.term(wx), "W * X sums 4 terms an element");
        assertEquals(FlashRowReads.NONE, new FlashRowReads(fp, FlashRowReads.Storage.DENSE).addedTerm(wx));
        // 0.5 * B: the literal is read at 0 (once), B at k: B streams; 0.5 * X: X is in RAM, the literal at 0: none
        FixedProgram scaled = program(DECLS + "0.5 * B", 4);
        Op.ScalarMul sb = only(scaled, Op.ScalarMul.class);
        assertEquals(1, new FlashRowReads(scaled, FlashRowReads.Storage.DENSE).addedTerm(sb));
        FixedProgram scaledX = program(DECLS + "0.5 * X", 4);
        assertEquals(FlashRowReads.NONE, new FlashRowReads(scaledX, FlashRowReads.Storage.DENSE)
                .addedTerm(only(scaledX, Op.ScalarMul.class)));
    }

    @Test
    void aPackedParameterIsNoRowReadInOrder() {
        // B of 16 elements, two values: packed, 16 one-bit indices (2 bytes) and a table of 2 (2 bytes at 8 bits)
        // take 4 bytes against 16 dense, so where parameters are packed B's elements are indices, not values
        String text = "let X = (16, 1) in [-1, 1] in let B = (16, 1) in [-1, 1] in X + B";
        double[] twoValues = new double[16];
        for (int i = 0; i < 16; i++) {
            twoValues[i] = i % 3 == 0 ? 0.5 : -0.25;
        }
        Map<String, double[]> w = Map.of("B", twoValues);
        FixedProgram fp = program(text, 16, w, 8);
        QuantizedModel qm = new QuantizedModel(fp, w);
        assertEquals(List.of(1), sums(fp, FlashRowReads.Storage.DENSE));
        assertEquals(List.of(1), sums(fp, new FlashRowReads.Storage(false, qm)));
        assertEquals(List.of(FlashRowReads.NONE), sums(fp, new FlashRowReads.Storage(true, qm)));
        // 16 distinct values need 4-bit indices: 8 bytes and a 16-byte table against 16 dense: dense, streamed
        double[] distinct = new double[16];
        for (int i = 0; i < 16; i++) {
            distinct[i] = (i - 8) / 10.0;
        }
        Map<String, double[]> w2 = Map.of("B", distinct);
        FixedProgram fp2 = program(text, 16, w2, 8);
        assertEquals(List.of(1), sums(fp2, new FlashRowReads.Storage(true, new QuantizedModel(fp2, w2))));
    }

    @Test
    void packingIsCountedInBytes() {
        // 10 elements of 3 values at 8 bits: 2-bit indices, 3 bytes, and a 3-byte table: 6 < 10, packed with 2 bits
        assertEquals(2, FlashRowReads.packedIndexBits(new long[] {1, 2, 3, 1, 2, 3, 1, 2, 3, 1}, 8));
        // 4 elements of 3 values: 1 byte of indices and 3 of table: 4, not fewer than the 4 dense bytes
        assertEquals(0, FlashRowReads.packedIndexBits(new long[] {1, 2, 3, 1}, 8));
        // 16 elements of 2 values in 16-bit elements: 2 bytes of indices and a 4-byte table against 32
        assertEquals(1, FlashRowReads.packedIndexBits(new long[] {5, -5, 5, -5, 5, -5, 5, -5, 5, -5, 5, -5, 5, -5,
                5, -5}, 16));
    }

    /** elementwiseSum of each Add and VecOp of fp, in program order. */
    private static List<Integer> sums(FixedProgram fp, FlashRowReads.Storage storage) {
        FlashRowReads rows = new FlashRowReads(fp, storage);
        List<Integer> out = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Add || op instanceof Op.VecOp) {
                out.add(rows.elementwiseSum(op));
            }
        });
        return out;
    }

    private static <T extends Op> T only(FixedProgram fp, Class<T> kind) {
        List<T> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (kind.isInstance(op)) {
                found.add(kind.cast(op));
            }
        });
        assertEquals(1, found.size(), "premise: one " + kind.getSimpleName());
        return found.get(0);
    }

    private static FixedProgram program(String text, int inputs) {
        return program(text, inputs, WEIGHTS, 16);
    }

    /** text at SeeDot's {@code bits} bits, profiled on one input row of {@code inputs} values. */
    private static FixedProgram program(String text, int inputs, Map<String, double[]> weights, int bits) {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", text)).program();
        Map<String, double[]> used = new HashMap<>();
        p.forEachOp(op -> {
            if (op instanceof Op.Param q) {
                used.put(q.paramName(), weights.get(q.paramName()));
            }
        });
        double[] x = new double[inputs];
        for (int i = 0; i < inputs; i++) {
            x[i] = (i % 4 - 1.5) / 2;
        }
        Profile prof = new Profile(p);
        new FloatInterpreter(p, used).run(x, prof);
        return SeeDotStrategy.assign(p, prof, used, ContainerWidths.C, bits, 12);
    }
}
