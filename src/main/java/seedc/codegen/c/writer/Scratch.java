package seedc.codegen.c.writer;

/**
 * A scratch array a C kernel needs while its op runs: {@code size} elements of {@code bits} bits,
 * named {@code name}. The kernels declare theirs before the RAM is planned, as a tflite-micro
 * kernel requests its scratch buffers in Prepare; the plan gives each one bytes live at its op's
 * instruction only (emit.DeclaredScratch collects them).
 */
public record Scratch(String name, int bits, int size) {}
