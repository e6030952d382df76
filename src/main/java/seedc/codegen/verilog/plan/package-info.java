/**
 * Planning: takes the dataflow graph, the fixed program and the device; gives the immutable design
 * ({@link seedc.codegen.verilog.plan.PfPlan}: each node's PF, its engine choices, estimates and schedule). Start at
 * {@code PfPlan.choose}; a node's LUTs, flip-flops, DSPs and cycles are {@link seedc.codegen.verilog.plan.NodeCost}'s,
 * counted by the engine forms of {@link seedc.codegen.verilog.plan.EngineForms}, so that planning never reads the
 * emitted Verilog (but for engine sharing, which compares emission's engines through
 * {@link seedc.codegen.verilog.plan.EngineDrafts}).
 */
package seedc.codegen.verilog.plan;
