/**
 * Comparisons fused into the product before a quantize: which chains of scale, bias and quantize are compared on a
 * sum ({@link seedc.codegen.c.threshold.Thresholds}, from the IR's fact {@link seedc.fixed.FoldedQuantizes}), their steps and the stored sum they compare
 * ({@link seedc.codegen.c.threshold.Stored}, {@link seedc.codegen.c.threshold.ExactSum}). Takes the fixed program;
 * gives plans the emitters read. Start at Thresholds.
 */
package seedc.codegen.c.threshold;
