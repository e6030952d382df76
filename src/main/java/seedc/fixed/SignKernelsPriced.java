package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The AVR's kernels of the products on bit planes as a cost model reads them from the products' operands alone
 * ({@link LowBitProducts#onPlanes}), for {@link SignKernels}: the C backends choose each product's kernel from its
 * target's measured words and layouts and move the chain's thresholds onto the kernel's count, which this does not; it
 * takes 8-bit planes, the planes layout, and thresholds that move where the product's stores are proven within its
 * type ({@link ProductReach}: a product that may wrap gives the count's thresholds no order, as cnn-digits-w1a1i1's
 * second convolution at 8 bits; SignKernelsTest measures where the two agree).
 * A one-bit sign is written by a 1 x 1 product whose rows (a matrix product's activation rows, an ungrouped
 * convolution's output channels) fill whole bytes, a plane of at most {@link #MOST_PLANE_BYTES}; it is read by a
 * 1-plane matrix product's activation rows or a convolution whose input pixels' channels fill whole bytes; a
 * convolution counts level numbers with the pair rows kernel (1-2 x 1-2 planes, more than one pair), not where its
 * window is small enough for subset sums or window tables; a matrix product of 2-bit activation rows counts them
 * with the level tables' kernel (at most 3 weight planes, {@link LowBitProducts#MIN_SUBSET_VECTORS} to
 * {@link #MOST_ROWS} weight vectors, each plane's lookups within a byte), an 8-bit quantize whose levels are its
 * level numbers.
 */
record SignKernelsPriced(FixedProgram fp, Map<Op, LowBitProducts.Product> products) implements SignKernels.Kernels {
    /** The longest plane the comparing and pair rows kernels read (AvrPopandRows' and AvrPlanePairRows' 31). */
    static final int MOST_PLANE_BYTES = 31;

    /** The most rows a call of a rows kernel counts (a byte). */
    static final int MOST_ROWS = 255;

    /** The largest sum of a plane's lookups in the level tables (AvrLevelTables.fits: summed in a byte). */
    static final int MOST_TABLE_SUM = 255;

    /** Elements of a group whose subsets' sums one level table holds (AvrLevelTables' 16 entries). */
    static final int TABLE_GROUP = 4;

    /** The fact for fp as its C builds it with the defaults on the AVR ({@code flash}: what it keeps in flash). */
    static SignKernels of(FixedProgram fp, QuantizedModel qm, FoldedQuantizes folded, Set<Value> flash) {
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        Map<Op, LowBitProducts.Product> found = new IdentityHashMap<>();
        fp.program().forEachOp(op -> {
            LowBitProducts.Product p = LowBitProducts.onPlanes(fp, qm, op, defs, flash);
            if (p != null) {
                found.put(op, p);
            }
        });
        return SignKernels.of(fp, folded, new SignKernelsPriced(fp, found));
    }

    @Override
    public Set<Op> onPlanes() {
        return products.keySet();
    }

    @Override
    public boolean writesSigns(Op product, FoldedQuantizes.Chain c, Op reader) {
        LowBitProducts.Product p = products.get(product);
        boolean rows = product instanceof Op.Conv2d cv ? cv.groups() == 1 : p.activationOperand() == 0;
        return rows && c.proven() != null && p.activation().planes() == 1 && p.weight().planes() == 1
                && rowsACall(p) % 8 == 0
                && rowsACall(p) <= MOST_ROWS && (p.terms() + 7) / 8 <= MOST_PLANE_BYTES;
    }

    @Override
    public boolean readsSigns(Op reader, Value read) {
        LowBitProducts.Product p = products.get(reader);
        boolean reads = reader instanceof Op.Conv2d cv ? cv.x() == read && cv.groups() == 1 && pixelsInBytes(p, cv)
                : reader.inputs().get(0) == read && p.activationOperand() == 0;
        return reads && p.activation().planes() == 1;
    }

    @Override
    public boolean poolsBytes(Op.Maxpool m) {
        return SignKernels.everyCellInside(m);
    }

    @Override
    public boolean countsLevels(Op product, FoldedQuantizes.Chain c) {
        LowBitProducts.Product p = products.get(product);
        int a = p.activation().planes(), b = p.weight().planes();
        boolean pairRows = a <= 2 && b <= 2 && a * b > 1 && (p.terms() + 7) / 8 <= MOST_PLANE_BYTES
                && rowsACall(p) <= MOST_ROWS;
        boolean subsets = a >= 2 && p.terms() <= LowBitProducts.SMALL_SUBSET_WINDOW;
        boolean padClasses = p.zeroLevel() < 0 && ((Op.Conv2d) product).window().padded();
        return pairRows && !subsets && !padClasses && c.proven() != null && ownNumbers(c);
    }

    @Override
    public boolean countsInTables(Op product, FoldedQuantizes.Chain c) {
        LowBitProducts.Product p = products.get(product);
        long groups = (p.terms() + TABLE_GROUP - 1) / TABLE_GROUP, top = p.activation().count() - 1;
        boolean tables = product instanceof Op.MatMul && p.activationOperand() == 0 && p.activation().planes() == 2
                && p.weight().planes() <= 3 && p.vectors() >= LowBitProducts.MIN_SUBSET_VECTORS
                && p.vectors() <= MOST_ROWS && groups * TABLE_GROUP * top <= MOST_TABLE_SUM;
        Op.Quantize q = c.quantize();
        return tables && c.proven() != null && fp.type(q.out()).bits() == 8
                && OpParams.Quantize.ownNumbers(fp.params(q, OpParams.Quantize.class).levels());
    }

    /** The rows a call of the rows kernels counts: a matrix product's vectors, a convolution group's channels. */
    private static int rowsACall(LowBitProducts.Product p) {
        return p.op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : p.vectors();
    }

    /** Whether a convolution's input pixels are packed once, each group's channels whole bytes of level sums. */
    private static boolean pixelsInBytes(LowBitProducts.Product p, Op.Conv2d c) {
        int channels = c.filter().shape().dim(3);
        return channels % 8 == 0 && channels * (p.activation().count() - 1) <= 255;
    }

    /** Whether the chain's outputs are exactly 0..m, 2 to 16 of them. */
    private static boolean ownNumbers(FoldedQuantizes.Chain c) {
        TreeSet<Long> values = new TreeSet<>();
        for (long[] channel : c.outputs()) {
            for (long v : channel) {
                values.add(v);
            }
        }
        return values.size() >= 2 && values.size() <= 16 && values.first() == 0 && values.last() == values.size() - 1;
    }
}
