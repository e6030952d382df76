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
 * Quantizes whose level numbers a kernel on the AVR counts itself, where the fact says (seedc.fixed.SignKernels;
 * this class gives it what the kernels can count, {@link #counts}, {@link #countsInTables}): where a product stores
 * into a chain compared at its store (Thresholds) whose outputs are their own level numbers 0..m in bytes, each row's
 * sum is compared in the kernel with the thresholds moved onto it (CountThresholds, u in 16 bits) and the count of
 * those it reaches stored as the output: no 16-bit counts in the scratch and no comparisons in C. Two kernels: the
 * pair rows kernel of an ungrouped convolution (AvrPlanePairRows.compared, {@link #at}: cnn-digits-w2a2i2's second
 * convolution) and the level tables' kernel of a matrix product's activation rows (AvrLevelTables.Compared,
 * {@link #inTables}: mlp-digits-w2a2i2's first product).
 */
public final class CountedLevels {
    static final CountedLevels NONE = new CountedLevels(Map.of(), Map.of());

    /** The largest u the kernels compare in 16 bits. */
    private static final long MOST_U = 65534;

    /** The pair rows kernel's thresholds, and the level tables' kernel's. */
    private final Map<Op, CountThresholds> byProduct, byTables;

    private CountedLevels(Map<Op, CountThresholds> byProduct, Map<Op, CountThresholds> byTables) {
        this.byProduct = byProduct;
        this.byTables = byTables;
    }

    /**
     * The thresholds of the products whose level numbers the fact says their kernels count (SignKernels#counts, the
     * pair rows kernel; SignKernels#tableCounts, the level tables' kernel).
     */
    static CountedLevels of(FixedProgram fp, Map<Op, PlaneProduct> products, Thresholds fused, SignKernels fact) {
        Map<Op, CountThresholds> counted = new IdentityHashMap<>(), inTables = new IdentityHashMap<>();
        fact.counters().forEach(op -> counted.put(op, thresholds(fp, products.get(op), fused.storedBy(op))));
        fact.tableCounters().forEach(op -> {
            CountThresholds t = tableThresholds(fp, products.get(op), fused.storedBy(op));
            if (t == null) { // the fact chose a kernel the C cannot build: the two disagree
                throw new IllegalStateException("internal error: the level tables' kernel of " + op.out().name()
                        + " cannot count the levels the fact says it counts");
            }
            inTables.put(op, t);
        });
        return new CountedLevels(counted, inTables);
    }

    /** The same without the level tables' counts (the products then sum without level tables). */
    CountedLevels withoutTables() {
        return new CountedLevels(byProduct, Map.of());
    }

    /**
     * Whether p's level tables' kernel can count the level numbers of chain c (SignKernels.Kernels#countsInTables):
     * the activation's rows, an 8-bit quantize whose levels are its level numbers 0, 1, ..., the thresholds within
     * the kernel's 16 bits.
     */
    static boolean countsInTables(FixedProgram fp, PlaneProduct p, Thresholds.Chain c) {
        return c != null && p.form() instanceof PlaneKernel.LevelTables && tableThresholds(fp, p, c) != null;
    }

    /** The thresholds of p's chain c in the level tables' kernel, or null. */
    private static CountThresholds tableThresholds(FixedProgram fp, PlaneProduct p, Thresholds.Chain c) {
        if (c == null || p.ram() != 0 || fp.type(c.sign().out()).bits() != 8) {
            return null;
        }
        long[] levels = fp.params(c.sign(), OpParams.Quantize.class).levels();
        if (!OpParams.Quantize.ownNumbers(levels)) {
            return null;
        }
        return CountThresholds.of(p, fp.params(p.op(), OpParams.Mul.class), fp.type(p.op().out()).bits(), c, levels,
                MOST_U);
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
        return OpParams.Quantize.ownNumbers(levels) && levels.length >= 2 && levels.length <= 16 ? levels : null;
    }

    /** The thresholds the pair rows kernel of product op counts, or null. */
    public CountThresholds at(Op op) {
        return byProduct.get(op);
    }

    /** The thresholds the level tables' kernel of product op counts, or null. */
    public CountThresholds inTables(Op op) {
        return byTables.get(op);
    }
}
