package seedc.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How data rows are read and how many threads run them: shared by every command that runs a model. */
class DataOptions {
    @Option(names = "--labels", defaultValue = "1", paramLabel = "N",
            description = "Label columns at the start of each data row (default ${DEFAULT-VALUE}).")
    int labels;

    @Option(names = "--jobs", paramLabel = "N", description = "Threads (default: all cores).")
    Integer jobs;

    /** The threads to use; a user error if --jobs is below 1. */
    int threads() {
        return Choices.jobs(jobs);
    }

    /** compile's and bench's: the data options and the rows shiftry accepts its program on. */
    static final class WithValidation extends DataOptions {
        @Option(names = "--validation", paramLabel = "FILE",
                description = "Rows the model was not trained on (as --train): shiftry chooses on every training row"
                        + " and accepts its program on these (default: a file validation.npy (.csv, .tsv: as --train's)"
                        + " beside --train when there is one, else every fourth training row, held out from the"
                        + " choice).")
        Path validation;
    }
}
