/**
 * The C text and its expressions: a {@link seedc.codegen.c.writer.CWriter} whose blocks close themselves, the
 * narrowest-type integer expression {@link seedc.codegen.c.writer.X}, names of values and types, resource templates,
 * a kernel's scratch and a convolution's window loops. Depends on nothing else in the backend; start at X.
 */
package seedc.codegen.c.writer;
