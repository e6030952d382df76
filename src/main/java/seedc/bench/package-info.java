/**
 * Device measurements for 'seedc bench'. Takes a compiled fixed program (and the float model) with its test set;
 * gives cycles, ELF sizes, peak stack and MACs from avr-gcc and simavr ({@link seedc.bench.UnoBench}), Cortex-M0+
 * cycles counted under Unicorn or x86 time stamp counter ticks ({@link seedc.bench.TargetBench}), or each FPGA
 * strategy's design simulated and synthesized ({@link seedc.bench.FpgaBench}), and bench.json
 * ({@link seedc.bench.BenchJson}).
 */
package seedc.bench;
