package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.analysis.RangeAnalysis;
import seedc.analysis.ValueRanges;
import seedc.codegen.Fixtures;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.driver.RangeMode;
import seedc.eval.FloatInterpreter;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.search.Metric;

/**
 * The precision analysis bounds what it claims to: on a fixture of each algorithm compiled under --ranges sound (so nothing wraps
 * on the declared box), every top-level value the fixed interpreter computes on inputs from the declared box lies
 * within its bound of the float interpreter's.
 */
class ErrorBoundsTest {
    /** One fixture per algorithm (Bonsai's letter model: its tree walk differs between fixed and real runs). */
    static List<String> models() {
        return List.of("protonn-wine-3", "bonsai-letter-26", "fastgrnn-cancer-2", "cnn-gestures-8");
    }

    @ParameterizedTest
    @MethodSource("models")
    void fixedValuesStayWithinTheirBoundOfFloat(String name) {
        Path d = Fixtures.dir(name);
        FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
        DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
        Compilation.Options o = new Compilation.Options(Strategy.SHIFTRY, 16, Metric.ACCURACY, 2, false, CBackend.X86,
                1.0, null);
        FixedProgram fp = Compilation.compile(model, train, train, new Compilation.Options(o.strategy(), 16,
                o.metric(), 2, false, o.target(), 1.0, null, o.products(), o.maxScoreError(), null, RangeMode.SOUND))
                .fixed();
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        ValueRanges ranges = RangeAnalysis.of(model.program(), model.weights());
        double[] bound = ErrorBounds.of(fp, qm, ranges, model.weights());
        FixedInterpreter fixed = new FixedInterpreter(fp, qm);
        FloatInterpreter real = new FloatInterpreter(model.program(), model.weights());
        DataSet box = OverflowProofTest.box(model.program(), 60, name.hashCode());
        List<Value> top = model.program().body().ops().stream().map(op -> op.out()).filter(v -> !v.isInt()).toList();
        for (double[] row : box.features()) {
            fixed.run(row);
            real.run(row, null);
            for (Value v : top) {
                if (Double.isNaN(bound[v.id()])) {
                    continue;
                }
                long[] q = fixed.value(v);
                double[] r = real.value(v);
                for (int i = 0; i < q.length; i++) {
                    double err = Math.abs(Math.scalb((double) q[i], -fp.type(v).scale()) - r[i]);
                    int k = i;
                    assertTrue(err <= bound[v.id()] * (1 + 1e-9) + 1e-12, () -> name + ": '" + v.name() + "'[" + k
                            + "] is " + err + " from float, above its bound " + bound[v.id()]);
                }
            }
        }
    }
}
