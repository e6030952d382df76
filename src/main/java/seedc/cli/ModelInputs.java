package seedc.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import seedc.driver.ModelSource;

/** The options every command that compiles a model shares: the program, its weights and data sets. */
final class ModelInputs {
    @picocli.CommandLine.Mixin
    ProgramOptions source;

    @Option(names = "--train", required = true, paramLabel = "FILE", description = "Training set: scales are chosen on it.")
    Path train;

    @Option(names = "--test", required = true, paramLabel = "FILE",
            description = "Test set: accuracy is reported on it (bench runs its first examples on the device).")
    Path test;

    @Option(names = "--validation", paramLabel = "FILE",
            description = "Rows the model was not trained on (as --train): shiftry chooses on every training row and"
                    + " accepts its program on these (default: on every fourth training row, held out from the choice).")
    Path validation;

    @Option(names = "--labels", defaultValue = "1", paramLabel = "N", description = "Label columns (default ${DEFAULT-VALUE}).")
    int labels;

    @Option(names = "--jobs", paramLabel = "N", description = "Threads (default: all cores).")
    Integer jobs;

    /** The threads to use; a user error if --jobs is below 1. */
    int threads() {
        return Choices.jobs(jobs);
    }

    /** The user's input files (never written over). */
    List<Path> files() {
        List<Path> files = new ArrayList<>(source.files());
        files.add(train);
        files.add(test);
        if (validation != null) {
            files.add(validation);
        }
        return files;
    }

    /** Where the pipeline reads the model and data from: the front end this command line chose. */
    ModelSource modelSource() {
        return new ModelSource(source::load, source.modelDir, train, validation, test, labels, source::at,
                source::readAsClasses);
    }
}
