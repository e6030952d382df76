package seedc.fixed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.codegen.HandModel;
import seedc.codegen.c.CBackend;
import seedc.ir.FloatModel;
import seedc.ir.Op;
import seedc.ir.Value;
import seedc.search.Metric;

/**
 * What a product of quantized levels and a parameter can store ({@link ProductReach}), against brute force: a 1 x 4
 * by 4 x 2 matrix product whose levels, weights, pre-shifts, temporary width, post shift and output type are set by
 * hand, run by the interpreter's kernel on every combination of levels (at most 4^4 rows). Its two calculations,
 * the exact sum's (ExactProducts) and the interval proof's (OverflowProof.productRange), each give, where they give
 * anything, exactly the least and largest integer stored. They differ where the levels exclude 0 (every term one
 * sign) and a partial sum leaves the temporary's W bits while the whole sum does not: the proof refuses (a partial
 * sum may wrap) but a plain sum wraps modulo 2^W like its terms, so the stored sum is exact there and the exact
 * sum's range is the right one.
 */
class ProductReachTest {
    private static final int INNER = 4, COLS = 2;

    @TempDir
    static Path dir;

    private static FixedProgram base;
    private static Op.Quantize quantize;
    private static Op.MatMul product;
    private static Value weights;

    @BeforeAll
    static void program() throws Exception {
        double[][] rows = new double[8][1 + INNER];
        for (int r = 0; r < rows.length; r++) {
            for (int j = 0; j < INNER; j++) {
                rows[r][1 + j] = ((r + j) % 4) / 3.0;
            }
        }
        HandModel m = new HandModel(dir.resolve("model"))
                .program("let X = (1, " + INNER + ") in [0, 1] in\nlet W = (" + INNER + ", " + COLS
                        + ") in [-8, 8] in\nlet Xq = quantize(X, 2, 0.0, 1.0) in\nargmax(Xq * W)\n")
                .param("W", new double[] {1, -1, 2, -2, 3, -3, 4, -4}, INNER, COLS).rows("data", rows);
        FloatModel model = m.load();
        base = HandModel.compile(model, m.data(model, "data"), m.data(model, "data"), Strategy.SEEDOT,
                Metric.ACCURACY, CBackend.X86);
        base.program().forEachOp(op -> {
            if (op instanceof Op.Quantize q) {
                quantize = q;
            } else if (op instanceof Op.MatMul p) {
                product = p;
            }
        });
        weights = product.b();
    }

    /** One hand-set product: the levels at Xq's type, integer weights, the product's constants and output type. */
    record Case(long[] levels, long[] w, OpParams.Mul p, FixedType out) {
        @Override
        public String toString() {
            return "levels " + java.util.Arrays.toString(levels) + ", weights " + java.util.Arrays.toString(w) + ", "
                    + p + ", out " + out;
        }
    }

    @Test
    void eachCalculationGivesTheBruteForceRangeWhereItGivesOne() {
        int both = 0, exactOnly = 0;
        for (Case c : cases()) {
            long[] truth = bruteForce(c);
            long[] exact = exactReach(c), proven = provenReach(c);
            if (exact != null) {
                assertNotNull(truth, "the exact sum's range where the stored sum is not exact: " + c);
                assertArrayEquals(truth, exact, "exact sum: " + c);
            }
            if (proven != null) {
                assertArrayEquals(storedRange(c), proven, "interval proof: " + c);
            }
            both += exact != null && proven != null ? 1 : 0;
            exactOnly += exact != null && proven == null ? 1 : 0;
        }
        assertTrue(both > 50, "cases both calculations answer: " + both);
        assertTrue(exactOnly > 0, "the cases where only the exact sum answers (levels without 0) were enumerated");
    }

    @Test
    void levelsWithoutZeroAndPartialSumsBeyondTheTemporaryWorkedByHand() {
        // levels 1 and 2, weights (100, -100) down column 0 (and 0s): terms [100, 200] and [-200, -100], the sum
        // [-100, 100] fits an 8-bit temporary but the first term alone does not
        Case c = new Case(new long[] {1, 2}, new long[] {100, 0, -100, 0, 0, 0, 0, 0}, new OpParams.Mul(0, 0, 8, 0, 0),
                new FixedType(8, 0));
        assertArrayEquals(new long[] {-100, 100}, bruteForce(c), "every combination of levels, stored exactly");
        assertArrayEquals(new long[] {-100, 100}, exactReach(c));
        assertNull(provenReach(c), "the proof checks each partial sum against W");
        assertArrayEquals(new long[] {-100, 100}, ProductReach.of(variant(c), model(c), LowBitProducts.defs(
                base.program()), product), "what the backends read: the exact sum's");
    }

