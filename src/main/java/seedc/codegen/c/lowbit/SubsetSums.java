package seedc.codegen.c.lowbit;

import java.util.Set;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Scratch;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * A matrix product of a wider activation and k-bit weights by subset sums (T-MAC's table lookup; the issue's
 * per-plane conditional additions, four elements a lookup): for each activation vector, the 16 sums of the subsets
 * of each 4 consecutive elements, in the op's scratch; then for each weight vector and plane j of its value
 * numbers, one lookup per 4 elements by the plane's nibble, the planes' sums weighted by 2^j
 * (lowbitemit.SubsetSumEmitter). The table is built {@code chunkGroups} groups at a time when the whole one does not
 * fit the device's RAM; each weight vector's sum then carries over the chunks in an accumulator of the scratch.
 *
 * @param xBits       bits of an activation after its shift
 * @param sumBits     bits of a weight vector's sum of value number times activation (exact, or W)
 * @param chunkGroups groups of 4 activations in one table (all of them: one chunk)
 * @param indexBytes  the weights as one byte a lookup, its entry's offset, for the AVR's kernel (16-bit entries and
 *                    plane sums, at most 255 groups a table), else as nibbles
 * @param rowsAtOnce  the AVR's kernel looks up every weight vector of a table in one call (AvrSubsetRows: index
 *                    bytes, one table a row, 16-bit sums, at most 255 vectors), its sums in the scratch after the
 *                    table (and a convolution's window)
 */
public record SubsetSums(LowBitProducts.WideProduct product, int xBits, int sumBits, int chunkGroups, boolean indexBytes,
                         boolean rowsAtOnce) {
    /** The fewest weight vectors that share one activation vector's table ({@link LowBitProducts#bySubsetSums}). */
    static final int MIN_VECTORS = LowBitProducts.MIN_SUBSET_VECTORS;

    /**
     * The fewest groups a table for which the AVR's kernel over index bytes pays for its call: it saves about 8 cycles
     * a lookup and costs about 25 a call over the C loop (Uno, simavr: a 64-pixel row of 16 groups 53,723 -> 41,780
     * cycles in mlp-digits-w2a2, a 3x3 window of 3 groups 297,141 -> 348,146 in cnn-digits-w2a2's first convolution).
     */
    static final int MIN_INDEX_GROUPS = 8;

    /**
     * {@code m} by subset sums, or null: where {@link LowBitProducts#bySubsetSums} (which the cost model reads too)
     * finds it one. The activation's vectors are a's rows, each read by every column of the weights b, or b's columns,
     * each read by every row of the weights a, or a convolution's windows.
     */
    static SubsetSums of(FixedProgram fp, QuantizedModel qm, Op m, Set<Value> flash, boolean indexBytes) {
        LowBitProducts.WideProduct w = LowBitProducts.bySubsetSums(fp, qm, m, flash);
        if (w == null) {
            return null;
        }
        int sharing = m instanceof Op.Conv2d c ? c.filter().shape().dim(4) : w.vectors();
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int ram = w.activationOperand();
        int xBits = IntExpr.of("x", fp.type(m.inputs().get(ram)).bits()).shr(ram == 0 ? p.shrA() : p.shrB()).bits();
        int sumBits = IntExpr.exactSumBits(xBits + w.weight().planes(), w.terms(), p.width());
        int groups = (w.terms() + 3) / 4;
        boolean wide16 = indexBytes && IntExpr.container(xBits + 2) == 16 && groups <= 255
                && IntExpr.container(IntExpr.exactSumBits(xBits, w.terms(), p.width())) == 16;
        boolean rows = wide16 && IntExpr.container(sumBits) == 16 && sharing <= 255;
        boolean bytes = wide16 && (groups >= MIN_INDEX_GROUPS || rows);
        return new SubsetSums(w, xBits, sumBits, groups, bytes, rows); // xBits <= 16: bySubsetSums
    }

    /** Bits of a sum of the row's activations, one weight plane's or all of them (exact, or W). */
    public int planeBits(int width) {
        return IntExpr.exactSumBits(xBits, product.terms(), width);
    }

    /** Groups of 4 activations (the last one may be partial: its missing elements are 0). */
    public int groups() {
        return (product.terms() + 3) / 4;
    }

    /** Tables a row is built in. */
    public int chunks() {
        return (groups() + chunkGroups - 1) / chunkGroups;
    }

    /** Bits of a table entry: a sum of at most 4 activations. */
    public int entryBits() {
        return xBits + 2;
    }

    /** The same with tables of half as many groups, or null at one group (or a convolution's window: one table). */
    SubsetSums halved() {
        return chunkGroups == 1 || convolution() ? null
                : new SubsetSums(product, xBits, sumBits, (chunkGroups + 1) / 2,
                        indexBytes && (chunkGroups + 1) / 2 >= MIN_INDEX_GROUPS, false);
    }

    boolean convolution() {
        return product.op() instanceof Op.Conv2d;
    }

    /**
     * The scratch: one table of {@link #chunkGroups} groups' 16 entries and, over several chunks, each weight
     * vector's running sum after it, or a convolution's window (its taps, shifted; the padding's 0); in elements of
     * the wider, so that both are aligned.
     */
    Scratch scratch(Op m) {
        int entry = IntExpr.container(entryBits()), sum = IntExpr.container(sumBits), unit = Math.max(entry, sum);
        long bytes = countsAt() + (rowsAtOnce ? 2L * rowsACall() : 0);
        return new Scratch(CNames.scratch(m.out()), unit, (int) ((bytes * 8 + unit - 1) / unit));
    }

    /** Where the rows kernel's sums go: after the table, the running sums (chunks) and a convolution's window. */
    public int countsAt() {
        int entry = IntExpr.container(entryBits()), sum = IntExpr.container(sumBits);
        return tableBytes() + (chunks() > 1 ? product.vectors() * sum / 8 : 0)
                + (convolution() ? product.terms() * entry / 8 : 0);
    }

    /** The weight vectors one table serves: a matrix product's vectors, a convolution group's output channels. */
    int rowsACall() {
        return product.op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : product.vectors();
    }

    /** Bytes of one table (where the running sums start). */
    public int tableBytes() {
        return chunkGroups * 16 * IntExpr.container(entryBits()) / 8;
    }

    public String kernel() {
        int planes = product.weight().planes();
        return "subset sums: the 16 sums of each 4 activations, looked up by the "
                + (indexBytes ? "index bytes" : "nibbles") + " of the weights' " + planes + " bit plane"
                + (planes == 1 ? "" : "s") + (rowsAtOnce ? ", every weight vector in one call" : "")
                + (chunks() == 1 ? "" : ", in tables of " + 4 * chunkGroups + " activations (" + chunks() + " a row)");
    }
}
