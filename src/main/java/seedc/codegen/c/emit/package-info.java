/**
 * The generic emitter: the predict function's body ({@link seedc.codegen.c.emit.BodyEmitter}; its profile marks for
 * bench --profile, {@link seedc.codegen.c.emit.ProfileMarks}; where its values live, the planned buffer, the int
 * statics and the address macros, {@link seedc.codegen.c.emit.ValueStorage}), the fixed-point kernels
 * ({@link seedc.codegen.c.emit.CEmitter}: products, activations, handing low-bit products to lowbitemit; element-wise
 * sums and products in {@link seedc.codegen.c.emit.ElementwiseEmitter}; a flash row read in order through a pointer,
 * where the target's dialect says it pays, in {@link seedc.codegen.c.emit.FlashStream}, of the operand
 * {@link seedc.fixed.FlashRowReads} names; such a sum halved into 8 bits as one call where the dialect halves by the
 * sign flag, its whole loop one call of the runtime's row loop where it can be, and its squared norm one call of the
 * runtime's loop where nothing else reads it (the fact {@link seedc.fixed.SquaredDistances}),
 * {@link seedc.codegen.c.emit.HalvedDistance}
 * (an 8-bit sum kept to 8 bits likewise, ElementwiseEmitter's wrappedRow; the row loops' shape and call in
 * {@link seedc.codegen.c.emit.RowLoop}; on the AVR, a loop of two RAM arrays, or an array and a flash scalar, whose
 * element a runtime row loop computes is one call of it where the fact {@link seedc.fixed.ElementwiseRowLoops}
 * says so, {@link seedc.codegen.c.emit.ElementwiseRows}: FastGRNN's gates; and a matrix product of one row
 * into 16 or 8 bits, shifted right or left, as one call of the runtime's whole-row product where the fact
 * {@link seedc.fixed.IdiomCalls#dotRow} says so, {@link seedc.codegen.c.emit.DotRow}: FastGRNN's input and
 * recurrent products, the recurrent ONNX cells', a classifier's); ProtoNN's class scores, a sum loop's product added as computed, as one call of the runtime's class-score row
 * where the fact {@link seedc.fixed.IdiomCalls#scoreRow} says it fits, {@link seedc.codegen.c.emit.ClassScoreRow}; which of these idioms a target writes, one record from
 * its dialect, {@link seedc.fixed.IdiomCalls.Flags}, and where, {@link seedc.fixed.IdiomCalls}; a convolution's output
 * channels of a pixel in one call (over the window, or a call a run of taps inside) where its shape makes that
 * cheaper, {@link seedc.codegen.c.emit.ConvChannelCalls}; its bias and ReLU at its store, the fact
 * {@link seedc.fixed.StoreEpilogues} as the C reads it, {@link seedc.codegen.c.emit.ConvEpilogues} (on every target);
 * a sigmoid or tanh of a 16-bit input into 8 bits by a search over its steps, the fact
 * {@link seedc.fixed.ActivationSteps}),
 * the float baseline
 * ({@link seedc.codegen.c.emit.FloatEmitter}) and the RAM plan ({@link seedc.codegen.c.emit.RamPlan}).
 * Start at CEmitter.
 */
package seedc.codegen.c.emit;
