/**
 * The AVR's assembly kernels for low-bit products, each an {@link seedc.codegen.c.avr.AvrKernel}: its name, where it
 * applies, its source (inline assembly in a C function) and the C it stands for. Takes sizes (planes, bytes, rows);
 * gives text. Start at AvrKernel, then AvrPlanePairs.
 */
package seedc.codegen.c.avr;