    private static List<Case> cases() {
        long[][] levelSets = {{0, 1, 2, 3}, {-1, 1}, {0, 2}, {1, 2}, {2, 4, 6}, {-3, -1, 1, 3}};
        long[][] weightSets = {{1, -1, 2, -2, 3, -3, 4, -4}, {2, 4, -6, 8, 0, -2, 6, 2}, {40, -40, 40, -40, 40, 40, -40,
                -40}, {100, 1, -100, -1, 3, 0, 0, 5}, {-8, -8, -8, -8, -8, -8, -8, -8}};
        List<Case> out = new ArrayList<>();
        for (long[] l : levelSets) {
            for (long[] w : weightSets) {
                for (int shr = 0; shr < 4; shr++) {
                    for (int width : new int[] {8, 16}) {
                        for (int post = 0; post < 3; post++) {
                            out.add(new Case(l, w, new OpParams.Mul(shr & 1, shr >> 1, width, 0, post),
                                    new FixedType(width == 8 ? 8 : 16, 0)));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** {least, largest} stored over every combination of levels when each is the exact sum, else null. */
    private static long[] bruteForce(Case c) {
        long[] stored = storedRange(c);
        for (long[] a : combinations(c.levels())) {
            long[] s = FixedKernels.matmul(a, c.w(), 1, INNER, COLS, c.p(), c.out().bits(), WrapSite.IGNORE);
            for (int j = 0; j < COLS; j++) {
                long real = 0;
                for (int k = 0; k < INNER; k++) {
                    real += a[k] * c.w()[k * COLS + j];
                }
                if (Math.scalb((double) s[j], c.p().shrA() + c.p().shrB() + c.p().post()) != real) {
                    return null;
                }
            }
        }
        return stored;
    }

    /** {least, largest} the kernel stores over every combination of levels, wrapped or not. */
    private static long[] storedRange(Case c) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (long[] a : combinations(c.levels())) {
            for (long v : FixedKernels.matmul(a, c.w(), 1, INNER, COLS, c.p(), c.out().bits(),
                    WrapSite.IGNORE)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return new long[] {lo, hi};
    }

    private static List<long[]> combinations(long[] levels) {
        List<long[]> out = new ArrayList<>();
        int n = (int) Math.pow(levels.length, INNER);
        for (int code = 0; code < n; code++) {
            long[] a = new long[INNER];
            for (int k = 0, r = code; k < INNER; k++, r /= levels.length) {
                a[k] = levels[r % levels.length];
            }
            out.add(a);
        }
        return out;
    }

    private static long[] exactReach(Case c) {
        return ExactProducts.reach(variant(c), model(c), LowBitProducts.defs(base.program()), product);
    }

    private static long[] provenReach(Case c) {
        FixedProgram fp = variant(c);
        long[] lv = LowBitProducts.levelRange(fp, product.a(), LowBitProducts.defs(base.program()));
        assertEquals(java.util.Arrays.stream(c.levels()).min().orElseThrow(), lv[0]);
        return OverflowProof.productRange(fp, model(c), product, 0, lv[0], lv[1]);
    }

    /** The compiled program with this case's levels, weight type (integers), product constants and output type. */
    private static FixedProgram variant(Case c) {
        FixedType[] types = base.types().clone();
        types[quantize.out().id()] = new FixedType(8, 0);
        types[weights.id()] = new FixedType(8, 0);
        types[product.out().id()] = c.out();
        IdentityHashMap<Op, OpParams> params = new IdentityHashMap<>(base.params());
        long[] thresholds = new long[c.levels().length - 1]; // levelValues reads only how many there are
        params.put(quantize, new OpParams.Quantize(0, thresholds, c.levels()));
        params.put(product, c.p());
        return new FixedProgram(base.program(), types, params, base.strategy(), base.bitwidth(), base.maxscale());
    }

    private static QuantizedModel model(Case c) {
        return new QuantizedModel(variant(c), Map.of("W", java.util.Arrays.stream(c.w()).asDoubleStream().toArray()));
    }
}
