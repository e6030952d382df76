package seedc.cli;

import picocli.CommandLine.Option;

/** compile's choices for an FPGA design (--target fpga): how it is planned, divides, buffers and multiplies. */
final class FpgaOptions {
    @Option(names = "--fpga-strategy", defaultValue = "mafia", paramLabel = "S",
            description = "fpga: mafia (default: greedy parallelism on the critical path, dataflow schedule), seedot"
                    + " (program order, unrolled greedily under the budget) or sequential (every node at PF 1).")
    String strategy;

    @Option(names = "--fpga-divider", defaultValue = "auto", paramLabel = "D",
            description = "fpga: how sigmoid and tanh divide: auto (default: the faster design that fits),"
                    + " combinational (an element per lane per cycle) or iterative (a quotient bit per cycle, a tenth"
                    + " of the LUTs).")
    String divider;

    @Option(names = "--fpga-buffers", defaultValue = "auto", paramLabel = "B",
            description = "fpga on the iCE40: where the values the engines write live: auto (default: the fastest"
                    + " design among those with them in registers and with some in block RAM), registers, or"
                    + " block-ram (every one that can be; their writers at PF 1).")
    String buffers;

    @Option(names = "--fpga-dsps", paramLabel = "N",
            description = "fpga: DSP blocks the design may use (default: all of the device's); the smallest products"
                    + " beyond them multiply in logic (shift and add).")
    Integer dsps;

    @Option(names = "--fpga-utilization", paramLabel = "PCT",
            description = "fpga: the percentage of the device's logic the planner grows lanes into (default: 100"
                    + " less the logic model's mean error on whole designs, 83.1 of the iCE40's cells; a design at"
                    + " every PF 1 may use all of it).")
    Integer utilization;
}
