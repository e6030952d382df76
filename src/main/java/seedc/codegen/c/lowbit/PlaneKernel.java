package seedc.codegen.c.lowbit;

import seedc.codegen.c.avr.AvrLevelTables;
import seedc.codegen.c.avr.AvrPlanePairRows;
import seedc.codegen.c.avr.AvrPlanePairs;
import seedc.codegen.c.avr.AvrPopandRows;

/**
 * How a product on planes counts pc = sum_{i,j} 2^(i+j) popcount(Q_i AND R_j): chosen once a product
 * ({@link PlaneProduct#of}), each form with what it needs; the planner and the emitters switch over it. The AVR's
 * forms carry the assembly kernel they call.
 */
public sealed interface PlaneKernel {
    /** A popcount of Q_i AND R_j a pair of planes, in the measured words (every target's C). */
    record Popcounts() implements PlaneKernel {}

    /**
     * The bits of one element together: the runtime's table of nibble pairs' products (the AVR's assembly), or masked
     * 64-bit words.
     */
    record Elements() implements PlaneKernel {}

    /** Every pair of planes in one pass, a call a weight row; the weight planes interleaved byte by byte. */
    record PlanePairs(AvrPlanePairs avr) implements PlaneKernel {}

    /**
     * Every pair of planes of every weight row of a call, 16-bit counts in the scratch (a convolution's window); the
     * weight planes interleaved as for {@link PlanePairs}.
     */
    record PairRows(AvrPlanePairRows avr) implements PlaneKernel {}

    /** One activation plane against every weight row of a call (1 x 1 bits), a byte's count each in the scratch. */
    record PopandRows(AvrPopandRows avr) implements PlaneKernel {}

    /** Tables of the 2-bit activation's level numbers' subset sums, every weight row in one call (16-bit sums). */
    record LevelTables(AvrLevelTables avr) implements PlaneKernel {}

    /**
     * Each window plane's pattern looked up in tables of the weights' value-number sums (a convolution of two-plane
     * activations whose windows come from row masks; BitPlaneWeights.windowTables).
     */
    record WindowTables() implements PlaneKernel {}

    /** Whether the weight planes are interleaved byte by byte (the pair kernels'), not one after another. */
    default boolean interleavesWeights() {
        return this instanceof PlanePairs || this instanceof PairRows;
    }
}
