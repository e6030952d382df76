package seedc.codegen.c.lowbit;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import seedc.codegen.c.avr.AvrLevelTables;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.Scratch;
import seedc.backend.CBuildReport;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.QuantizedModel;
import seedc.fixed.SignKernels;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products the C runs on packed bit planes (the bit-serial kernels of CGO'20; Zac 4.3's bitwise
 * customization): the products of low-bit operands ({@link LowBitProducts}: a quantized activation of at most four
 * levels, a parameter of at most eight values, both evenly spaced, summed plainly), whose sum
 *
 * <pre>  n a0 b0 + a0 db sum r + b0 da sum q + da db sum_{i,j} 2^(i+j) popcount(Q_i AND R_j)</pre>
 *
 * takes Q_i, the activation's bit plane i, and R_j, the weight's plane j, packed along the sum eight elements a
 * byte; the paper's equation, with the offsets that make it hold for any two evenly spaced level sets (unipolar
 * {0, 1}, bipolar {-1, 1}, the saturated {-128, 127} of an 8-bit sign). The integers are the interpreter's.
 *
 * <p>Takes the fixed program, its quantized model and the values in flash; gives the products it chose
 * ({@link PlaneProduct}) and, for the report, every low-bit product with the kernel it got or why it did not get
 * this one.
 */
public final class BitSerial {
    /** The most activation levels packed by comparisons (1-2-bit activations), and weight values (3 bits). */
    static final int MAX_ACTIVATION_LEVELS = LowBitProducts.MAX_ACTIVATION_LEVELS,
            MAX_WEIGHT_VALUES = LowBitProducts.MAX_WEIGHT_VALUES;

    public static final BitSerial NONE = new BitSerial(List.of(), Map.of(), Map.of(), Map.of(), null, PackedSources.NONE,
            PackedSigns.NONE, CountedLevels.NONE);

    /** The low-bit products in program order, each one's kernel or why not: what the report lists. */
    private final List<Op> lowBit;
    private final Map<Op, String> refused;
    private final Map<Op, PlaneProduct> products;
    private final Map<Op, SubsetSums> subsetSums;
    /** Products that could run by subset sums but whose tables did not fit the device's RAM, and why not. */
    private final Map<Op, String> dropped;
    /** Activations the products pack from a quantize's input. */
    private final PackedSources sources;
    /** Signs the products write and read as packed planes. */
    private final PackedSigns signs;
    /** Quantizes whose level numbers the products' kernels count. */
    private final CountedLevels counted;

    private BitSerial(List<Op> lowBit, Map<Op, String> refused, Map<Op, PlaneProduct> products,
                      Map<Op, SubsetSums> subsetSums, Map<Op, String> dropped, PackedSources sources,
                      PackedSigns signs, CountedLevels counted) {
        this.lowBit = lowBit;
        this.refused = refused;
        this.products = products;
        this.subsetSums = subsetSums;
        this.dropped = dropped;
        this.sources = sources;
        this.signs = signs;
        this.counted = counted;
    }

    /**
     * The products of {@code fp} that run on bit planes or by subset sums ({@code enabled}: else none, and the report
     * says so).
     */
    public static BitSerial of(FixedProgram fp, QuantizedModel qm, Set<Value> flash, boolean enabled,
                               LowBitTarget target, Thresholds fused) {
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        List<Op> lowBit = new ArrayList<>();
        Map<Op, String> refused = new IdentityHashMap<>();
        Map<Op, PlaneProduct> chosen = new IdentityHashMap<>();
        Map<Op, SubsetSums> subsets = new IdentityHashMap<>();
        fp.program().forEachOp(m -> {
            if (!(m instanceof Op.MatMul || m instanceof Op.Conv2d) || !LowBitProducts.lowBit(m, defs, qm,
                    MAX_WEIGHT_VALUES)) {
                return;
            }
            lowBit.add(m);
            LowBitProducts.Found found = enabled
                    ? LowBitProducts.of(fp, qm, m, defs, MAX_ACTIVATION_LEVELS, MAX_WEIGHT_VALUES)
                    : new LowBitProducts.Refused("--no-bitserial");
            String why = switch (found) {
                case LowBitProducts.Product p -> LowBitProducts.whyNotOnPlanes(p, flash);
                case LowBitProducts.Refused r -> r.why();
            };
            SubsetSums s = why == null || !enabled ? null : SubsetSums.of(fp, qm, m, flash,
                    target.has(LowBitTarget.Kernel.SUBSET_INDEX_BYTES));
            LowBitProducts.Product onPlanes = found instanceof LowBitProducts.Product p && why == null ? p : null;
            PlaneProduct planes = onPlanes == null ? null : PlaneProduct.of(onPlanes, target);
            SubsetSums small = planes == null || planes.form() instanceof PlaneKernel.WindowTables ? null
                    : smallWindow(fp, qm, onPlanes, flash, target);
            if (small != null) {
                subsets.put(m, small);
            } else if (planes != null) {
                chosen.put(m, planes);
            } else if (s != null) {
                subsets.put(m, s);
            } else {
                refused.put(m, why);
            }
        });
        SignKernels fact = BackendSignKernels.of(fp, chosen, fused); // which products compare or count in the kernel
        return new BitSerial(List.copyOf(lowBit), refused, chosen, subsets, Map.of(),
                PackedSources.of(fp, chosen, fused.folds()), PackedSigns.of(fp, chosen, fused, fact),
                CountedLevels.of(fp, chosen, fused, fact));
    }

