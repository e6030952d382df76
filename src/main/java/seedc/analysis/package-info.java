/**
 * Analyses of the tensor IR, keyed by {@link seedc.ir.Value} and {@link seedc.ir.Op}: they read
 * only {@link seedc.ir} and know nothing of code generation or C names.
 *
 * <p>Takes a {@link seedc.ir.Program}, and from the caller what depends on an encoding: which
 * values are stored, their element bits, whether a view keeps its operand's type. Gives
 * <ul>
 *   <li>{@link seedc.analysis.Dataflow}: the def-use graph, loops ({@code SumLoop}, {@code Loop})
 *       as nested regions;
 *   <li>{@link seedc.analysis.Instructions}: the numbering a RAM plan counts in (ops in program
 *       order, a loop before its body, then the return), loop spans and one IR label per
 *       instruction;
 *   <li>{@link seedc.analysis.Liveness}: the instructions each stored value lives at, a value read
 *       in a loop but defined before it living across the whole loop;
 *   <li>{@link seedc.analysis.InPlace}: the values stored in a dying operand's bytes (element-wise
 *       ops) or read in place of their operand (identity views), and the merged intervals;
 *   <li>{@link seedc.analysis.RangeAnalysis} (with the weights): every value's sound interval for every input
 *       in the declared range ({@link seedc.analysis.ValueRanges}), and the values no finite bound holds for;
 *   <li>{@link seedc.analysis.ParameterGrids} (with the weights): the smaller storage each parameter's values
 *       already lie on (a k-bit grid, powers of two, a codebook).
 * </ul>
 * The C backends turn these into a static RAM plan ({@code seedc.codegen.c.emit.RamPlan} with
 * {@link seedc.memory}); the float and the fixed-point builds use the same analyses.
 */
package seedc.analysis;
