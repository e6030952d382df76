package seedc.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.diag.Pos;
import seedc.ir.Op;
import seedc.ir.ProgramBuilder;
import seedc.ir.Shape;
import seedc.ir.Value;

/** In-place sharing over the {@link Samples}; see {@link LivenessTest} for their intervals. */
class InPlaceTest {
    private static InPlace sameBits(Samples s) {
        return InPlace.of(s.liveness(), v -> 16, (a, o) -> true);
    }

    private static Map<String, String> names(Map<Value, Value> aliases) {
        Map<String, String> out = new LinkedHashMap<>();
        aliases.forEach((v, root) -> out.put(v.name(), root.name()));
        return out;
    }

    private static Map<String, Interval> intervals(InPlace p) {
        Map<String, Interval> out = new LinkedHashMap<>();
        p.intervals().forEach((v, r) -> out.put(v.name(), r));
        return out;
    }

    @Test
    void elementwiseChainWritesOverDyingOperands() {
        // a over X (X dies at 2); b over a, so X (which now lives until 3); c: b is read again at 5;
        // d over b (X's bytes die at 5; b is the first operand), so X lives until 6.
        Samples s = Samples.chain();
        InPlace p = sameBits(s);
        assertEquals(Map.of("a", "X", "b", "X", "d", "X"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 6), "c", new Interval(4, 5)), intervals(p));
        assertEquals(s.get("X"), p.storageOf(s.get("d")));
        assertEquals(s.get("c"), p.storageOf(s.get("c")));
        assertFalse(p.isView(s.get("a")));
    }

    @Test
    void widerResultGetsItsOwnBytes() {
        // As above, but d has 32-bit elements: neither b's 16-bit bytes nor c's can hold it.
        Samples s = Samples.chain();
        InPlace p = InPlace.of(s.liveness(), v -> v.name().equals("d") ? 32 : 16, (a, o) -> true);
        assertEquals(Map.of("a", "X", "b", "X"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 5), "c", new Interval(4, 5), "d", new Interval(5, 6)), intervals(p));
    }

    @Test
    void loopValuesShareOnlyWhereTheyDie() {
        // N: X lives until 4. s: H and X live until 4, beyond 3. H2 over s, which dies at 4. The
        // loop itself is not element-wise, but its accumulator H is its output's bytes (res is written
        // only when an iteration ends). y over res, which dies at 5.
        InPlace p = sameBits(Samples.rnn());
        assertEquals(Map.of("H", "res", "H2", "s", "y", "res"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 4), "N", new Interval(1, 2), "res", new Interval(2, 6),
                "s", new Interval(3, 4)), intervals(p));
    }

    @Test
    void nestedLoopBodyKeepsValuesFromOutside() {
        // e = H + X at 3: both live until 4, so e gets its own bytes; H2 = -S over S, which dies at 4;
        // the accumulator H is the outer loop's output res.
        InPlace p = sameBits(Samples.nested());
        assertEquals(Map.of("H", "res", "H2", "S"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 4), "res", new Interval(1, 5),
                "S", new Interval(2, 4), "e", new Interval(3, 3)), intervals(p));
    }

    @Test
    void aValueFromBeforeALoopIsNotWrittenOverByTheLoopsLastOp() {
        // X's interval ends at 2, e's instruction, as if X died there; but the next iteration reads X again, so e
        // gets its own bytes (written over X, the second iteration negated -X: a miscompile the x86 bench showed).
        Samples s = Samples.inputInSumLoop();
        InPlace p = sameBits(s);
        assertEquals(Map.of(), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 2), "S", new Interval(1, 3), "e", new Interval(2, 2)), intervals(p));
    }

    @Test
    void identityViewsAreTheirOperandReadInPlace() {
        // T (X transposed, a vector) is X although X is read again at 2, so X lives until 3 and n
        // cannot go over it; M (y reshaped in order) is y, which then lives until 5.
        Samples s = Samples.views();
        InPlace p = sameBits(s);
        assertEquals(Map.of("T", "X", "M", "y"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 3), "n", new Interval(2, 3), "y", new Interval(3, 5)), intervals(p));
        assertTrue(p.isView(s.get("T")) && p.isView(s.get("M")));
    }

    @Test
    void viewsOfAnotherTypeAreCopiesWrittenOverADyingOperand() {
        // With no view keeping its type, T gets its own bytes (X is read again at 2), and n = -X goes over X, dying
        // at 2; M converts y element by element and y dies at M (4), so M is written over y: an element-wise op.
        Samples s = Samples.views();
        InPlace p = InPlace.of(s.liveness(), v -> 16, (a, o) -> false);
        assertEquals(Map.of("n", "X", "M", "y"), names(p.aliases()));
        assertEquals(Map.of("X", new Interval(0, 3), "T", new Interval(1, 3), "y", new Interval(3, 5)), intervals(p));
        assertFalse(p.isView(s.get("T")) || p.isView(s.get("M")));
    }

    @Test
    void aConvertingViewIsNotWrittenOverAWiderResultsOperand() {
        // M wider than y (16 over 8 bits) would overwrite y's later elements before they are read: a copy
        Samples s = Samples.views();
        InPlace p = InPlace.of(s.liveness(), v -> v == s.get("M") ? 16 : 8, (a, o) -> false);
        assertEquals(Map.of("n", "X"), names(p.aliases()));
    }

    @Test
    void onlyTheIdentityIndexMapIsAView() {
        ProgramBuilder b = new ProgramBuilder();
        Value m = b.real("m", Shape.of(2, 3), Pos.NONE);
        assertFalse(InPlace.isIdentityView(new Op.Transpose(b.real("t", Shape.of(3, 2), Pos.NONE), m)));
        assertTrue(InPlace.isIdentityView(new Op.Reshape(b.real("r", Shape.of(3, 2), Pos.NONE), m, new int[] {0, 1})));
        assertFalse(InPlace.isIdentityView(new Op.Reshape(b.real("q", Shape.of(3, 2), Pos.NONE), m, new int[] {1, 0})));
        assertFalse(InPlace.isIdentityView(new Op.Neg(b.real("n", Shape.of(2, 3), Pos.NONE), m)));
    }
}
