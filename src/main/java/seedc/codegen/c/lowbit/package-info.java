/**
 * The low-bit planner: which matrix products run on bit planes or by subset sums ({@link
 * seedc.codegen.c.lowbit.BitSerial}), each product on planes with its kernel's form chosen once ({@link
 * seedc.codegen.c.lowbit.PlaneProduct}, {@link seedc.codegen.c.lowbit.PlaneKernel}), how its weights are laid out, and
 * what moves packed between products (signs, levels, sources; where signs and levels go is the IR fact
 * seedc.fixed.SignKernels, asked what these kernels can do by BackendSignKernels). Takes the fixed program and what the target offers
 * ({@link seedc.codegen.c.lowbit.LowBitTarget}); gives plans, no C. Start at BitSerial.
 */
package seedc.codegen.c.lowbit;
