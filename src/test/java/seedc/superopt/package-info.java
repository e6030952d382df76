/**
 * A small superoptimizer for the AVR popcount-accumulate step of sd_popand (issue 15, "Microkernels"). Takes
 * nothing but its own model of an AVR subset ({@link seedc.superopt.Avr}: registers, carry, exact ATmega328P
 * cycles) and the step's specification ({@link seedc.superopt.Spec}: acc += popcount of a byte or of a 16-bit
 * word); gives straight-line sequences, each proven equal to the specification on every input
 * ({@link seedc.superopt.Proof}), with their cycles, and the simavr cycles of the sd_popand kernels built from
 * them ({@link seedc.superopt.KernelBench}). Test code, run by scripts/search-avr-popcount: it chose the AVR
 * sd_popand of seedc_runtime.h, and no compilation runs it, so it stays out of seedc's jar.
 */
package seedc.superopt;
