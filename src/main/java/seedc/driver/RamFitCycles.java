package seedc.driver;

import java.util.Map;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.fixed.FixedProgram;

/**
 * A target's cycle model on a device of limited RAM: a program whose planned RAM exceeds what the device leaves costs
 * {@link #CYCLES_PER_BYTE_OVER} more per byte over, more than any program's cycles, so that the search counts every
 * demotion that brings it nearer to fitting as faster (a program that does not fit runs at no speed at all). Without
 * it a 16-bit convolution output whose demotion saves no cycles stays wide and overflows the Uno's 2 KB. A program
 * that fits pays for the bytes its plan moves to defragment the buffer ({@link CycleModel#cyclesPerMovedByte}): on
 * the Uno a 1 KB move costs as much as a small op.
 */
record RamFitCycles(CycleModel model, RamOverflowMemo ramOverflow) implements CycleModel {
    static final double CYCLES_PER_BYTE_OVER = 1e9;

    /**
     * A figure of this objective as a report gives it: the modelled cycles of a program the search counted
     * {@code overBytes} over the device's RAM ({@link RamOverflowMemo}), without the penalty {@link #estimate} added for
     * them, which is no time the program takes (the reports say the bytes in words); the objective itself at 0 B.
     */
    static double cyclesWithoutPenalty(double objective, long overBytes) {
        return overBytes == 0 ? objective : objective - overBytes * CYCLES_PER_BYTE_OVER;
    }

    @Override
    public String describe() {
        return model.describe();
    }

    @Override
    public CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights) {
        // priced as the C runs on the device: products whose tables its RAM leaves no room for sum plainly
        CycleEstimate e = model.estimate(program, weights, ramOverflow.tableRoom(program));
        long over = ramOverflow.applyAsLong(program);
        if (over > 0) {
            return e.plus(over * CYCLES_PER_BYTE_OVER);
        }
        // the plan's defragmentation moves: a 16-bit value kept wide can make the buffer move another's bytes
        double perByte = model.cyclesPerMovedByte();
        long moved = perByte == 0 ? 0 : ramOverflow.movedBytes(program); // a plan more per program: only if priced
        return moved == 0 ? e : e.plus(moved * perByte);
    }

    @Override
    public double cyclesPerMovedByte() {
        return model.cyclesPerMovedByte();
    }

    @Override
    public seedc.cost.WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights) {
        return model.coverage(program, weights, ramOverflow.tableRoom(program));
    }

    @Override
    public double heldOutError() {
        return model.heldOutError();
    }

    @Override
    public boolean measuredProductsOnPlanes() {
        return model.measuredProductsOnPlanes();
    }
}
