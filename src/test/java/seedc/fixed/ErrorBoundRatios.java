package seedc.fixed;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import seedc.analysis.RangeAnalysis;
import seedc.analysis.ValueRanges;
import seedc.codegen.Fixtures;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.eval.FloatInterpreter;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Value;
import seedc.search.Metric;
import seedc.driver.RangeMode;

/**
 * How tight the precision analysis is (BENCHMARKS.md "Precision bounds"): for each fixture compiled by Shiftry at 16
 * bits under --ranges sound, the bound ErrorBounds gives the decision scores (argmax's operand) beside the largest
 * |fixed - real| seen on the test set and on inputs drawn from the declared box.
 * Usage: java -cp target/classes:target/test-classes:CP seedc.fixed.ErrorBoundRatios [MODEL...]
 */
public final class ErrorBoundRatios {
    private ErrorBoundRatios() {}

    public static void main(String[] args) throws Exception {
        List<String> models = args.length > 0 ? List.of(args) : fixtures();
        System.out.println("| model | scores' bound | largest error, test set | largest error, declared box | bound / largest |");
        System.out.println("| --- | ---: | ---: | ---: | ---: |");
        for (String name : models) {
            Path d = Fixtures.dir(name);
            FloatModel model = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
            DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
            DataSet test = DataInputs.load(model.program(), d.resolve("test.npy"), 1);
            Compilation.Options o = new Compilation.Options(Strategy.SHIFTRY, 16, Metric.ACCURACY, 2, false,
                    CBackend.X86, 1.0, null);
            FixedProgram fp = Compilation.compile(model, train, train, new Compilation.Options(o.strategy(), 16,
                    o.metric(), 2, false, o.target(), 1.0, null, o.products(), o.maxScoreError(), null,
                    RangeMode.SOUND)).fixed();
            QuantizedModel qm = new QuantizedModel(fp, model.weights());
            ValueRanges ranges = RangeAnalysis.of(model.program(), model.weights());
            double[] bound = ErrorBounds.of(fp, qm, ranges, model.weights());
            Value scores = scores(model);
            double onTest = largest(fp, qm, model, test, scores);
            double onBox = largest(fp, qm, model, OverflowProofTest.box(model.program(), 60, name.hashCode()), scores);
            double b = bound[scores.id()];
            System.out.printf(Locale.ROOT, "| %s | %.4g | %.4g | %.4g | %.0f |%n", name, b, onTest, onBox,
                    b / Math.max(onTest, onBox));
            if (System.getenv("SEEDC_EVERY_VALUE") != null) {
                for (Op op : model.program().body().ops()) {
                    if (!op.out().isInt()) {
                        System.out.printf(Locale.ROOT, "    %-12s %-12s bound %.4g, seen %.4g%n", op.out().name(),
                                op.getClass().getSimpleName(), bound[op.out().id()],
                                largest(fp, qm, model, test, op.out()));
                    }
                }
            }
        }
    }

    private static List<String> fixtures() throws Exception {
        try (Stream<Path> dirs = Files.list(Fixtures.dir("."))) {
            return dirs.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The real value argmax reads at the top level (the decision scores). */
    private static Value scores(FloatModel model) {
        for (Op op : model.program().body().ops()) {
            if (op instanceof Op.Argmax a) {
                return a.a();
            }
        }
        throw new IllegalArgumentException("no argmax");
    }

    /** The largest |fixed - real| of any element of {@code v} over the rows of {@code data}. */
    static double largest(FixedProgram fp, QuantizedModel qm, FloatModel model, DataSet data, Value v) {
        FixedInterpreter fixed = new FixedInterpreter(fp, qm);
        FloatInterpreter real = new FloatInterpreter(model.program(), model.weights());
        double m = 0;
        for (double[] row : data.features()) {
            fixed.run(row);
            real.run(row, null);
            long[] q = fixed.value(v);
            double[] r = real.value(v);
            for (int i = 0; i < q.length; i++) {
                m = Math.max(m, Math.abs(Math.scalb((double) q[i], -fp.type(v).scale()) - r[i]));
            }
        }
        return m;
    }
}
