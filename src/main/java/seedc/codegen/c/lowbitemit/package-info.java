/**
 * The C of the low-bit products the planner chose: bit planes ({@link seedc.codegen.c.lowbitemit.BitSerialEmitter},
 * packing by {@link seedc.codegen.c.lowbitemit.PlanePacking}), level tables, subset sums, and the outputs a kernel
 * stores itself. Takes a plan and an Operands; writes through a CWriter. Start at BitSerialEmitter.
 */
package seedc.codegen.c.lowbitemit;
