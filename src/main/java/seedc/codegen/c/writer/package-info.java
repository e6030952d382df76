/**
 * The C text and its expressions: a {@link seedc.codegen.c.writer.CWriter} whose blocks close themselves, the
 * integer expression in its narrowest type {@link seedc.codegen.c.writer.IntExpr} (and an 8x16 product shifted
 * twice into an 8-bit sum as one runtime call, {@link seedc.codegen.c.writer.ShiftedProducts}; an 8-bit sum of rounded
 * shifts halved into 8 bits as one, {@link seedc.codegen.c.writer.HalvedSums}: each written where the IR-level fact
 * {@link seedc.fixed.IdiomCalls} names it), names of values and types,
 * resource templates (and the C runtime seedc_runtime.h, assembled from its parts by
 * {@link seedc.codegen.c.writer.RuntimeHeader}), a kernel's scratch and a convolution's window loops. Depends on
 * nothing else in the backend; start at IntExpr.
 */
package seedc.codegen.c.writer;
