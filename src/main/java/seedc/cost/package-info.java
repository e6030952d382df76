/**
 * The modelled cost of a fixed-point program on a target. Takes a {@link seedc.fixed.FixedProgram} and its weights;
 * gives a {@link seedc.cost.CycleEstimate} from a target's {@link seedc.cost.CycleModel}. The search reads it as its
 * objective; {@code seedc bench} prints it beside what the device measured. Start with CycleModel, then
 * {@link seedc.cost.CycleModels#forTarget}: the ATmega328P's {@link seedc.cost.LinearCycleModel}, which prices each
 * op's work terms ({@link seedc.cost.OpWork}) by coefficients that scripts/fit-cycle-model fits from
 * {@code seedc bench --profile} (resource seedc/cost/avr.json).
 */
package seedc.cost;
