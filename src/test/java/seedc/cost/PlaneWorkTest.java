package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * OpWork's terms of products on bit planes ({@link PlaneWork}), counted by hand on three small programs: a 2-bit
 * activation (quantize to 4 levels: 2 planes) of 20 elements times ternary weights (3 values: 2 planes) of 3 columns;
 * a convolution of 1-bit pixels (4 x 4 x 2) by binary 3 x 3 x 2 x 4 filters, 18 taps a window; the same with one input
 * channel, 9 taps a window, whose window patterns are looked up.
 */
class PlaneWorkTest {
    private static final String MATMUL = "let X = (20, 1) in [0.0, 1.0] in let W = (20, 3) in [-1.0, 1.0] in"
            + " let Xq = quantize(X, 2, 0.0, 0.75) in Xq^T * W";

    private static String conv(int channels) {
        return "let X = (" + 16 * channels + ", 1) in [0.0, 1.0] in let F = (1, 3, 3, " + channels + ", 4) in"
                + " [-1.0, 1.0] in let Xq = quantize(X, 1, 0.0, 1.0) in"
                + " let Xt = reshape(Xq, (1, 4, 4, " + channels + "), (1, 2)) in"
                + " conv2d(Xt, F, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1})";
    }

    @Test
    void aMatrixProductOnPlanesCountsItsPackingPairsOfPlaneBytesAndOutputs() {
        Map<String, Double> t = product(MATMUL, weights("W", ternary(60)), "MatMul");
        assertEquals(1.0, t.get("MatMul.planeop"));
        // one activation row of 20 elements, 2 planes each
        assertEquals(40.0, t.get("MatMul.planepack"));
        // 3 outputs, each 2 x 2 pairs of planes of ceil(20 / 8) = 3 bytes
        assertEquals(36.0, t.get("MatMul.planebyte.2x2"));
        assertEquals(3.0, t.get("MatMul.planeout"));
        assertFalse(t.containsKey("MatMul.op"), "the dense terms are stand-ins: " + t);
        assertEquals(1.0, t.get("MatMul.denseop"));
        // its 20 x 3 multiply-accumulates, priced so by a model that never measured the planes
        assertEquals(60.0, t.entrySet().stream().filter(e -> e.getKey().startsWith("MatMul.densemac."))
                .mapToDouble(Map.Entry::getValue).sum());
    }

    @Test
    void aConvolutionCountsItsWindowsPackedOnceForItsOutputChannels() {
        Map<String, Double> t = product(conv(2), weights("F", binary(72)), "Conv2d");
        // 4 x 4 windows (padded) of 3 x 3 x 2 = 18 taps, one plane, packed once for the 4 output channels
        assertEquals(16.0 * 18, t.get("Conv2d.planepack"));
        // 4 x 4 x 4 outputs, one pair of planes of ceil(18 / 8) = 3 bytes each
        assertEquals(64.0 * 3, t.get("Conv2d.planebyte.1x1"));
        assertEquals(64.0, t.get("Conv2d.planeout"));
        assertFalse(t.containsKey("Conv2d.planelookup.1x1"));
        // 9 taps a window: each output's one plane pattern looked up instead of its bytes counted
        Map<String, Double> small = product(conv(1), weights("F", binary(36)), "Conv2d");
        assertEquals(16.0 * 9, small.get("Conv2d.planepack"));
        assertEquals(64.0, small.get("Conv2d.planelookup.1x1"));
        assertFalse(small.containsKey("Conv2d.planebyte.1x1"));
    }

