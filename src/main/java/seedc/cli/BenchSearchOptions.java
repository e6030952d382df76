package seedc.cli;

import picocli.CommandLine.Option;

/**
 * bench's search options: the shared ones and --flash-budget, which compile has too ({@link CompileSearchOptions}
 * adds its other ways to stop), so that bench measures the program compile writes with it (scripts/fit-cycle-model
 * benches shiftry's all-16-bit start so: a budget every program meets keeps every value at 16 bits, the program the
 * search starts from and its cycle model must have measured).
 */
class BenchSearchOptions extends SearchOptions {
    @Option(names = "--flash-budget", paramLabel = "BYTES",
            description = "shiftry: demote values to 8 bits only until the parameters alone fit in BYTES; not with"
                    + " --max-accuracy-drop or (bench) an FPGA --device (not set: no budget).")
    Integer flashBudget;
}
