package seedc.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.Fixtures;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The sound ranges of every fixture model hold every value the float interpreter computes on inputs drawn from
 * the declared input range: uniformly, at the range's ends and at random corners of the input box (where a sum
 * of products with fixed weights takes its extremes).
 */
class RangeAnalysisFixturesTest {
    static java.util.List<String> models() throws java.io.IOException {
        try (var dirs = java.nio.file.Files.list(Fixtures.dir("protonn-digits-10").getParent())) {
            return dirs.map(d -> d.getFileName().toString()).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("models")
    void sampledInputsStayInsideTheSoundRanges(String name) {
        Path d = Fixtures.dir(name);
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        assertContains(model, 300, name.hashCode());
    }

    /** Runs {@code samples} inputs from the declared box and checks every value of every run. */
    static void assertContains(FloatModel model, int samples, long seed) {
        Program p = model.program();
        ValueRanges sound = RangeAnalysis.of(p, model.weights());
        assertTrue(sound.unproven().isEmpty(), () -> "unproven: " + sound.unproven());
        Profile seen = new Profile(p);
        FloatInterpreter fi = new FloatInterpreter(p, model.weights());
        SplittableRandom rnd = new SplittableRandom(seed);
        double lo = p.inputLo(), hi = p.inputHi();
        for (int s = 0; s < samples; s++) {
            double[] x = new double[p.input().size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = switch (s % 3) {
                    case 0 -> lo + (hi - lo) * rnd.nextDouble();
                    case 1 -> rnd.nextBoolean() ? lo : hi;
                    default -> s < 6 ? (s == 2 ? lo : hi) : lo + (hi - lo) * rnd.nextDouble() * rnd.nextDouble();
                };
            }
            fi.run(unshifted(p, x), seen);
        }
        for (Value v : p.values()) {
            if (v.isInt() || !seen.observed(v)) {
                continue;
            }
            ValueRanges.Range r = sound.of(v);
            assertTrue(r.lo() <= seen.min(v) && seen.max(v) <= r.hi(), () -> v.name() + ": seen [" + seen.min(v)
                    + ", " + seen.max(v) + "] outside the sound [" + r.lo() + ", " + r.hi() + "]");
        }
    }

    /** A data row that enters the program as {@code x} (the declared range is the shifted input's). */
    private static double[] unshifted(Program p, double[] x) {
        if (!p.shiftsInput()) {
            return x;
        }
        double[] row = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            row[i] = Math.scalb(x[i], -p.inputShifts()[i]);
        }
        return row;
    }
}
