package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.cost.CycleModels;
import seedc.fixed.FixedProgram;
import seedc.ir.Op;

/**
 * bench --profile inside SeeDot's sum loops: a mark before each op of a top-level sum loop's body and before each
 * addition to the sum (after the last body op where that op is added as it is computed), a row per body op under its
 * loop, and the rows adding up to what a build marked at top level only measures, less the extra marks' cycles.
 */
class SumLoopProfileMarksTest {
    /**
     * A ProtoNN of 3 prototypes in 2 dimensions (its last body op, Z[i] times the exp, is added to the sum as it is
     * computed), then a sum of tanh over the prototypes (its last op, the tanh, is added after it is stored).
     */
    private static final String SOURCE = "let W = (2, 3) in [-1, 1] in let B = (3, 2, 1) in [-1, 1] in"
            + " let Z = (3, 2, 1) in [-1, 1] in let X = (3, 1) in [-1, 1] in let g = 0.5 in"
            + " let WX = W * X in"
            + " let res = $(i = [0:3]) (let del = WX - B[i] in Z[i] * exp(-g * (del^T * del))) in"
            + " let tot = $(j = [0:3]) (tanh(res - B[j])) in argmax(tot)";
    private static final Map<String, double[]> WEIGHTS = Map.of(
            "W", new double[] {0.5, -0.25, 0.75, 0.1, -0.5, 0.3},
            "B", new double[] {0.2, -0.4, 0.6, 0.35, -0.1, 0.05},
            "Z", new double[] {0.9, -0.3, -0.2, 0.7, 0.4, 0.4});
    private static final double[][] X = {{0.5, -0.5, 0.25}, {-1, 0.8, 0.3}};

    @Test
    void theSumLoopsBodiesAreMarkedAndOrdinaryOutputStaysAsItWas(@TempDir Path tmp) throws IOException {
        FixedProgram fp = ProfiledBuilds.fixed(SOURCE, WEIGHTS, X);
        String plain = ProfiledBuilds.predict(fp, WEIGHTS, tmp.resolve("a"), null);
        String top = ProfiledBuilds.predict(fp, WEIGHTS, tmp.resolve("b"), false);
        String bodies = ProfiledBuilds.predict(fp, WEIGHTS, tmp.resolve("c"), true);
        List<Op> sums = fp.program().body().ops().stream().filter(op -> op instanceof Op.SumLoop).toList();
        assertEquals(2, sums.size());
        assertTrue(sums.stream().allMatch(ProfileMarks::marksBodyOf));
        int body = sums.stream().mapToInt(op -> ProfileMarks.bodyOf(op).ops().size() + 1).sum();
        int tops = fp.program().body().ops().size();
        assertEquals(tops + 1, ProfiledBuilds.marks(top));
        assertEquals(tops + 1 + body, ProfiledBuilds.marks(bodies), "a mark per body op and one for the addition");
        assertTrue(bodies.contains("as computed"), "the first sum adds Z[i] times the exp as it computes it");
        for (String profiled : List.of(top, bodies)) {
            assertEquals(plain, ProfiledBuilds.unmarked(profiled));
        }
    }

