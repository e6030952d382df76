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
        List<String> out = strategyOnly(given, strategy);
        if (!target.equals("fpga")) {
            FPGA_ONLY.stream().filter(given::hasMatchedOption).forEach(o -> out.add(o + " applies to --target fpga;"
                    + " the " + target + " target does not read it"));
        }
        return out;
    }

    /**
     * bench's: the strategy's as compile's, and the measurement's own options where {@code measuredId} (the backend's
     * id: arduino for the Uno, cortex-m, x86 or fpga) does not read them.
     */
    static List<String> ofBench(ParseResult given, Strategy strategy, String measuredId) {
        List<String> out = strategyOnly(given, strategy);
        String measured = measuredId.equals("arduino") ? "the Uno" : measuredId;
        if (!measuredId.equals("x86") && given.hasMatchedOption("--reps")) {
            out.add("--reps applies to --target x86 (timed runs); " + measured + " counts cycles in simulation, once");
        }
        if (!measuredId.equals("fpga") && given.hasMatchedOption("--no-synth")) {
            out.add("--no-synth applies to an FPGA --device; " + measured + " synthesizes nothing");
        }
        return out;
    }

    private static List<String> strategyOnly(ParseResult given, Strategy strategy) {
        List<String> out = new ArrayList<>();
        if (strategy == Strategy.SEEDOT) {
            SHIFTRY_ONLY.stream().filter(given::hasMatchedOption).forEach(o -> out.add(o + " applies to --strategy"
                    + " shiftry; seedot chooses its maxscale on the training rows and does not read it"));
        }
        if (strategy == Strategy.SHIFTRY && given.hasMatchedOption("--products")) {
            out.add("--products applies to --strategy seedot; shiftry chooses each value's width itself");
        }
        String select = given.matchedOptionValue("--select", "modelled");
        if (given.hasMatchedOption("--select-examples") && !"measured".equalsIgnoreCase(select.trim())) {
            out.add("--select-examples applies to --select measured; the modelled choice runs nothing on the device");
        }
        return out;
    }
}
