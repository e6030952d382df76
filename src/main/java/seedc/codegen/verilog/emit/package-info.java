/**
 * Emission: takes a planned design ({@link seedc.codegen.verilog.plan.PfPlan}) and gives its files: top.v
 * ({@link seedc.codegen.verilog.emit.TopWriter}), an engine per node (the template {@code Kernels} picks per op,
 * written through its {@code NodeContext}), the ROMs and the testbench. It decides nothing the plan does not say;
 * the engines compute the integers {@code FixedKernels} computes.
 */
package seedc.codegen.verilog.emit;
