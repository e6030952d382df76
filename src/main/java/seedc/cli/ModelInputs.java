package seedc.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import seedc.diag.Progress;
import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/** The options every command that compiles a model shares: the program, its weights and data sets. */
final class ModelInputs {
    @Parameters(index = "0", paramLabel = "PROGRAM.sd", description = "The SeeDot program.")
    Path program;

    @Option(names = "--model", required = true, paramLabel = "DIR", description = "Directory with one .npy per parameter.")
    Path modelDir;

    @Option(names = "--train", required = true, paramLabel = "FILE", description = "Training set: scales are chosen on it.")
    Path train;

    @Option(names = "--test", required = true, paramLabel = "FILE",
            description = "Test set: accuracy is reported on it (bench runs its first examples on the device).")
    Path test;

    @Option(names = "--labels", defaultValue = "1", paramLabel = "N", description = "Label columns (default ${DEFAULT-VALUE}).")
    int labels;

    @Option(names = "--jobs", paramLabel = "N", description = "Threads (default: all cores).")
    Integer jobs;

    int threads() {
        return jobs == null ? Runtime.getRuntime().availableProcessors() : Math.max(1, jobs);
    }

    /** The model and both data sets. */
    record Loaded(FloatModel model, DataSet train, DataSet test) {}

    /** Reads the program, its weights and both data sets, under one bar (a large CSV takes seconds to parse). */
    Loaded load(boolean progress) {
        try (Progress bar = Progress.start(progress, "load", 3)) { // the program and weights, then each data set
            FloatModel model = SeeDotFrontEnd.load(program, modelDir);
            bar.step();
            DataSet trainSet = DataInputs.load(model.program(), train, labels);
            bar.step();
            DataSet testSet = DataInputs.load(model.program(), test, labels);
            bar.step();
            return new Loaded(model, trainSet, testSet);
        }
    }
}
