package seedc.fixed;

import java.util.Set;
import java.util.TreeSet;
import seedc.ir.Op;

/**
 * Which products' subset-sum tables a device's RAM leaves no room for, by the product's value name: there the C sums
 * products plainly (a dot over the weights as stored, packed or dense) instead of building tables. The C backends'
 * RAM plan decides it (codegen's FixedCBuild: tables halved while any can be, then the largest table dropped, until
 * the plan fits); {@link LowBitProducts#bySubsetSums} reads it, so that the C and the cost model take the same
 * products by subset sums (the C raises an internal error if it ever writes other ones). {@link #NONE} where nothing
 * limits the RAM (a host) or every table fits.
 *
 * @param overRam the products' value names (an op's output: the same across the search's programs of one model)
 */
public record SubsetTableRoom(Set<String> overRam) {
    /** Every table fits. */
    public static final SubsetTableRoom NONE = new SubsetTableRoom(Set.of());

    public SubsetTableRoom {
        overRam = java.util.Collections.unmodifiableSet(new TreeSet<>(overRam));
    }

    /** Whether the C keeps {@code op} off subset sums for want of RAM. */
    public boolean over(Op op) {
        return overRam.contains(op.out().name());
    }
}
