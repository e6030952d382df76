/**
 * The modelled cost of a fixed-point program on a target. Takes a {@link seedc.fixed.FixedProgram} and its weights;
 * gives a {@link seedc.cost.CycleEstimate} from a target's {@link seedc.cost.CycleModel}. The search reads it as its
 * objective; {@code seedc bench} prints it beside what the device measured. Start with CycleModel.
 */
package seedc.cost;
