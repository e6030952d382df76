package seedc.codegen.c.lowbit;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.TreeSet;
import seedc.codegen.c.threshold.Steps;
import seedc.codegen.c.threshold.Thresholds;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.fixed.SignKernels;
import seedc.ir.Op;

/**
 * Quantizes whose level numbers the AVR's pair rows kernel counts itself (AvrPlanePairRows.compared), where the fact
 * says (seedc.fixed.SignKernels#counts; this class gives it what the kernel can count, {@link #counts}): where an
 * ungrouped convolution whose pairs of planes go to that kernel stores into a chain compared at its store (Thresholds) whose outputs
 * are their own level numbers 0..m in bytes, each row's sum is compared in the kernel with the thresholds moved onto
 * it (CountThresholds, u in 16 bits) and the count of those it reaches stored as the output: no 16-bit counts in
 * the scratch and no comparisons in C (cnn-digits-w2a2i2's second convolution).
 */
public final class CountedLevels {
    static final CountedLevels NONE = new CountedLevels(Map.of());

    /** The largest u the kernel compares in 16 bits. */
    private static final long MOST_U = 65534;

    private final Map<Op, CountThresholds> byProduct;

    private CountedLevels(Map<Op, CountThresholds> byProduct) {
        this.byProduct = byProduct;
    }

    /** The thresholds of the products whose level numbers the fact says their kernels count (SignKernels#counts). */
    static CountedLevels of(FixedProgram fp, Map<Op, PlaneProduct> products, Thresholds fused, SignKernels fact) {
        Map<Op, CountThresholds> counted = new IdentityHashMap<>();
        fact.counters().forEach(op -> counted.put(op, thresholds(fp, products.get(op), fused.storedBy(op))));
        return new CountedLevels(counted);
    }

    /**
     * Whether p's kernel can count the level numbers of chain c (what the fact asks of the backend,
     * SignKernels.Kernels#countsLevels): the pair rows kernel, the chain's outputs its own level numbers, the
     * thresholds within its 16 bits, one pixel class.
     */
    static boolean counts(FixedProgram fp, PlaneProduct p, Thresholds.Chain c) {
        return c != null && p.form() instanceof PlaneKernel.PairRows && thresholds(fp, p, c) != null;
    }

    /** The thresholds of p's chain c in the pair rows kernel, or null. */
    private static CountThresholds thresholds(FixedProgram fp, PlaneProduct p, Thresholds.Chain c) {
        long[] levels = ownNumbers(Steps.of(c));
        CountThresholds t = levels == null ? null : CountThresholds.of(p, fp.params(p.op(), OpParams.Mul.class),
                fp.type(p.op().out()).bits(), c, levels, MOST_U);
        return t != null && t.classes() == 1 ? t : null;
    }

    /** The chain's outputs 0..m when they are exactly those (at most 16), else null. */
    private static long[] ownNumbers(Steps s) {
        TreeSet<Long> values = new TreeSet<>();
        for (long v : s.values()) {
            values.add(v);
        }
        long[] levels = values.stream().mapToLong(Long::longValue).toArray();
        for (int i = 0; i < levels.length; i++) {
            if (levels[i] != i) {
                return null;
            }
        }
        return levels.length >= 2 && levels.length <= 16 ? levels : null;
    }

    /** The thresholds the kernel of product op counts, or null. */
    public CountThresholds at(Op op) {
        return byProduct.get(op);
    }
}
