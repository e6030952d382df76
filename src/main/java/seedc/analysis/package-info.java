/**
 * Analyses of the tensor IR: they read only {@link seedc.ir} and know nothing of code generation or C names. Take a
 * {@link seedc.ir.Program} (with the weights, for ranges and grids; from the caller, what an encoding decides: which
 * values are stored, their bits); give the def-use graph with loops ({@link seedc.analysis.Dataflow}), the instruction
 * numbering and liveness a RAM plan counts in ({@link seedc.analysis.Instructions}, {@link seedc.analysis.Liveness},
 * {@link seedc.analysis.InPlace}), sound value ranges ({@link seedc.analysis.RangeAnalysis}) and the grids parameters
 * already lie on ({@link seedc.analysis.ParameterGrids}). Start at Dataflow.
 */
package seedc.analysis;