    /**
     * The same with less RAM for tables, or null when none is left: first no level tables (their static pages), then
     * for subset sums, every table that can be halved is (a
     * matrix product's row in more chunks); when none can, the product whose scratch is largest keeps the sum of
     * products instead ({@code why}: the report's reason).
     */
    public BitSerial withSmallerTables(String why) {
        if (levelTablePages() > 0) { // the level tables' static pages first
            Map<Op, PlaneProduct> without = new IdentityHashMap<>(products);
            without.replaceAll((op, p) -> p.withoutLevelTables());
            return new BitSerial(lowBit, refused, without, subsetSums, dropped, sources, signs,
                    counted.withoutTables());
        }
        Map<Op, SubsetSums> smaller = new IdentityHashMap<>(subsetSums);
        smaller.replaceAll((op, sums) -> sums.halved() != null ? sums.halved() : sums);
        if (!smaller.equals(subsetSums)) {
            return new BitSerial(lowBit, refused, products, smaller, dropped, sources, signs, counted);
        }
        Op largest = subsetSums.keySet().stream()
                .max(java.util.Comparator.comparingLong(op -> (long) subsetSums.get(op).scratch(op).bits()
                        * subsetSums.get(op).scratch(op).size())).orElse(null);
        if (largest == null) {
            return null;
        }
        smaller.remove(largest);
        Map<Op, String> out = new IdentityHashMap<>(dropped);
        out.put(largest, subsetSums.get(largest).kernel() + ": " + why);
        return new BitSerial(lowBit, refused, products, smaller, out, sources, signs, counted);
    }

    /**
     * Whether every subset-sum table this keeps is the one {@code whole} (this before {@link #withSmallerTables})
     * builds: none halved. The cost model prices a product's subset sums with its whole tables, and a product whose
     * tables are given up as the plain product the C computes ({@link #tableRoom}); a halved table it does not price.
     */
    public boolean keepsTablesWhole(BitSerial whole) {
        return subsetSums.entrySet().stream().allMatch(e -> e.getValue().equals(whole.subsetSums.get(e.getKey())));
    }

    /** Whether any product has tables that {@link #withSmallerTables} may give up (subset sums', level tables). */
    public boolean hasTables() {
        return !subsetSums.isEmpty() || levelTablePages() > 0;
    }

    /** The products whose tables {@link #withSmallerTables} dropped: the RAM's part of the subset sums' fact. */
    public SubsetTableRoom tableRoom() {
        return dropped.isEmpty() ? SubsetTableRoom.NONE
                : new SubsetTableRoom(dropped.keySet().stream().map(op -> op.out().name()).collect(Collectors.toSet()));
    }

    /**
     * Checks that the C writes by subset sums exactly the products off planes that the fact gives
     * ({@link LowBitProducts#bySubsetSums} with {@link #tableRoom}), which the cost model prices; the AVR's small
     * windows on planes by the fact are its kernels' choice (SignKernelsPriced reads them so).
     *
     * @throws IllegalStateException (an internal error) naming the first product where they differ
     */
    public void requireSubsetFact(FixedProgram fp, QuantizedModel qm, Set<Value> flash) {
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        SubsetTableRoom room = tableRoom();
        for (Op m : lowBit) {
            if (LowBitProducts.onPlanes(fp, qm, m, defs, flash) != null) {
                continue;
            }
            boolean fact = LowBitProducts.bySubsetSums(fp, qm, m, flash, room) != null;
            if (fact != (subsetSums.get(m) != null)) {
                throw new IllegalStateException("internal error: the C computes " + m.out().name() + " "
                        + (fact ? "by the sum of products" : "by subset sums") + " where LowBitProducts.bySubsetSums"
                        + " (the cost model's fact) says " + (fact ? "subset sums" : "no subset sums"));
            }
        }
    }

    /** The most taps of a window that subset sums take over from planes of multi-bit activations on the AVR. */
    static final int SMALL_WINDOW = LowBitProducts.SMALL_SUBSET_WINDOW;

