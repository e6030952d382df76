package seedc.cli;

import picocli.CommandLine.Option;
import seedc.diag.Progress;

/** --no-progress, shared by the commands whose stages can take more than a second (compile, run, bench). */
final class ProgressOption {
    @Option(names = "--no-progress", description = "Do not show progress bars (they show only on a terminal,"
            + " for stages that take more than a second).")
    boolean noProgress;

    /** Whether the command's stages show their bars: on a terminal, unless --no-progress. */
    boolean show() {
        return !noProgress && Progress.onTerminal();
    }
}
