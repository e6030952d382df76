package seedc.driver;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.SubsetTableRoom;

/**
 * The bytes by which a candidate's RAM exceeds the device's, planned once per program: the search asks for the same
 * candidate twice (its modelled cycles, {@link RamFitCycles}, and stage IV's RAM checks), and planning the RAM of a
 * program is the costly part of both. Programs of one search differ only in their values' types, which decide the
 * plan, so the types (null for integers) are the key.
 */
final class RamOverflowMemo implements ToLongFunction<FixedProgram> {
    private final Backend backend;
    private final Map<String, double[]> weights;
    private final Device device;
    private final Map<List<FixedType>, Long> planned = new ConcurrentHashMap<>();
    /** The bytes each program's plan moves, by the same key (only where the cycle model prices a moved byte). */
    private final Map<List<FixedType>, Long> moved = new ConcurrentHashMap<>();
    /** The products whose subset-sum tables each program's plan leaves no room for, by the same key. */
    private final Map<List<FixedType>, SubsetTableRoom> rooms = new ConcurrentHashMap<>();

    RamOverflowMemo(Backend backend, Map<String, double[]> weights, Device device) {
        this.backend = backend;
        this.weights = weights;
        this.device = device;
    }

    @Override
    public long applyAsLong(FixedProgram fp) {
        return planned.computeIfAbsent(fp.typesKey(), k -> backend.ramOverflow(fp, weights, device));
    }

    /**
     * The products whose subset-sum tables the device's RAM leaves no room for in this program's plan (the C sums
     * them plainly): what the cycle model prices them by, planned once per program.
     */
    SubsetTableRoom tableRoom(FixedProgram fp) {
        return rooms.computeIfAbsent(fp.typesKey(), k -> backend.subsetTableRoom(fp, weights, device));
    }

    /** The bytes the plan on the device moves per inference (0 for a program that does not fit), once per program. */
    long movedBytes(FixedProgram fp) {
        return applyAsLong(fp) > 0 ? 0
                : moved.computeIfAbsent(fp.typesKey(), k -> backend.movedBytes(fp, weights, device));
    }
}
