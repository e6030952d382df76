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
        Path v = validationSet();
        if (v != null) {
            files.add(v);
        }
        return files;
    }

    /**
     * The rows shiftry accepts on: --validation, else a validation set beside the training set (null: none, the search
     * holds out a quarter of the training rows). Rows the training read sit farther from the model's decision
     * boundaries than new ones and show less of a program's damage (BENCHMARKS.md "Held-out acceptance"); a trainer
     * that keeps a split the model never saw writes it there, and the defaults use it.
     */
    Path validationSet() {
        return data.validation != null ? data.validation : beside(train);
    }

    /** What compile and bench say when they accept on the validation set beside the training set (else empty). */
    java.util.Optional<String> besideNote() {
        return data.validation != null || beside(train) == null ? java.util.Optional.empty()
                : java.util.Optional.of("validation rows: " + beside(train) + " (beside --train, rows the model was not"
                        + " trained on; shiftry accepts its program on them; --validation FILE names others)");
    }

    /** validation.EXT in {@code train}'s folder, EXT {@code train}'s extension, when it exists and is not train. */
    static Path beside(Path train) {
        String name = train.getFileName().toString();
        int dot = name.lastIndexOf('.');
        Path v = train.resolveSibling("validation" + (dot < 0 ? "" : name.substring(dot)));
        return !v.getFileName().toString().equals(name) && java.nio.file.Files.isRegularFile(v) ? v : null;
    }

    /** Where the pipeline reads the model and data from: the front end this command line chose. */
    ModelSource modelSource() {
        return new ModelSource(source::load, source.modelDir, train, validationSet(), test, data.labels, source::at,
                source::readAsClasses);
    }
}
