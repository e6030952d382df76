package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.driver.RangeMode;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.search.Candidate;
import seedc.search.Metric;

/**
 * Zac's guarantee on a fixture: ProtoNN wine's profiled scales come from training inputs up to the data's extremes,
 * and inputs elsewhere in the declared range (corners of the box: the largest distances) overflow them. With
 * {@code --ranges sound} the overflow proof finds no value at risk, no corner and no sampled input of the box wraps
 * anywhere, and the x86 code (under the sanitizers) predicts what the interpreter does on the crafted inputs in
 * either mode.
 */
class SoundRangesTest {
    @TempDir
    Path dir;

    @Test
    void soundScalesKeepEveryDeclaredInputFromWrapping() throws Exception {
        Path d = Fixtures.dir("protonn-wine-3");
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        DataSet test = DataInputs.load(model.program(), d.resolve("test.npy"), 1);
        FixedProgram profiled = compile(model, train, test, RangeMode.PROFILED);
        FixedProgram sound = compile(model, train, test, RangeMode.SOUND);
        DataSet corners = corners(model.program());
        long profiledWraps = Candidate.runCounting(profiled, model, corners, 2).wraps().total();
        assertTrue(profiledWraps > 0, "no corner of the declared box overflows the profiled scales");
        assertTrue(!seedc.fixed.OverflowProof.risks(profiled, new seedc.fixed.QuantizedModel(profiled,
                model.weights())).isEmpty());
        assertEquals(List.of(), seedc.fixed.OverflowProof.risks(sound, new seedc.fixed.QuantizedModel(sound,
                model.weights())));
        assertEquals(0, Candidate.runCounting(sound, model, corners, 2).wraps().total());
        assertEquals(0, Candidate.runCounting(sound, model, sampled(model.program(), 2000), 2).wraps().total());
        DataSet crafted = wrapping(profiled, model, corners);
        X86DifferentialTest.assertHostMatches(Files.createDirectories(dir.resolve("profiled")), profiled, model,
                crafted, 40);
        X86DifferentialTest.assertHostMatches(Files.createDirectories(dir.resolve("sound")), sound, model, crafted, 40);
    }

    private static FixedProgram compile(FloatModel model, DataSet train, DataSet test, RangeMode ranges) {
        Compilation.Options o = new Compilation.Options(Strategy.SHIFTRY, 16, Metric.ACCURACY, 2, false, CBackend.X86,
                1.0, null);
        return Compilation.compile(model, train, test, new Compilation.Options(o.strategy(), o.bitwidth(), o.metric(),
                o.jobs(), false, o.target(), o.maxAccuracyDrop(), null, o.products(), o.maxScoreError(), null,
                ranges)).fixed();
    }

    /** Every corner of the declared input box (the program's 13 features: 8,192 rows). */
    private static DataSet corners(Program p) {
        int n = p.input().size();
        double[][] x = new double[1 << n][n];
        for (int c = 0; c < x.length; c++) {
            for (int i = 0; i < n; i++) {
                x[c][i] = (c >> i & 1) == 1 ? p.inputHi() : p.inputLo();
            }
        }
        return rows(x);
    }

    private static DataSet sampled(Program p, int rows) {
        SplittableRandom rnd = new SplittableRandom(3);
        double[][] x = new double[rows][p.input().size()];
        for (double[] r : x) {
            for (int i = 0; i < r.length; i++) {
                r[i] = p.inputLo() + (p.inputHi() - p.inputLo()) * rnd.nextDouble();
            }
        }
        return rows(x);
    }

    /** The rows on which the program has a wrap event. */
    private static DataSet wrapping(FixedProgram fp, FloatModel model, DataSet data) {
        List<double[]> kept = new ArrayList<>();
        for (double[] row : data.features()) {
            DataSet one = rows(new double[][] {row});
            if (Candidate.runCounting(fp, model, one, 1).wraps().total() > 0 && kept.size() < 40) {
                kept.add(row);
            }
        }
        return rows(kept.toArray(double[][]::new));
    }

    private static DataSet rows(double[][] x) {
        return new DataSet(1, new double[x.length][1], x);
    }
}
