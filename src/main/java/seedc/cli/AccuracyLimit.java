package seedc.cli;

import picocli.CommandLine.Option;

/** --max-accuracy-drop, shared by compile and bench: the limit a newcomer sets first, so not under a heading. */
final class AccuracyLimit {
    static final double DEFAULT = 1.0;

    // no defaultValue: compile tells a given limit from none (--fit and --flash-budget stop the search otherwise)
    @Option(names = "--max-accuracy-drop", paramLabel = "PCT",
            description = "shiftry: keep demoting values to 8 bits while training accuracy stays within PCT points"
                    + " of float (default 1.0).")
    Double given;

    /** The limit: the one given, else the default; a user error outside 0 to 100. */
    double points() {
        return Choices.maxAccuracyDrop(given == null ? DEFAULT : given);
    }
}
