/**
 * The low-bit planner: which matrix products run on bit planes or by subset sums and with which kernel
 * ({@link seedc.codegen.c.lowbit.BitSerial}, one {@link seedc.codegen.c.lowbit.PlaneProduct} a product), how their
 * weights are laid out, and what moves packed between products (signs, levels, sources). Takes the fixed program and
 * the target's words, layouts and assembly kernels; gives plans, no C. Start at BitSerial.
 */
package seedc.codegen.c.lowbit;
