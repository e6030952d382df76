package seedc.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import seedc.driver.ModelSource;

/** The options every command that compiles a model shares: the program, its weights and data sets. */
final class ModelInputs {
    @picocli.CommandLine.Mixin
    ProgramOptions source;

    @Option(names = "--train", required = true, paramLabel = "FILE",
            description = "Training set (.npy, .csv or .tsv, label(s) first): scales are chosen on it; required.")
    Path train;

    @Option(names = "--test", required = true, paramLabel = "FILE",
            description = "Test set: accuracy is reported on it (bench runs its first examples on the device);"
                    + " required.")
    Path test;

    @ArgGroup(exclusive = false, heading = HelpSections.DATA, order = HelpSections.DATA_ORDER)
    DataOptions.WithValidation data = new DataOptions.WithValidation();

    /** The threads to use; a user error if --jobs is below 1. */
    int threads() {
        return data.threads();
    }

    /** The user's input files (never written over). */
    List<Path> files() {
        List<Path> files = new ArrayList<>(source.files());
        files.add(train);
        files.add(test);
        if (data.validation != null) {
            files.add(data.validation);
        }
        return files;
    }

    /** Where the pipeline reads the model and data from: the front end this command line chose. */
    ModelSource modelSource() {
        return new ModelSource(source::load, source.modelDir, train, data.validation, test, data.labels, source::at,
                source::readAsClasses);
    }
}
