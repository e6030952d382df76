package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import seedc.analysis.RangeAnalysis;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.driver.RangeMode;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Value;
import seedc.search.Metric;

/**
 * softplus and softsign on integers (docs/fixed-point-semantics.md): softsign is the exact quotient (checked against
 * long division of the rationals, every 16-bit input), softplus within about one output step of the real
 * function wherever its output fits; on a program with both, the precision analysis bounds what the fixed
 * interpreter computes on the declared box, and the overflow proof lists every value that wraps there.
 */
class SoftKernelsTest {
    /** Every 16-bit input: sign(a) floor(|a| 2^(so + max(0, -sa)) / (2^max(0, sa) + |a| 2^max(0, -sa))), wrapped. */
    @ParameterizedTest
    @CsvSource({"12, 15", "12, 14", "0, 15", "-3, 14", "15, 10", "11, -2", "10, 6", "20, 30"})
    void softsignIsTheTruncatedQuotient(int sa, int so) {
        FixedType in = new FixedType(16, sa), out = new FixedType(so > 15 ? 32 : 16, so);
        for (long a = in.min(); a <= in.max(); a++) {
            // a plain long division (every case's m 2^so < 2^50), not the kernel's restoring one
            long m = Math.abs(a) << Math.max(0, -sa), d = (1L << Math.max(0, sa)) + m;
            long q = so < 0 ? 0 : (m << so) / d;
            long want = FixedArith.wrap(a < 0 ? -q : q, out.bits());
            assertEquals(want, SoftKernels.softsign(a, in, out, WrapSite.IGNORE), sa + "/" + so + " at " + a);
        }
    }

    /**
     * Every 16-bit input whose softplus fits the output: within half a step of rounding, the interpolation's h^2 / 32
     * for knots 2^-k apart (k = min(4 or 5, ceil((so - 4) / 2)) by the document), and at the table's scale
     * min(so + 2, bo - 1) the entries' rounding (half a unit), the interpolation's truncation and the relu part's
     * where the input is finer (a unit each); a 16-bit output's table has under 200 entries.
     */
    @ParameterizedTest
    @CsvSource({"12, 12", "12, 14", "3, 10", "8, 8", "14, 11", "-2, -1", "4, 5", "13, 20"})
    void softplusIsWithinAboutAStepOfTheRealFunction(int sa, int so) {
        FixedType in = new FixedType(16, sa), out = new FixedType(so > 15 ? 32 : 16, so);
        SoftplusTable t = SoftplusTable.of(in, out);
        int k = Math.min(out.bits() <= 16 ? 4 : 5, Math.max(0, (int) Math.ceil((so - 4) / 2.0)));
        double unit = Math.scalb(1.0, -Math.min(so + 2, out.bits() - 1));
        double step = Math.scalb(1.0, -so), bound = step / 2 + Math.scalb(1.0, -2 * k) / 32 + 2.5 * unit, worst = 0;
        for (long a = in.min(); a <= in.max(); a++) {
            double x = in.toReal(a), real = Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x)));
            if ((real + bound) * Math.scalb(1.0, so) >= out.max()) { // may round past the largest integer: wraps
                continue;
            }
            long o = SoftKernels.softplus(a, t, in, out, WrapSite.IGNORE);
            worst = Math.max(worst, Math.abs(out.toReal(o) - real));
        }
        assertTrue(worst <= bound, sa + "/" + so + ": " + worst / step + " steps, bound " + bound / step);
        assertTrue(out.bits() > 16 || t.entries().length < 200, t.entries().length + " entries");
    }

    static final String PROGRAM = "let X = (4, 1) in [-2.0, 3.0] in let W = (3, 4) in [-1, 1] in "
            + "let y = W * X in argmax(softplus(y) + softsign(y))";

    /** Under --ranges sound, both values stay within their error bound of float on corners and points of the box. */
    @ParameterizedTest
    @EnumSource(Strategy.class)
    void theErrorBoundHolds(Strategy s) {
        FloatModel model = seedc.analysis.RangeAnalysisRulesTest.model(PROGRAM, 11);
        DataSet box = OverflowProofTest.box(model.program(), 120, 3);
        Compilation.Options o = new Compilation.Options(s, 16, Metric.ACCURACY, 1, false, CBackend.X86, 1.0, null);
        FixedProgram fp = Compilation.compile(model, box, box, new Compilation.Options(s, 16, o.metric(), 1, false,
                o.target(), 1.0, null, o.products(), o.maxScoreError(), null, RangeMode.SOUND)).fixed();
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        double[] bound = ErrorBounds.of(fp, qm, RangeAnalysis.of(model.program(), model.weights()), model.weights());
        for (Value v : soft(model)) {
            double seen = ErrorBoundRatios.largest(fp, qm, model, box, v);
            assertTrue(!Double.isNaN(bound[v.id()]) && seen > 0 && seen <= bound[v.id()],
                    s + " " + v.name() + ": " + seen + " seen, bound " + bound[v.id()]);
        }
    }

    /** Scales profiled on a tenth of the box wrap on the rest: every value that wraps is listed. */
    @ParameterizedTest
    @EnumSource(Strategy.class)
    void everyWrapIsListed(Strategy s) {
        FloatModel model = seedc.analysis.RangeAnalysisRulesTest.model(PROGRAM, 11);
        DataSet box = OverflowProofTest.box(model.program(), 300, 5);
        double[][] small = java.util.Arrays.stream(box.features()).limit(30)
                .map(r -> java.util.Arrays.stream(r).map(x -> x / 10).toArray()).toArray(double[][]::new);
        DataSet train = new DataSet(1, new double[small.length][1], small);
        FixedProgram fp = Compilation.compile(model, train, train, new Compilation.Options(s, 16, Metric.ACCURACY, 1,
                false, CBackend.X86, 1.0, null)).fixed();
        Set<String> listed = new HashSet<>();
        OverflowProof.risks(fp, new QuantizedModel(fp, model.weights())).forEach(r -> listed.add(r.value().name()));
        WrapCounts seen = seedc.search.Candidate.runCounting(fp, model, box, 1).wraps();
        for (Value v : model.program().values()) {
            assertTrue(seen.events()[v.id()] == 0 || listed.contains(v.name()),
                    () -> s + ": '" + v.name() + "' wraps on the box, unlisted in " + listed);
        }
    }

    private static List<Value> soft(FloatModel model) {
        return model.program().body().ops().stream()
                .filter(op -> op instanceof Op.Softplus || op instanceof Op.Softsign).map(Op::out).toList();
    }

    @Test
    void theTableEndsAtItsFirstZero() {
        SoftplusTable t = SoftplusTable.of(new FixedType(16, 12), new FixedType(16, 12));
        long[] e = t.entries();
        assertEquals(0, e[e.length - 1]);
        assertEquals(Math.round(Math.log(2) * (1 << 14)), e[0]); // g(0) = ln 2 at the table's scale so + 2
        for (int i = 0; i + 1 < e.length; i++) {
            assertTrue(e[i] >= e[i + 1] && e[i] > 0, "decreasing, positive before the end: " + i);
        }
    }
}
