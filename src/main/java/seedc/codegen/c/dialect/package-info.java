/**
 * What each C target changes: {@link seedc.codegen.c.dialect.CDialect}'s hooks (where constants live, the files,
 * the device budget, the low-bit kernels it has) and one subclass a target (x86, the AVR with its sketch or Arduino library, Cortex-M,
 * HLS C with its unroll hints). Start at CDialect.
 */
package seedc.codegen.c.dialect;
