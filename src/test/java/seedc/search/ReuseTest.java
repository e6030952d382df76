package seedc.search;

import seedc.fixed.ContainerWidths;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.ir.FloatModel;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.fixed.StateDetail;
import seedc.io.DataSet;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.frontend.seedot.lang.SourceFile;

/** Candidates that reuse an earlier run's values compute exactly what the plain interpreter computes. */
class ReuseTest {

    /** Every real value at 16 bits with its data-driven scale, except {@code demoted} at 8 bits, scale - below. */
    static FixedProgram program(Program p, Profile prof, List<String> demoted, int below) {
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            if (!v.isInt()) {
                boolean d = demoted.contains(v.name());
                bits[v.id()] = d ? 8 : 16;
                scales[v.id()] = ShiftryStrategy.dataDrivenScale(prof.maxAbs(v), 16) - (d ? below : 0);
            }
        }
        return ShiftryStrategy.assign(p, prof, bits, scales, ShiftryLadder.shiftry(ContainerWidths.C));
    }

    /** The names of the real-valued ops the interpreter computes, in program order (a loop before its body). */
    static List<String> mustRun(FixedProgram cand, FixedProgram ref) {
        return mustRun(cand, ref, StateDetail.EVERY_ITERATION);
    }

    static List<String> mustRun(FixedProgram cand, FixedProgram ref, StateDetail detail) {
        boolean[] run = Reuse.mustRun(cand, ref, detail);
        List<String> names = new ArrayList<>();
        cand.program().forEachOp(op -> {
            if (run[op.out().id()] && !op.out().isInt()) {
                names.add(op.out().name());
            }
        });
        return names;
    }

    @Test
    void aDemotedValueRerunsOnlyWhatIsDownstreamOfIt() {
        // Shiftry section 3: t1 = W1 * X, t2 = t1 + B1, t3 = W2 * t2, t4 = t3 + B2.
        Program p = SeeDotProgram.from(new SourceFile("ex.sd", ShiftryExampleTest.PROGRAM)).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, ShiftryExampleTest.WEIGHTS).run(ShiftryExampleTest.X, prof);
        FixedProgram all16 = program(p, prof, List.of(), 7);
        assertEquals(List.of(), mustRun(all16, all16));
        // B1 at 8 bits: B1 itself (quantized anew), the sum reading it and everything after; t1 is reused.
        assertEquals(List.of("B1", "t2", "t3", "t4"), mustRun(program(p, prof, List.of("B1"), 7), all16));
        assertEquals(List.of("t3", "t4"), mustRun(program(p, prof, List.of("t3"), 7), all16));
        assertEquals(List.of("X", "t1", "t2", "t3", "t4"), mustRun(program(p, prof, List.of("X"), 7), all16));
        // Stage IV: B2 then B1 demoted; from the run with B2 demoted only B1's part reruns.
        assertEquals(List.of("B1", "t2", "t3", "t4"),
                mustRun(program(p, prof, List.of("B2", "B1"), 7), program(p, prof, List.of("B2"), 7)));
    }

    /**
     * ProtoNN's loop over prototypes: t9 = B[i], del = WX - t9, t11 = Z[i], t12 = -g2, t13 = del^T,
     * t14 = t13 * del, t15 = t12 * t14, t16 = exp(t15), t17 = t11 * t16, res = the sum of t17. A state of every
     * iteration keeps the one costly op of the body, the squared distance t14 (16 products per element), so
     * demoting the score t17 or the exp t16 computes every other op of the loop again but takes t14 from the
     * state; demoting del changes t14, and a state of the top level keeps no value inside the loop.
     */
    @Test
    void insideALoopTheCostlyOpsUpstreamAreTakenFromTheState() {
        TrainedFixture f = TrainedFixture.load("protonn-digits-10");
        Program p = f.model().program();
        FixedProgram all16 = program(p, f.profile(), List.of(), 7);
        List<String> allButT14 = List.of("res", "t9", "del", "t11", "t12", "t13", "t15", "t16", "t17");
        List<String> all = List.of("res", "t9", "del", "t11", "t12", "t13", "t14", "t15", "t16", "t17");
        for (String v : List.of("t17", "t16")) {
            FixedProgram demoted = program(p, f.profile(), List.of(v), 7);
            assertEquals(allButT14, mustRun(demoted, all16, StateDetail.EVERY_ITERATION), v);
            assertEquals(all, mustRun(demoted, all16, StateDetail.TOP_LEVEL), v);
        }
        assertEquals(all, mustRun(program(p, f.profile(), List.of("del"), 7), all16, StateDetail.EVERY_ITERATION));
        assertEquals(List.of(), mustRun(all16, all16, StateDetail.EVERY_ITERATION));
        assertTrue(Reuse.alike(all16, program(p, f.profile(), List.of(), 7)));
    }

    /**
     * Stage III's pattern (each value demoted alone, reusing the 16-bit run) and stage IV's (each value demoted in
     * turn on top of the previous program, reusing its run) give the plain interpreter's results on every
     * training example. ProtoNN has a sum loop, Bonsai int values that depend on reals, FastGRNN a loop
     * reading parameters in its body, the CNN convolutions.
     */
    @ParameterizedTest
    @CsvSource({"protonn, EVERY_ITERATION", "bonsai, EVERY_ITERATION", "fastgrnn, EVERY_ITERATION",
            "cnn, EVERY_ITERATION", "protonn, TOP_LEVEL", "fastgrnn, TOP_LEVEL"})
    void reusedRunsEqualThePlainInterpreter(String name, StateDetail detail) {
        TrainedFixture f = TrainedFixture.load(name + "-digits-10");
        FloatModel model = f.model();
        DataSet train = f.train();
        Profile prof = f.profile();
        Program p = model.program();
        List<String> names = p.values().stream().filter(v -> !v.isInt()).map(Value::name).toList();
        try (CandidatePool pool = new CandidatePool(model, train, f.floatTrain(), Metric.ACCURACY, 2, StageLog.quiet())
                .keeping(detail)) {
            pool.reference(program(p, prof, List.of(), 7));
            List<String> cumulative = new ArrayList<>();
            for (String v : names) {
                FixedProgram alone = program(p, prof, List.of(v), 7);
                assertSame(Candidate.run(alone, model, train, 2), pool.results(alone, false), v + " alone");
                cumulative.add(v);
                FixedProgram upTo = program(p, prof, cumulative, 7);
                assertSame(Candidate.run(upTo, model, train, 2), pool.results(upTo, true), "up to " + v);
                // a reused run has the reused values' wrap events too
                assertArrayEquals(Candidate.runCounting(alone, model, train, 2).wraps().events(),
                        pool.wraps(alone, false).events(), v + " alone: wrap events");
            }
        }
    }

    static void assertSame(Result[] plain, Result[] reused, String what) {
        assertEquals(plain.length, reused.length);
        for (int i = 0; i < plain.length; i++) {
            assertTrue(plain[i].isLabel() == reused[i].isLabel(), what);
            assertEquals(plain[i].label(), reused[i].label(), what + ", example " + i);
            assertArrayEquals(plain[i].output(), reused[i].output(), what + ", example " + i);
        }
    }
}