    /**
     * Subset sums for a convolution on the AVR whose window is small ({@link #SMALL_WINDOW} taps) and whose activation
     * has two planes or more, when its rows kernel applies (AvrSubsetRows) and window tables do not
     * (PlaneKernel.WindowTables, tried first): packing such a window into planes and
     * counting each channel's pairs of planes cost more than the window's few tables (cnn-digits-w2a2i2's first
     * convolution, 3 x 3 taps of 2-bit pixels); else null.
     */
    private static SubsetSums smallWindow(FixedProgram fp, QuantizedModel qm, LowBitProducts.Product p,
                                          Set<Value> flash, LowBitTarget target) {
        if (!target.has(LowBitTarget.Kernel.SUBSET_INDEX_BYTES) || !(p.op() instanceof Op.Conv2d)
                || p.activation().planes() < 2 || p.terms() > SMALL_WINDOW) {
            return null;
        }
        SubsetSums s = SubsetSums.of(fp, qm, p.op(), flash, true);
        return s != null && s.rowsAtOnce() ? s : null;
    }

    /**
     * Pages of the level tables the products share (AvrLevelTables: a static array of its own, 256-aligned), 0 when
     * none has them.
     */
    public int levelTablePages() {
        return products.values().stream().filter(p -> p.form() instanceof PlaneKernel.LevelTables)
                .mapToInt(p -> AvrLevelTables.pages(p.groups())).max().orElse(0);
    }

    /** Activations the products pack from a quantize's input. */
    public PackedSources sources() {
        return sources;
    }

    /** Signs the products write and read as packed planes. */
    public PackedSigns signs() {
        return signs;
    }

    /** Quantizes whose level numbers the products' kernels count. */
    public CountedLevels counted() {
        return counted;
    }

    /** The product op runs on planes, or null. */
    public PlaneProduct at(Op op) {
        return products.get(op);
    }

    /** The product op runs by subset sums, or null. */
    public SubsetSums subsetSumsAt(Op op) {
        return subsetSums.get(op);
    }

    /** Whether op has a scratch of this class's ({@link #scratch}). */
    public boolean declaresScratch(Op op) {
        return products.containsKey(op) || subsetSumsAt(op) != null;
    }

    /**
     * The scratch of a product on planes: the activation vector's (a convolution's window's) planes, packed; by
     * subset sums, one activation vector's table.
     */
    public Scratch scratch(Op m) {
        SubsetSums sums = subsetSumsAt(m);
        if (sums != null) {
            return sums.scratch(m);
        }
        PlaneProduct p = products.get(m);
        if (p == null) {
            return null;
        }
        // declared in words, so that the plan aligns the planes for the word kernel's loads
        // the rows kernel's counts, unless it compares them itself (PackedSigns); the level tables' and the pair rows
        // kernel's 16-bit counts
        int bytes = switch (p.form()) {
            case PlaneKernel.LevelTables t -> 2 * p.rowsACall();
            case PlaneKernel.PopandRows k -> p.countsAt() + (signs.writtenBy(m) == null ? p.rowsACall() : 0);
            case PlaneKernel.PairRows k -> p.countsAt() + (counted.at(m) == null ? 2 * p.rowsACall() : 0);
            case PlaneKernel.PlanePairs k -> p.countsAt();
            case PlaneKernel.Popcounts k -> p.countsAt();
            case PlaneKernel.Elements e -> p.countsAt();
            case PlaneKernel.WindowTables t -> p.countsAt();
        };
        int bits = p.kernelWordBits(), wb = bits / 8;
        return new Scratch(CNames.scratch(m.out()), bits, (bytes + wb - 1) / wb);
    }

    /** What the report adds for a product that writes packed signs (or null: nothing). */
    private static String written(PackedSigns.Packed p) {
        if (p == null) {
            return "";
        }
        String pooled = p.pool() == null ? "" : ", max pooled as bytes";
        return p.lookedUp() ? ", the packed signs of each window's pattern from a table" + pooled
                : ", each count compared in the kernel, the signs written packed" + pooled;
    }

    /** Every low-bit product: its value and the kernel it got (report.json {@code lowBitProducts}). */
    public List<CBuildReport.LowBitProduct> report() {
        List<CBuildReport.LowBitProduct> lines = new ArrayList<>();
        for (Op m : lowBit) {
            String value = m.out().name();
            PlaneProduct p = products.get(m);
            SubsetSums s = subsetSums.get(m);
            if (p != null) {
                String packed = (sources.at(m) != null ? ", its activation packed from the quantize's input" : "")
                        + (signs.readBy(m) != null ? ", its activation read as the packed signs" : "")
                        + written(signs.writtenBy(m))
                        + (counted.at(m) != null ? ", each output's level number counted in the kernel" : "");
                // measured: the report says by what layout, when not the planes
                lines.add(new CBuildReport.LowBitProduct(value, p.kernel() + packed,
                        p.layout().elements() ? null : p.word().why(),
                        p.layout() != BitLayouts.PLANES ? p.layout().why() : null));
            } else if (s != null) {
                lines.add(new CBuildReport.LowBitProduct(value, s.kernel(), null, null));
            } else {
                String why = dropped.containsKey(m) ? dropped.get(m) : refused.get(m);
                lines.add(new CBuildReport.LowBitProduct(value, "the sum of products (" + why + ")", null, null));
            }
        }
        return lines;
    }
}