    @Test
    void theBodyRowsAndEachSumLoopsOwnAddUpToItsRowMarkedAtTopLevel(@TempDir Path tmp) {
        FixedProgram fp = ProfiledBuilds.fixed(SOURCE, WEIGHTS, X);
        ModelBench.Outcome top = ProfiledBuilds.bench(fp, WEIGHTS, X, tmp.resolve("top"), false);
        ModelBench.Outcome bodies = ProfiledBuilds.bench(fp, WEIGHTS, X, tmp.resolve("bodies"), true);
        assertTrue(bodies.allEqual(), "the profiled build predicts as the interpreter: " + bodies.mismatches());
        OpProfile p = OpProfile.of(bodies.fixed(), fp, WEIGHTS, CycleModels.avr());
        OpProfile q = OpProfile.of(top.fixed(), fp, WEIGHTS, CycleModels.avr());
        for (OpProfile r : List.of(p, q)) {
            assertEquals(r.measured(), r.rows().stream().mapToDouble(OpProfile.Row::measuredCycles).sum(), 1e-6);
        }
        List<OpProfile.Row> loops = q.rows().stream().filter(r -> r.kind().equals("SumLoop")).toList();
        assertEquals(List.of("res", "tot"), loops.stream().map(OpProfile.Row::label).toList());
        // by hand, per prototype: del^T del is 1x2 by 2x1, 2 MACs; -g times it, 1; Z[i] (2x1) times the exp, 2
        List<OpProfile.Row> res = body(p, "res");
        assertEquals(List.of(6L, 3L, 6L), res.stream().map(OpProfile.Row::macs).filter(m -> m > 0).toList());
        assertEquals(List.of("MatMul", "ScalarMul", "Exp", "MatMul"), res.stream().map(OpProfile.Row::kind)
                .filter(k -> List.of("MatMul", "ScalarMul", "Exp").contains(k)).toList());
        assertEquals(15, loops.get(0).macs());
        assertEquals(List.of("Tanh"), body(p, "tot").stream().map(OpProfile.Row::kind)
                .filter(k -> !k.equals("Index") && !k.equals("Add")).toList());
        double excess = 0;
        int extraMarks = 0;
        for (OpProfile.Row loop : loops) {
            List<OpProfile.Row> b = body(p, loop.label());
            OpProfile.Row own = p.rows().stream().filter(r -> r.label().equals(loop.label())).findFirst().orElseThrow();
            b.forEach(r -> assertEquals(3, r.marks(), "a mark per iteration: " + r));
            assertEquals(4, own.marks(), "its own mark, then one before each iteration's addition");
            double region = own.measuredCycles() + b.stream().mapToDouble(OpProfile.Row::measuredCycles).sum();
            extraMarks += 3 * (b.size() + 1);
            excess += region - loop.measuredCycles();
            double modelled = own.modelledCycles() + b.stream().mapToDouble(OpProfile.Row::modelledCycles).sum();
            assertEquals(loop.modelledCycles(), modelled, 1e-6, "the model's terms split, not changed");
        }
        // each extra mark is an LDI and an OUT, 2 cycles, over the two loops together: not loop by loop, since a sum
        // loop's counter is a local (CEmitter.localInts) and avr-gcc may move register work across a mark, from one
        // loop's rows to the other's (measured: tot's rows 7 cycles over its 12 marks, res's 144 over its 30)
        assertTrue(excess >= 2 * extraMarks, "each extra mark is an LDI and an OUT, 2 cycles: " + excess + " for "
                + extraMarks + " marks");
        // the other top-level ops run the same code, measured the same
        List<OpProfile.Row> others = q.rows().subList(0, q.rows().size() - 1).stream()
                .filter(r -> !r.kind().equals("SumLoop")).toList();
        for (OpProfile.Row r : others) {
            OpProfile.Row same = p.rows().stream().filter(o -> o.label().equals(r.label()) && o.loop() == null)
                    .findFirst().orElseThrow();
            assertEquals(r.measuredCycles(), same.measuredCycles(), 1e-9, r.label());
        }
        // what the body marks cost, measured start to stop around the call (not read from the marks), and what the
        // call's own prologue and return took less (the marks change which registers the function saves)
        double marksCost = p.measured() - q.measured();
        double callSaved = q.rows().getLast().measuredCycles() - p.rows().getLast().measuredCycles();
        assertTrue(callSaved >= 0, "the call's own cycles grew with the body marks: " + callSaved);
        assertEquals(marksCost + callSaved, excess, 1e-6, "the loops' rows exceed their rows marked at top level by"
                + " what the marks cost the inference and the call's own cycles saved");
    }

    private static List<OpProfile.Row> body(OpProfile p, String loop) {
        return p.rows().stream().filter(r -> loop.equals(r.loop())).toList();
    }
}
