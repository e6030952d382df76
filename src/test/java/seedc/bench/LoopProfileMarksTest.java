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

/**
 * bench --profile inside a loop: a mark before each op of a top-level loop's body and before the copy of each
 * iteration's result, a row per body op under its loop, and the rows adding up to what a build marked at top level
 * only measures, less the extra marks' own cycles.
 */
class LoopProfileMarksTest {
    /** A recurrent cell run 4 times: h = tanh(x_i W + h U), x_i a row of 3 inputs, h of 2. */
    private static final String SOURCE = "let W = (3, 2) in [-1, 1] in let U = (2, 2) in [-1, 1] in"
            + " let X = (12, 1) in [-1, 1] in let XX = reshape(X, (4, 1, 3), (1, 2)) in"
            + " let H = init([1, 2], 0.0) in"
            + " let res = loop(i = [0:4], H) (let a = (XX[i] * W) in let H = tanh(a + H * U) in H) in argmax(res)";
    private static final Map<String, double[]> WEIGHTS = Map.of(
            "W", new double[] {0.5, -0.25, 0.75, 0.1, -0.5, 0.3}, "U", new double[] {0.2, -0.4, 0.6, 0.35});
    private static final double[][] X = {
        {0.5, -0.5, 0.25, 1, 0.1, -0.2, 0.3, 0.9, -0.7, 0.4, 0.0, -1},
        {-1, 0, 0.5, 0.25, 0.8, -0.3, 0.6, -0.9, 0.2, 0.1, -0.4, 0.7}};

    private static FixedProgram program() {
        return ProfiledBuilds.fixed(SOURCE, WEIGHTS, X);
    }

    private static String predict(FixedProgram fp, Path dir, Boolean bodies) throws IOException {
        return ProfiledBuilds.predict(fp, WEIGHTS, dir, bodies);
    }

    @Test
    void theLoopsBodyIsMarkedAndOrdinaryOutputStaysAsItWas(@TempDir Path tmp) throws IOException {
        FixedProgram fp = program();
        String plain = predict(fp, tmp.resolve("a"), null);
        String top = predict(fp, tmp.resolve("b"), false);
        String bodies = predict(fp, tmp.resolve("c"), true);
        int tops = fp.program().body().ops().size();
        int body = fp.program().body().ops().stream().filter(ProfileMarks::marksBodyOf)
                .mapToInt(op -> ProfileMarks.bodyOf(op).ops().size()).sum();
        assertEquals(tops + 1, ProfiledBuilds.marks(top));
        assertEquals(tops + 1 + body + 1, ProfiledBuilds.marks(bodies),
                "a mark per body op and one before the result's copy");
        for (String profiled : List.of(top, bodies)) {
            assertEquals(plain, ProfiledBuilds.unmarked(profiled));
        }
        assertEquals(plain, predict(fp, tmp.resolve("d"), null));
    }

    private static ModelBench.Outcome bench(FixedProgram fp, Path dir, boolean bodies) {
        return ProfiledBuilds.bench(fp, WEIGHTS, X, dir, bodies);
    }

    @Test
    void theBodyRowsAndTheLoopsOwnAddUpToTheLoopMarkedAtTopLevel(@TempDir Path tmp) {
        FixedProgram fp = program();
        ModelBench.Outcome top = bench(fp, tmp.resolve("top"), false);
        ModelBench.Outcome bodies = bench(fp, tmp.resolve("bodies"), true);
        assertTrue(bodies.allEqual(), "the profiled build predicts as the interpreter: " + bodies.mismatches());
        OpProfile p = OpProfile.of(bodies.fixed(), fp, WEIGHTS, CycleModels.avr());
        OpProfile q = OpProfile.of(top.fixed(), fp, WEIGHTS, CycleModels.avr());
        OpProfile.Row loopTop = q.rows().stream().filter(r -> r.kind().equals("Loop")).findFirst().orElseThrow();
        List<OpProfile.Row> body = p.rows().stream().filter(r -> loopTop.label().equals(r.loop())).toList();
        OpProfile.Row own = p.rows().stream().filter(r -> r.label().equals(loopTop.label())).findFirst().orElseThrow();
        for (OpProfile r : List.of(p, q)) {
            assertEquals(r.measured(), r.rows().stream().mapToDouble(OpProfile.Row::measuredCycles).sum(), 1e-6);
        }
        // the body: XX[i] (an Index), a = XX[i] * W, H * U, their sum, its tanh; each run 4 times
        assertEquals(List.of("Index", "MatMul", "MatMul", "Add", "Tanh"),
                body.stream().map(OpProfile.Row::kind).toList());
        // by hand: a 1x3 row times 3x2 W is 6 MACs, 1x2 H times 2x2 U is 4, each 4 times
        assertEquals(List.of(0L, 24L, 16L, 0L, 0L), body.stream().map(OpProfile.Row::macs).toList());
        assertEquals(40, loopTop.macs());
        body.forEach(r -> assertEquals(4, r.marks(), "a mark per iteration: " + r));
        assertEquals(5, own.marks(), "its own mark, then one before each iteration's copy of its result");
        // what the body marks cost, measured start to stop around the call (not read from the marks)
        double marksCost = p.measured() - q.measured();
        int extraMarks = 4 * (body.size() + 1);
        double region = own.measuredCycles() + body.stream().mapToDouble(OpProfile.Row::measuredCycles).sum();
        assertTrue(region - loopTop.measuredCycles() >= 2 * extraMarks,
                "each extra mark is an LDI and an OUT, 2 cycles: " + region + " against " + loopTop);
        assertTrue(region - loopTop.measuredCycles() <= marksCost,
                "the loop's rows exceed its row marked at top level by no more than the marks cost the inference: "
                        + region + " against " + loopTop + ", marks " + marksCost);
        double modelled = own.modelledCycles() + body.stream().mapToDouble(OpProfile.Row::modelledCycles).sum();
        assertEquals(loopTop.modelledCycles(), modelled, 1e-6, "the model's terms split, not changed");
    }
}
