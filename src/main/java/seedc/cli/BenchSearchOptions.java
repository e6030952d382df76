package seedc.cli;

import picocli.CommandLine.Option;

/**
 * bench's search options: compile's shared ones, and compile's --flash-budget, so that bench measures a program
 * compile writes with it (scripts/fit-cycle-model benches shiftry's all-16-bit start so: a budget every program
 * meets keeps every value at 16 bits, the program the search starts from and its cycle model must have measured).
 */
final class BenchSearchOptions extends SearchOptions {
    @Option(names = "--flash-budget", paramLabel = "BYTES",
            description = "shiftry: demote values to 8 bits only until the parameters alone fit in BYTES, as compile"
                    + " --flash-budget does; not with --max-accuracy-drop or an FPGA --device (not set: stop by"
                    + " accuracy).")
    Integer flashBudget;
}
