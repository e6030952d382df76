/**
 * The Verilog backend ({@code --target fpga}, MAFIA). Takes a fixed program, its quantized weights and an FPGA
 * {@link seedc.backend.Device}; gives a design folder (top.v, an engine per node under nodes/, ROM files, a
 * testbench, the Makefile's sim, sim-cycles and synth targets) and report.json's {@code fpga} section.
 * The steps, one file each: {@link seedc.codegen.verilog.Dfg} (the matrix dataflow graph), NodeCost and
 * EstimationModel (each node's LUTs, DSPs, block RAMs and exact cycles at a PF, from the fitted models), BlockRams
 * (which memories are block RAM on the iCE40: the ROMs, and the buffers when registers do not fit),
 * PfPlanner (the three strategies' PFs under the budget; PfPlan plans with combinational and iterative dividers
 * and keeps the faster design that fits; buffers in registers, else in block RAM), Schedule and Pipelining (when each engine starts:
 * dataflow, streamed element-wise clusters, or one after another), EngineSharing (in the sequential design, which
 * alike nodes run on one engine and write one memory), then TopWriter (with EngineContexts and SharedEngines) and the kernels (Kernels picks
 * an engine template per op: ElementwiseKernel, IterativeDivisionKernel, ReduceKernel, LoopKernel and the rest), which compute the integers
 * {@code FixedKernels} computes.
 */
package seedc.codegen.verilog;
