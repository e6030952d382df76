package seedc.cli;

import picocli.CommandLine.Option;
import seedc.diag.Progress;

/**
 * --no-progress, shared by the commands whose stages can take more than a second (compile, run, bench); each extends
 * it with its own output options into the group "Output and reports".
 */
class ProgressOption {
    @Option(names = "--no-progress", description = "Do not show progress bars (not set: they show on a"
            + " terminal, for stages that take more than a second).")
    boolean noProgress;

    /** Whether the command's stages show their bars: on a terminal, unless --no-progress. */
    boolean show() {
        return !noProgress && Progress.onTerminal();
    }
}
