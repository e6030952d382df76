package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OverflowProof;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Value;
import seedc.search.Metric;

/**
 * What a product of a 2-bit quantized activation and 3-bit weights can store (OverflowProof.productRange, from the
 * quantize's levels, whatever the input) is exactly the least and the largest output over every combination of
 * levels, run by the interpreter (brute force: 4^5 rows); its scale, chosen on rows of the two lowest levels, holds its
 * sound range all the same (LowBitSums); the transpose of the quantized pixels is their bytes; and the batch-norm and 2-bit quantize after it, compared
 * where the product stores each sum over that range only, give the interpreter's integers on x86 under the
 * sanitizers for every one of those rows.
 */
class ProductRangeTest {
    @TempDir
    Path dir;

    @Test
    void theLevelsBoundTheStoredSumExactly() throws Exception {
        int features = 5, hidden = 3, classes = 2, levels = 4;
        Random rnd = new Random(7);
        double[] w1 = new double[features * hidden], s = new double[hidden], b = new double[hidden];
        for (int i = 0; i < w1.length; i++) {
            w1[i] = 0.125 * (rnd.nextInt(8) - 3); // a 3-bit grid
        }
        for (int i = 0; i < hidden; i++) {
            s[i] = 0.5 + 2 * rnd.nextDouble();
            b[i] = rnd.nextDouble() - 0.5;
        }
        double[] w2 = {1, -1, 0.5, 0.25, -0.5, 1};
        int rows = (int) Math.pow(levels, features);
        double[][] data = new double[rows][1 + features];
        for (int r = 0; r < rows; r++) {
            for (int j = 0, code = r; j < features; j++, code /= levels) {
                data[r][1 + j] = 0.25 * (code % levels); // exactly the levels 0, 0.25, 0.5, 0.75
            }
        }
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [0, 1] in\n"
                        + "let W1 = (" + features + ", " + hidden + ") in [-0.375, 0.5] in\n"
                        + "let S = (1, " + hidden + ") in [0.5, 2.5] in\nlet B = (1, " + hidden + ") in [-0.5, 0.5] in\n"
                        + "let W2 = (" + hidden + ", " + classes + ") in [-1, 1] in\n"
                        + "let Xq = quantize(X, 2, 0.0, 0.75) in\n"
                        + "let H = quantize(((Xq^T * W1) <*> S) + B, 2, 0.0, 1.5) in\nargmax(H * W2)\n")
                .param("W1", w1, features, hidden).param("S", s, 1, hidden).param("B", b, 1, hidden)
                .param("W2", w2, hidden, classes)
                .rows("data", data)
                // trained on the rows of the two lowest levels: their sums reach a third of the bound
                .rows("low", java.util.Arrays.stream(data).filter(r -> java.util.Arrays.stream(r).allMatch(v -> v < 0.5))
                        .toArray(double[][]::new));
        FloatModel model = m.load();
        DataSet set = m.data(model, "data");
        FixedProgram fp = HandModel.compile(model, m.data(model, "low"), set, Strategy.SHIFTRY, Metric.DISAGREEMENT,
                CBackend.ARDUINO);
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        java.util.List<Op> products = new java.util.ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.MatMul) {
                products.add(op);
            }
        });
        Op product = products.getFirst(); // Xq^T * W1, in program order
        long[] lv = LowBitProducts.levelRange(fp, product.inputs().get(0), defs);
        long[] range = OverflowProof.productRange(fp, qm, product, 0, lv[0], lv[1]);
        assertNotNull(range, "a product of levels and 3-bit weights in a 16-bit sum does not wrap");
        // the search took the sum's scale from its sound range (LowBitSums), not the training rows' third of it
        seedc.analysis.ValueRanges.Range sound = seedc.analysis.RangeAnalysis.of(model.program(), model.weights())
                .of(product.out());
        FixedType t = fp.type(product.out());
        assertTrue(t.toReal(t.max()) >= sound.hi() && t.toReal(t.min()) <= sound.lo(), t + " holds " + sound);

        FixedInterpreter fi = new FixedInterpreter(fp, qm);
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (double[] x : set.features()) {
            fi.run(x);
            for (long v : fi.value(product.out())) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        assertArrayEquals(new long[] {lo, hi}, range, "the stored sums over every combination of levels");

        Path host = dir.resolve("x86");
        X86DifferentialTest.assertHostMatches(host, fp, model, set, rows);
        String code = Files.readString(host.resolve("predict.c"));
        assertTrue(code.contains("compared where the product above stores each element"), code);
        // the transpose of the quantized pixels keeps their type: the same bytes, no loop (ShiftryStrategy.levelsView)
        assertTrue(code.contains("/* the same bytes as v_Xq */"), code);
    }
}
