package seedc.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ParseResult;
import seedc.fixed.Strategy;

/**
 * Options a user gave that do nothing in the chosen mode: each is a warning (the compile goes on), so that a user who
 * tuned one learns it was not read rather than reading its effect into the result.
 */
final class UnusedOptions {
    private UnusedOptions() {}

    /** The options only shiftry reads. */
    private static final List<String> SHIFTRY_ONLY = List.of("--max-accuracy-drop", "--max-score-error",
            "--validation");
    /** The options only the fpga target reads. */
    private static final List<String> FPGA_ONLY = List.of("--fpga-strategy", "--fpga-divider", "--fpga-buffers",
            "--fpga-dsps", "--fpga-utilization");

    /** The warnings for the options of {@code given} that {@code strategy} on {@code target} does not read. */
    static List<String> of(ParseResult given, Strategy strategy, String target) {
        List<String> out = new ArrayList<>();
        if (strategy == Strategy.SEEDOT) {
            SHIFTRY_ONLY.stream().filter(given::hasMatchedOption).forEach(o -> out.add(o + " applies to --strategy"
                    + " shiftry; seedot chooses its maxscale on the training rows and does not read it"));
        }
        if (strategy == Strategy.SHIFTRY && given.hasMatchedOption("--products")) {
            out.add("--products applies to --strategy seedot; shiftry chooses each value's width itself");
        }
        if (!target.equals("fpga")) {
            FPGA_ONLY.stream().filter(given::hasMatchedOption).forEach(o -> out.add(o + " applies to --target fpga;"
                    + " the " + target + " target does not read it"));
        }
        return out;
    }
}
