package seedc.cost;

import java.util.Map;
import java.util.TreeMap;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;
import seedc.ir.Op;

/**
 * The products a program's C computes by subset sums ({@link LowBitProducts#bySubsetSums}, the fact the C backends
 * read: a wider activation times weights of at most 8 evenly spaced values) as OpWork's terms. For each activation
 * vector (a matrix product's row or column, a convolution's window of one group) the C builds the 16 sums of the
 * subsets of each 4 consecutive elements (codegen's SubsetSumEmitter: 4 reads and 15 additions a group, a
 * convolution's window gathered first), then for each weight vector and plane of its value numbers looks up one
 * entry a group and adds it, weights the planes' sums by 2^j and finishes each output. Its terms are then, besides
 * the dense ones (kept under {@link #PLAIN} units, {@code Kind.plainop}, {@code Kind.plainmac.8x8.t32}, as a product
 * on planes keeps them under {@code dense} ones; a unit of its own, so that a loop's part holding both kinds of
 * product prices each by whether its own kernel is measured):
 * <ul>
 *   <li>{@code Kind.subsetop}: its runs (the scratch's and the weights' pointers);
 *   <li>{@code Kind.subsetgroup.W}: the groups of 4 activations whose 16 sums are built, activation vectors x
 *       ceil(terms / 4), W the activation's width class (8, 16: its reads and the entries' additions);
 *   <li>{@code Kind.subsetlookup.W.tT}: the entries looked up and added, outputs x planes x groups;
 *   <li>{@code Kind.subsetplane}: the planes' sums, outputs x planes (a lookup kernel's call or loop, the sum's
 *       weighting by 2^j);
 *   <li>{@code Kind.subsetout}: the outputs (the base's term, the scale, the store or its comparisons).
 * </ul>
 * T is the container (16 or 32 bits) of a weight vector's exact sum of value number times activation, the
 * activation's bits after its shift plus the planes plus ceil(log2 terms), at most the product's sum width: the
 * lookups' additions are that wide, and the AVR's one-call kernel over every vector (codegen's AvrSubsetRows) takes
 * 16-bit sums only. (The planes' sums and the outputs at each T were terms of their own in a first fit: with every
 * benched product of one shape, those split the cycles arbitrarily, 800 cycles an output at 32 bits.)
 * A model with no coefficient of a kind's subset-sum terms prices such a product by its dense terms under their own
 * names, exactly as before these terms existed ({@link StandIns}), and counts that work as unmeasured
 * ({@link LinearCycleModel#coverage}).
 * Where a device's RAM leaves no room for a product's tables even in single groups, the C sums its products plainly
 * (codegen's BitSerial.withSmallerTables): the fact says so ({@link seedc.fixed.SubsetTableRoom}, which the driver
 * and the bench get from the backend's RAM plan), and such a product is priced as any plain product, with its reads
 * of packed weights (PackedReadWork).
 */
final class SubsetWork {
    /** The prefix of the unit of a subset-sum term. */
    static final String SUBSET = "subset";

    /** The prefix of the unit of a dense term kept beside a product's subset sums' terms. */
    static final String PLAIN = "plain";

    private SubsetWork() {}

    /**
     * The terms of {@code times} runs of the product {@code p} by subset sums whose activation is of width class
     * {@code width}: {@code own}, its dense terms renamed ({@link #PLAIN}), and the subset sums'.
     */
    static Map<String, Double> terms(FixedProgram fp, LowBitProducts.WideProduct p, String width, double times,
                                     Map<String, Double> own) {
        String kind = OpWork.kind(p.op());
        Map<String, Double> t = new TreeMap<>();
        own.forEach((term, amount) -> t.put(PlaneWork.prefixed(term, PLAIN), amount));
        long outputs = p.op().out().size();
        // a convolution's window (of one group) is read by its group's output channels, a matrix product's row by
        // every weight vector
        long vectorsARow = p.op() instanceof Op.Conv2d c ? c.filter().shape().dim(4) : p.vectors();
        long rows = outputs / vectorsARow, groups = (p.terms() + 3) / 4, planes = p.weight().planes();
        String sum = ".t" + (sumBits(fp, p) <= 16 ? 16 : 32);
        t.put(kind + "." + SUBSET + "op", times);
        t.put(kind + "." + SUBSET + "group." + width, times * rows * groups);
        t.put(kind + "." + SUBSET + "lookup." + width + sum, times * outputs * planes * groups);
        t.put(kind + "." + SUBSET + "plane", times * outputs * planes);
        t.put(kind + "." + SUBSET + "out", times * outputs);
        return t;
    }

    /** Bits of a weight vector's exact sum of value number times activation (at most the product's sum width). */
    static int sumBits(FixedProgram fp, LowBitProducts.WideProduct p) {
        OpParams.Mul m = fp.params(p.op(), OpParams.Mul.class);
        int ram = p.activationOperand();
        int xBits = FixedArith.shrBits(fp.type(p.op().inputs().get(ram)).bits(), ram == 0 ? m.shrA() : m.shrB());
        return Math.min(m.width(), xBits + p.weight().planes() + FixedArith.ceilLog2(Math.max(1, p.terms())));
    }
}
