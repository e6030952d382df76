package seedc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.diag.Warning;
import seedc.driver.DataInputs;
import seedc.driver.InputChecks;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.driver.Compilation;
import picocli.CommandLine.Option;
import seedc.diag.Progress;

/** The options every command that compiles a model shares: the program, its weights and data sets. */
final class ModelInputs {
    @picocli.CommandLine.Mixin
    ProgramOptions source;

    @Option(names = "--train", required = true, paramLabel = "FILE", description = "Training set: scales are chosen on it.")
    Path train;

    @Option(names = "--test", required = true, paramLabel = "FILE",
            description = "Test set: accuracy is reported on it (bench runs its first examples on the device).")
    Path test;

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
        return files;
    }

    /** The model and both data sets, loaded and checked (InputChecks). */
    record Loaded(FloatModel model, DataSet train, DataSet test) {}

    /**
     * Reads the program, its weights and both data sets, under one bar (a large CSV takes seconds to parse), and
     * checks them; prints the warnings on {@code err}.
     */
    Loaded load(boolean progress, PrintWriter err) {
        return load(progress, err, seedc.driver.RangeMode.PROFILED);
    }

    /**
     * As {@link #load(boolean, PrintWriter)}; under {@code --ranges sound} a parameter outside its declared range is
     * an error: a guarantee about declared ranges cannot rest on a declaration the weights contradict.
     */
    Loaded load(boolean progress, PrintWriter err, seedc.driver.RangeMode ranges) {
        FloatModel model;
        DataSet trainSet, testSet;
        try (Progress bar = Progress.start(progress, "load", 3)) { // the program and weights, then each data set
            model = source.load(err);
            bar.step();
            trainSet = DataInputs.load(model.program(), train, labels);
            bar.step();
            testSet = DataInputs.load(model.program(), test, labels);
            bar.step();
        }
        List<Warning> warnings = new ArrayList<>(source.modelDir == null ? List.of()
                : InputChecks.parameters(model, source.modelDir));
        if (ranges == seedc.driver.RangeMode.SOUND && !warnings.isEmpty()) {
            Warning w = warnings.getFirst();
            throw new seedc.diag.UserError(w.where() + ": error: " + w.message() + " (--ranges sound: correct the"
                    + " declaration)");
        }
        warnings.addAll(InputChecks.training(train, trainSet));
        warnings.addAll(InputChecks.labels(model.program(), train, trainSet));
        warnings.addAll(InputChecks.labels(model.program(), test, testSet));
        warnings.forEach(w -> err.println(w.text()));
        return new Loaded(model, trainSet, testSet);
    }

    /** {@link Compilation#compile}, a value --ranges sound cannot bound reported at its place in the program. */
    Compilation.Outcome compile(FloatModel model, DataSet train, DataSet test, Compilation.Options options) {
        try {
            return Compilation.compile(model, train, test, options);
        } catch (seedc.driver.UnprovenRange e) {
            throw source.at(e.unproven().value().pos(), e.explanation());
        }
    }
}