    @Test
    void aModelThatNeverMeasuredThePlanesPricesTheProductAsBeforeToTheLastBit() {
        FixedProgram fp = fixed(MATMUL, weights("W", ternary(60)));
        Map<String, double[]> w = weights("W", ternary(60));
        // without weights nothing is known of the planes: the terms every product had before they had terms
        Map<String, Double> dense = termsOf(OpWork.of(fp, null, false), "MatMul");
        Map<String, Double> planes = termsOf(OpWork.of(fp, w, false), "MatMul");
        Map<String, Double> coefficients = new HashMap<>();
        for (OpWork.Part p : OpWork.of(fp, null, false)) {
            p.terms().keySet().forEach(k -> coefficients.put(k, 0.1 * (1 + k.length()))); // made up, one per term
        }
        LinearCycleModel m = new LinearCycleModel("test", coefficients);
        assertEquals(m.price(dense), m.price(planes), 0.0, "exactly");
        assertTrue(m.unpriced(planes).isEmpty());
        assertEquals(1.0, m.fittedShare(fp, w), 0.0, "every term it prices is a measured one");

        // fitted: the planes' terms alone, the dense stand-ins at nothing
        coefficients.putAll(Map.of("MatMul.planeop", 30.0, "MatMul.planepack", 2.0, "MatMul.planebyte.2x2", 10.0,
                "MatMul.planeout", 5.0));
        LinearCycleModel fitted = new LinearCycleModel("test", coefficients);
        assertEquals(30 + 40 * 2 + 36 * 10 + 3 * 5, fitted.price(planes), 1e-9);
        // the kind's bytes measured at other widths only: priced as those (the mean of one), not measured
        coefficients.remove("MatMul.planebyte.2x2");
        coefficients.put("MatMul.planebyte.1x1", 12.0);
        LinearCycleModel partly = new LinearCycleModel("test", coefficients);
        assertEquals(30 + 40 * 2 + 36 * 12 + 3 * 5, partly.price(planes), 1e-9);
        double others = m.estimate(fp, w).total() - m.price(dense);
        assertEquals((others + 30 + 80 + 15) / (others + 30 + 80 + 36 * 12 + 15), partly.fittedShare(fp, w), 1e-12);
    }

    @Test
    void aModelSaysWhetherItMeasuredProductsOnPlanes() {
        assertFalse(new LinearCycleModel("test", Map.of("MatMul.op", 1.0, "MatMul.mac.8x8.t32", 2.0))
                .measuredProductsOnPlanes());
        assertTrue(new LinearCycleModel("test", Map.of("MatMul.op", 1.0, "Conv2d.planeop", 0.0))
                .measuredProductsOnPlanes(), "a coefficient of 0 is a measurement too");
        // the Uno's model has them since the low-bit fixtures' benches; the Cortex-M0+'s was never fitted on them
        assertTrue(CycleModels.forTarget("arduino").measuredProductsOnPlanes());
        assertFalse(CycleModels.forTarget("cortex-m").measuredProductsOnPlanes());
    }

    /** The terms of the program's one part of {@code kind}. */
    private static Map<String, Double> product(String source, Map<String, double[]> weights, String kind) {
        return termsOf(OpWork.of(fixed(source, weights), weights, true), kind);
    }

    static Map<String, Double> termsOf(List<OpWork.Part> parts, String kind) {
        return new TreeMap<>(parts.stream().filter(p -> p.kind().equals(kind)).findFirst().orElseThrow().terms());
    }

    static FixedProgram fixed(String source, Map<String, double[]> weights) {
        return fixed(source, weights, 0);
    }

    /** The same with {@code headroom} bits more than the data need above every value (so no product can wrap). */
    static FixedProgram fixed(String source, Map<String, double[]> weights, int headroom) {
        return fixed(source, weights, headroom, 16);
    }

    /** The same with every value at {@code bits} bits. */
    static FixedProgram fixed(String source, Map<String, double[]> weights, int headroom, int bits) {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", source)).program();
        Profile prof = new Profile(p);
        double[] x = new double[p.input().size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = (i % 5) / 4.0;
        }
        new FloatInterpreter(p, weights).run(x, prof);
        // shiftry's start (every value at 16 bits) or its end (at 8) at the data-driven scales: plain sums (SeeDot's
        // halve theirs)
        int[] widths = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            if (!v.isInt()) {
                widths[v.id()] = bits;
                scales[v.id()] = ShiftryStrategy.dataDrivenScale(prof.maxAbs(v), bits) - headroom;
            }
        }
        return ShiftryStrategy.assign(p, prof, widths, scales, ShiftryLadder.shiftry(ContainerWidths.C));
    }

    private static Map<String, double[]> weights(String name, double[] values) {
        return Map.of(name, values);
    }

    /** -0.5, 0, 0.5 in turn: three evenly spaced values. */
    static double[] ternary(int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = (i % 3 - 1) * 0.5;
        }
        return w;
    }

    /** -0.5 and 0.5 in a pattern of period 5. */
    private static double[] binary(int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = i % 5 < 2 ? -0.5 : 0.5;
        }
        return w;
    }
}
