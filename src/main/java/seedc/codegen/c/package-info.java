/**
 * The C backends. Take a fixed program (or the float program), the weights and the IR; give C files.
 * One generator (emitters per op family, constants, the RAM plan) and a {@link seedc.codegen.c.CDialect}
 * per target with its hooks: {@link seedc.codegen.c.CBackend} wraps each as a {@link seedc.backend.Backend}.
 * Fixed texts (runtime, main.c, Makefiles, predict.h, the sketch) are resources under seedc/codegen/c.
 */
package seedc.codegen.c;
