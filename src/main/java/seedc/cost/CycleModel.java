package seedc.cost;

import java.util.Map;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;

/**
 * What one inference of a fixed-point program costs on a target, modelled without building it: the objective of the
 * search (stage III ranks demotions by accuracy lost per cycle saved, stage IV keeps a demotion only if the modelled
 * cost drops) and the figure {@code seedc bench} prints beside the measured one.
 */
public interface CycleModel {
    /** What the figures count and where the model comes from, for reports (e.g. "ATmega328P cycles, fitted under simavr"). */
    String describe();

    /** The modelled cost of one inference of {@code program} with {@code weights}, op by op. */
    CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights);

    /**
     * The same on a device whose RAM leaves no room for the subset-sum tables of {@code room}'s products (the C sums
     * those plainly); a model that prices no subset sums prices it as {@link #estimate(FixedProgram, Map)}.
     */
    default CycleEstimate estimate(FixedProgram program, Map<String, double[]> weights, SubsetTableRoom room) {
        return estimate(program, weights);
    }

    /**
     * The cycles of one byte of the memory plan's defragmentation moves (the C backends' sd_move), which no op's
     * work counts; 0 for a model that has not measured them.
     */
    default double cyclesPerMovedByte() {
        return 0;
    }

    /**
     * The share of {@code program}'s modelled cycles that the model prices from measurements of the same kind of work
     * (1 for a model that prices everything so); the rest it guesses from relatives. The search trusts the model only
     * for programs it measured.
     */
    default double fittedShare(FixedProgram program, Map<String, double[]> weights) {
        return coverage(program, weights).share();
    }

    /**
     * {@link #fittedShare} with the ops whose work the model priced from relatives, stand-ins or at nothing, for the
     * report to name ({@link WorkCoverage#ALL} for a model that prices everything from measurements).
     */
    default WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights) {
        return WorkCoverage.ALL;
    }

    /** {@link #coverage} on a device whose RAM leaves no room for {@code room}'s subset-sum tables. */
    default WorkCoverage coverage(FixedProgram program, Map<String, double[]> weights, SubsetTableRoom room) {
        return coverage(program, weights);
    }

    /**
     * Whether the model measured the work of products on bit planes (their kernels' own terms, OpWork's planes'):
     * without that a program that has them is priced as dense products, and no model decides its search (the
     * driver's LowBitSums check).
     */
    default boolean measuredProductsOnPlanes() {
        return false;
    }

    /**
     * The model's mean relative error on whole programs of models its fit did not see, as the fit measured it (0.11:
     * 11%); NaN when nobody measured it on this target (a stand-in, a planner's estimate). The search keeps a pair of
     * demotions that pays only together when the model's saving is beyond this error (seedc.search.StageFourPairs).
     */
    default double heldOutError() {
        return Double.NaN;
    }
}
