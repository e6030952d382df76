/**
 * The one fixed-point semantics (docs/fixed-point-semantics.md). Takes a program, a fixed type per real
 * value and integer constants per op ({@link seedc.fixed.FixedProgram}, the fixed IR every backend reads)
 * and quantized weights; gives bit-exact integer results ({@link seedc.fixed.FixedInterpreter}), the
 * oracle every backend is tested against.
 */
package seedc.fixed;
