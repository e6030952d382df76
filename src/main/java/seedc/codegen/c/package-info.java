/**
 * The C backends: take a fixed program (or the float program), its weights and IR; give C files. {@link
 * seedc.codegen.c.CBackend} wraps each target's dialect as a Backend; FixedCBuild and FloatCBuild plan and render.
 * Sub-packages, each using only those before it: writer, avr, threshold, lowbit, operand, lowbitemit, emit, dialect.
 * Start at FixedCBuild. Fixed texts (runtime, main.c, Makefiles, the sketch) are resources under seedc/codegen/c.
 */
package seedc.codegen.c;
