package seedc.driver;

import java.util.Map;
import java.util.function.ToLongFunction;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModel;
import seedc.fixed.FixedProgram;

/**
 * A target's cycle model on a device of limited RAM: a program whose planned RAM exceeds what the device leaves costs
 * {@link #CYCLES_PER_BYTE_OVER} more per byte over, more than any program's cycles, so that the search counts every
 * demotion that brings it nearer to fitting as faster (a program that does not fit runs at no speed at all). Without
 * it a 16-bit convolution output whose demotion saves no cycles stays wide and overflows the Uno's 2 KB.
 */
record RamFitCycles(CycleModel model, ToLongFunction<FixedProgram> ramOverflow) implements CycleModel {
    static final double CYCLES_PER_BYTE_OVER = 1e9;

    @Override
    public String describe() {
        return model.describe();
    }

    @Override
    public CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights) {
        CycleEstimate e = model.estimate(program, weights);
        long over = ramOverflow.applyAsLong(program);
        return over == 0 ? e : e.plus(over * CYCLES_PER_BYTE_OVER);
    }

    @Override
    public double fittedShare(FixedProgram program, Map<String, double[]> weights) {
        return model.fittedShare(program, weights);
    }
}
