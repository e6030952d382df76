package seedc.fixed;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.analysis.Dataflow;
import seedc.analysis.InPlace;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which products on bit planes compare or count their quantize in their kernel: one fact that the C backends
 * (seedc.codegen.c.lowbit.PackedSigns, CountedLevels) write the C by and seedc.cost.OpWork prices by, as
 * {@link FoldedQuantizes} is. Three kernels:
 * <ul>
 *   <li>packed signs ({@link Written}): a product whose store compares a one-bit sign (a {@link FoldedQuantizes}
 *       chain at its store) read by nothing but another product on planes, through an optional max pooling of the
 *       sign's bytes and identity views, all in one region: the writer's kernel compares each count and writes the
 *       sign's bits packed, the reader reads its plane as those bytes (no packing of its own);
 *   <li>counted levels ({@link #counts}): an ungrouped convolution whose store compares a quantize whose outputs
 *       are its own level numbers 0..m in bytes, not writing packed signs: its kernel counts the thresholds each
 *       row's sum reaches and stores that count;
 *   <li>levels counted in tables ({@link #tableCounts}): a matrix product on the level tables (2-bit activation
 *       rows' subset sums looked up by the weights' planes) whose store compares an 8-bit quantize whose levels are
 *       its own level numbers 0, 1, ...: the tables' kernel compares each row's sum with the thresholds and stores
 *       the count (codegen's LevelTablesEmitter).
 * </ul>
 * What a product's kernel can do (its form, the thresholds' range, a pooling's cells) is the caller's input
 * ({@link Kernels}): the C backends' kernels (seedc.codegen.c.lowbit.BitSerial), or for a cost model the AVR's as
 * {@link SignKernelsPriced} reads them from the products' operands alone.
 */
public final class SignKernels {
    /** What the kernels of the products on bit planes can do at a given store and activation. */
    public interface Kernels {
        /** The products on bit planes. */
        Set<Op> onPlanes();

        /** Whether product's kernel can compare its counts into the one-bit sign of chain c, as reader's plane. */
        boolean writesSigns(Op product, FoldedQuantizes.Chain c, Op reader);

        /** Whether reader's kernel can read value read, its activation, as one plane in bytes. */
        boolean readsSigns(Op reader, Value read);

        /** Whether max pooling m can pool packed bytes of signs (every window inside its input). */
        boolean poolsBytes(Op.Maxpool m);

        /** Whether product's kernel can count the level numbers of chain c's quantize (not a sign's writer). */
        boolean countsLevels(Op product, FoldedQuantizes.Chain c);

        /** Whether product's level tables' kernel can count the level numbers of chain c's quantize. */
        boolean countsInTables(Op product, FoldedQuantizes.Chain c);
    }

    /**
     * A product whose sign is written packed: the chain compared at its store, the max pooling of the sign's bytes
     * (or null), the value the reader reads (the sign, the pooling's output or an identity view of them), the views
     * between, and the reader.
     */
    public record Written(Op product, FoldedQuantizes.Chain chain, Op.Maxpool pool, Value read, List<Value> views,
                          Op reader) {
        /** The sign's value. */
        public Value signs() {
            return chain.quantize().out();
        }
    }

    public static final SignKernels NONE = new SignKernels(Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

    private final Map<Op, Written> byProduct, byReader, byPool;
    /** The chains counted by the pair rows kernel, and by the level tables' kernel. */
    private final Map<Op, FoldedQuantizes.Chain> counted, inTables;

    private SignKernels(Map<Op, Written> byProduct, Map<Op, Written> byReader, Map<Op, Written> byPool,
                        Map<Op, FoldedQuantizes.Chain> counted, Map<Op, FoldedQuantizes.Chain> inTables) {
        this.byProduct = byProduct;
        this.byReader = byReader;
        this.byPool = byPool;
        this.counted = counted;
        this.inTables = inTables;
    }

    /** The sign kernels of fp's products on planes, its chains {@code folded}, its kernels {@code kernels}. */
    public static SignKernels of(FixedProgram fp, FoldedQuantizes folded, Kernels kernels) {
        if (kernels.onPlanes().isEmpty()) {
            return NONE;
        }
        Dataflow g = Dataflow.of(fp.program());
        Map<Op, Written> byProduct = new IdentityHashMap<>(), byReader = new IdentityHashMap<>();
        Map<Op, Written> byPool = new IdentityHashMap<>();
        Map<Op, FoldedQuantizes.Chain> counted = new IdentityHashMap<>(), inTables = new IdentityHashMap<>();
        Map<Op, FoldedQuantizes.Chain> stored = new IdentityHashMap<>();
        folded.chains().forEach(c -> {
            if (c.product() != null) {
                stored.putIfAbsent(c.product(), c);
            }
        });
        kernels.onPlanes().forEach(op -> {
            FoldedQuantizes.Chain c = stored.get(op);
            Written w = c == null || c.quantize().bits() != 1 ? null : written(fp, g, op, c, kernels);
            if (w != null) {
                byProduct.put(op, w);
                byReader.put(w.reader(), w);
                if (w.pool() != null) {
                    byPool.put(w.pool(), w);
                }
            }
        });
        kernels.onPlanes().forEach(op -> {
            FoldedQuantizes.Chain c = stored.get(op);
            if (c != null && !byProduct.containsKey(op) && op instanceof Op.Conv2d cv && cv.groups() == 1
                    && fp.type(c.quantize().out()).container() == 8 && kernels.countsLevels(op, c)) {
                counted.put(op, c);
            } else if (c != null && !byProduct.containsKey(op) && op instanceof Op.MatMul
                    && kernels.countsInTables(op, c)) {
                inTables.put(op, c);
            }
        });
        return new SignKernels(byProduct, byReader, byPool, counted, inTables);
    }

    /** The packed sign product op writes through chain c, or null: its only reader, in its region, on planes. */
    private static Written written(FixedProgram fp, Dataflow g, Op op, FoldedQuantizes.Chain c, Kernels kernels) {
        Value read = c.quantize().out();
        Op reader = g.onlyReader(read);
        Op.Maxpool pool = reader instanceof Op.Maxpool m && kernels.poolsBytes(m)
                && fp.type(m.x()).equals(fp.type(m.out())) && g.region(m) == g.region(op) ? m : null;
        if (pool != null) {
            read = pool.out();
            reader = g.onlyReader(read);
        }
        List<Value> views = new ArrayList<>();
        while (reader != null && InPlace.isIdentityView(reader) && fp.type(reader.out()).equals(fp.type(read))
                && g.region(reader) == g.region(op)) { // read in place (the RAM plan), so packed too
            read = reader.out();
            views.add(read);
            reader = g.onlyReader(read);
        }
        if (reader == null || !kernels.onPlanes().contains(reader) || g.region(reader) != g.region(op)
                || !kernels.readsSigns(reader, read) || !kernels.writesSigns(op, c, reader)) {
            return null;
        }
        return new Written(op, c, pool, read, List.copyOf(views), reader);
    }

    /**
     * The fact a cost model prices fp by: as its C builds it with the defaults on the AVR, bit-serial on, the products
     * on planes {@link LowBitProducts#onPlanes} gives ({@code flash}: what the C keeps in flash), their kernels read
     * from their operands ({@link SignKernelsPriced}).
     */
    public static SignKernels priced(FixedProgram fp, QuantizedModel qm, Set<Value> flash) {
        return SignKernelsPriced.of(fp, qm, FoldedQuantizes.of(fp, qm), flash);
    }

    /** The packed sign the product writes, or null. */
    public Written writtenBy(Op product) {
        return byProduct.get(product);
    }

    /** The packed sign the product reads as its activation's plane, or null. */
    public Written readBy(Op product) {
        return byReader.get(product);
    }

    /** The packed sign max pooling m pools, or null. */
    public Written pooledBy(Op m) {
        return byPool.get(m);
    }

    /** The chain whose level numbers product op's pair rows kernel counts, or null. */
    public FoldedQuantizes.Chain counts(Op product) {
        return counted.get(product);
    }

    /** The chain whose level numbers product op's level tables' kernel counts, or null. */
    public FoldedQuantizes.Chain tableCounts(Op product) {
        return inTables.get(product);
    }

    /** The products that write packed signs. */
    public Set<Op> writers() {
        return byProduct.keySet();
    }

    /** The products whose pair rows kernels count level numbers. */
    public Set<Op> counters() {
        return counted.keySet();
    }

    /** The products whose level tables' kernels count level numbers. */
    public Set<Op> tableCounters() {
        return inTables.keySet();
    }

    /** The most cells of a max pooling window whose reads the C writes one by one (codegen's Windows). */
    public static final int UNROLLED_POOL_CELLS = 16;

    /**
     * Whether every window of max pooling m lies inside its input (no padding, the last window within the rows and
     * columns) and has at most {@link #UNROLLED_POOL_CELLS} cells: the C reads its cells one by one, so it can pool
     * bytes.
     */
    public static boolean everyCellInside(Op.Maxpool m) {
        seedc.ir.Shape xs = m.x().shape(), os = m.out().shape();
        seedc.ir.Window w = m.window();
        return w.pt() == 0 && w.pl() == 0 && (os.dim(1) - 1) * w.sh() + (m.kh() - 1) * w.dh() + 1 <= xs.dim(1)
                && (os.dim(2) - 1) * w.sw() + (m.kw() - 1) * w.dw() + 1 <= xs.dim(2)
                && m.kh() * m.kw() <= UNROLLED_POOL_CELLS;
    }
}
