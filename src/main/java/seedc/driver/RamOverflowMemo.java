package seedc.driver;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.RamFit;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.SubsetTableRoom;

/**
 * The bytes by which a candidate's RAM exceeds the device's, the subset-sum tables its RAM leaves out and the bytes its
 * plan moves, planned once per program (Backend#ramFit: the program's kernels and plan made once for all three): the
 * search asks for the same candidate several times (its modelled cycles, {@link RamFitCycles}, its coverage, and stage
 * IV's RAM checks), and planning the RAM of a program is the costly part of each. Programs of one search differ only
 * in their values' types, which decide the plan, so the types (null for integers) are the key.
 */
final class RamOverflowMemo implements ToLongFunction<FixedProgram> {
    private final Backend backend;
    private final Map<String, double[]> weights;
    private final Device device;
    /** Whether the plan's moves are asked for (where the cycle model prices a moved byte: a plan more per program). */
    private final boolean moves;
    private final Map<List<FixedType>, RamFit> planned = new ConcurrentHashMap<>();

    RamOverflowMemo(Backend backend, Map<String, double[]> weights, Device device, boolean moves) {
        this.backend = backend;
        this.weights = weights;
        this.device = device;
        this.moves = moves;
    }

    private RamFit fit(FixedProgram fp) {
        return planned.computeIfAbsent(fp.typesKey(), k -> backend.ramFit(fp, weights, device, moves));
    }

    @Override
    public long applyAsLong(FixedProgram fp) {
        return fit(fp).overBytes();
    }

    /**
     * The products whose subset-sum tables the device's RAM leaves no room for in this program's plan (the C sums
     * them plainly): what the cycle model prices them by.
     */
    SubsetTableRoom tableRoom(FixedProgram fp) {
        return fit(fp).room();
    }

    /**
     * The bytes the plan on the device moves per inference (0 for a program that does not fit, and where this memo
     * was made without the moves: RamFitCycles asks only where its model prices them, which decided that).
     */
    long movedBytes(FixedProgram fp) {
        return fit(fp).movedBytes();
    }
}
