/**
 * How the fixed-point kernels read their operands and store their results: {@link seedc.codegen.c.operand.Operands}
 * over the constants in flash ({@link seedc.codegen.c.operand.Constants}), a store comparing a fused chain on the way
 * ({@link seedc.codegen.c.operand.ThresholdEmitter}). Start at Operands.
 */
package seedc.codegen.c.operand;
