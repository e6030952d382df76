package seedc.cli;

import picocli.CommandLine.Option;

/** How the scales and widths are searched, shared by compile and bench (compile adds its stopping modes). */
class SearchOptions {
    @Option(names = "--strategy", defaultValue = "shiftry", paramLabel = "NAME",
            description = "shiftry (default: data-driven scales, mixed 8/16 bits) or seedot (maxscale search at"
                    + " --bitwidth).")
    String strategy;

    @Option(names = "--bitwidth", defaultValue = "16", paramLabel = "B",
            description = "8, 16 or 32 (default ${DEFAULT-VALUE}).")
    int bitwidth;

    // bench's default is compile's: bench measures the program compile writes
    @Option(names = "--metric", defaultValue = seedc.search.Metric.DEFAULT_ID, paramLabel = "M",
            description = "accuracy, disagreement or reduced-disagreement (default ${DEFAULT-VALUE}).")
    String metric;

    @Option(names = "--select", defaultValue = "modelled", paramLabel = "HOW",
            description = "shiftry on the Uno (--target arduino): modelled (default: the fastest program by the cycle"
                    + " model that meets the limits) or measured (that program and the others the search ran that"
                    + " meet the same limits within the model's error of it, at most "
                    + seedc.driver.MeasuredSelection.MEASURED_AT_MOST + ", built and run under simavr; the fewest"
                    + " measured cycles written, a tie the model's).")
    String select;

    @Option(names = "--select-examples", defaultValue = "" + seedc.driver.MeasuredSelection.DEFAULT_EXAMPLES,
            paramLabel = "N", description = "--select measured: the test rows each program runs under simavr"
                    + " (default ${DEFAULT-VALUE}).")
    int selectExamples;
}
