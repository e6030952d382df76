/**
 * The Verilog backend ({@code --target fpga}, MAFIA). Takes a fixed program, its quantized weights and an FPGA
 * {@link seedc.backend.Device}; gives a design folder (top.v, an engine per node under nodes/, ROM files, a
 * testbench, the example reader under reader/ (the C predictor's, {@link seedc.codegen.verilog.ExampleReader}), the
 * Makefile's sim, sim-cycles and synth targets) and report.json's {@code fpga} section.
 * Three steps, a sub-package each, each using only the ones before it: {@code graph} (the dataflow graph),
 * {@code plan} (the immutable design: {@link seedc.codegen.verilog.plan.PfPlan}) and {@code emit} (its Verilog).
 * Start at {@link seedc.codegen.verilog.Design#of}, which runs them in that order.
 */
package seedc.codegen.verilog;
