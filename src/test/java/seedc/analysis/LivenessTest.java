package seedc.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.analysis.Dataflow.Site;
import seedc.analysis.Dataflow.Use;
import seedc.diag.Pos;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;

/** The def-use graph, the instruction numbering and liveness of the {@link Samples}, worked out by hand. */
class LivenessTest {
    /** The intervals by value name, in definition order. */
    private static Map<String, Interval> byName(Map<Value, Interval> m) {
        Map<String, Interval> out = new LinkedHashMap<>();
        m.forEach((v, r) -> out.put(v.name(), r));
        return out;
    }

    private static Map<String, Interval> expect(Object... nameFirstLast) {
        Map<String, Interval> out = new LinkedHashMap<>();
        for (int k = 0; k < nameFirstLast.length; k += 3) {
            out.put((String) nameFirstLast[k], new Interval((int) nameFirstLast[k + 1], (int) nameFirstLast[k + 2]));
        }
        return out;
    }

    @Test
    void graphKeepsLoopsAsNestedRegions() {
        Samples s = Samples.nested();
        Dataflow g = Dataflow.of(s.program);
        Op loop = s.def("res");
        Op sum = s.def("S");
        Op add = s.def("e");
        assertSame(loop, g.def(s.get("H")), "the accumulator is the loop's");
        assertSame(sum, g.def(s.get("j")), "the index is the loop's");
        assertSame(g.top(), g.region(loop));
        assertSame(sum, g.region(add).loop());
        assertSame(loop, g.region(add).parent().loop());
        assertSame(g.bodyRegion(sum), g.region(add));
        assertTrue(g.top().encloses(g.region(add)) && g.bodyRegion(loop).encloses(g.region(add)));
        assertFalse(g.region(add).encloses(g.bodyRegion(loop)));
        // X: the loop's init, then inside both loops; res: at the loop's end, then by the return.
        assertEquals(List.of(new Use(loop, Site.OPERAND), new Use(add, Site.OPERAND)), g.uses(s.get("X")));
        assertEquals(List.of(new Use(add, Site.OPERAND), new Use(loop, Site.LOOP_END)), g.uses(s.get("H")));
        assertEquals(List.of(new Use(sum, Site.LOOP_END), new Use(s.def("H2"), Site.OPERAND)), g.uses(s.get("S")));
        assertEquals(List.of(new Use(loop, Site.LOOP_END), new Use(null, Site.RETURN)), g.uses(s.get("res")));
        Value stranger = new Value(s.program.valueCount(), "z", Value.Kind.REAL, Shape.of(1), Pos.NONE, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> g.def(stranger));
        assertEquals(List.of(), g.uses(stranger));
    }

    @Test
    void instructionsPutALoopBeforeItsBody() {
        Samples s = Samples.nested();
        Instructions ins = Instructions.of(Dataflow.of(s.program));
        assertEquals(List.of("X = Input()", "res = Loop(X)", "S = SumLoop()", "e = Add(H, X)", "H2 = Neg(S)",
                "return res"), ins.labels());
        assertEquals(6, ins.count());
        assertEquals(5, ins.returnAt());
        assertEquals(4, ins.end(s.def("res")));
        assertEquals(3, ins.end(s.def("S")));
        assertEquals(3, ins.end(s.def("e")), "any other op ends where it runs");
        // Read at 3: X (defined at 0) by both loops again, S (defined by the sum loop) by the sum loop only.
        assertEquals(List.of(new Interval(1, 4), new Interval(2, 3)), ins.loopsRepeating(0, 3));
        assertEquals(List.of(new Interval(2, 3)), ins.loopsRepeating(2, 3));
        assertEquals(List.of(), ins.loopsRepeating(3, 3), "e is defined in the body");
        assertEquals(List.of(), ins.loopsRepeating(0, 1), "a loop reads its init once, before it starts");
    }

    @Test
    void straightLineValuesLiveFromDefinitionToLastRead() {
        // W is a parameter: not stored. d is read by the return, instruction 6.
        assertEquals(expect("X", 0, 2, "a", 2, 3, "b", 3, 5, "c", 4, 5, "d", 5, 6),
                byName(Samples.chain().liveness().intervals()));
    }

    @Test
    void valuesReadInALoopLiveAcrossIt() {
        // The loop spans 2..4. X is read at 3 in the body: every iteration reads it, so until 4.
        // N is the init, read once at 2. res and H are read at the loop's end (4), res again at 5.
        // s and H2 are the body's own. i is an int: not stored.
        assertEquals(expect("X", 0, 4, "N", 1, 2, "res", 2, 5, "H", 2, 4, "s", 3, 4, "H2", 4, 4, "y", 5, 6),
                byName(Samples.rnn().liveness().intervals()));
    }

    @Test
    void nestedLoopsExtendToTheOutermostThatRepeatsTheRead() {
        // X and H are read at 3, inside the sum loop (2..3) and the loop (1..4): until 4.
        // S is the sum loop's output, read at its end (3) and at 4. e is read at the sum loop's end.
        assertEquals(expect("X", 0, 4, "res", 1, 5, "H", 1, 4, "S", 2, 4, "e", 3, 3, "H2", 4, 4),
                byName(Samples.nested().liveness().intervals()));
    }

    @Test
    void onlyStoredValuesGetAnInterval() {
        Samples s = Samples.chain();
        Liveness live = Liveness.of(Dataflow.of(s.program), v -> v.name().equals("b"));
        assertEquals(expect("b", 3, 5), byName(live.intervals()));
        assertFalse(live.stored(s.get("a")));
        assertThrows(IllegalArgumentException.class, () -> live.of(s.get("a")));
    }
}
