package seedc.cli;

import seedc.driver.Encoding;
import seedc.driver.DataInputs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.diag.Warning;
import seedc.driver.Compilation;
import seedc.driver.InputChecks;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.io.DataSet;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs a model on a data set (in floating point, or in the fixed point of a compiled report) "
                + "and prints its accuracy.")
final class RunCommand implements Callable<Integer> {
    @Mixin
    ProgramOptions source;

    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "Data set (.npy, .csv or .tsv), label(s) first; required.")
    Path data;

    @Option(names = "--config", paramLabel = "REPORT.json",
            description = "report.json of 'seedc compile' (for --encoding fixed; not set: the float model runs).")
    Path config;

    @Option(names = "--encoding", paramLabel = "float|fixed",
            description = "float: the reference interpreter; fixed: the bit-exact fixed-point program of --config"
                    + " (default: fixed with --config, else float).")
    String encoding;

    @ArgGroup(exclusive = false, heading = HelpSections.DATA, order = HelpSections.DATA_ORDER)
    DataOptions dataOptions = new DataOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.OUTPUT, order = HelpSections.OUTPUT_ORDER)
    Output output = new Output();

    /** What run writes besides the accuracy, and how it shows its progress. */
    static final class Output extends ProgressOption {
        @Option(names = "--predictions", paramLabel = "FILE",
                description = "Write one prediction (or output row) per line (not set: only the accuracy is printed).")
        Path predictions;
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (output.predictions != null) {
            OutputFile.target(output.predictions); // a device or FIFO is refused before the run, not after it
        }
        Encoding enc = encoding != null ? Choices.encoding(encoding)
                : config != null ? Encoding.FIXED : Encoding.FLOAT;
        if (enc == Encoding.FLOAT && config != null) {
            throw UserError.of("--config gives a fixed-point program: use it with --encoding fixed (or leave"
                    + " --encoding out)");
        }
        if (dataOptions.labels < 1) {
            throw UserError.of("--labels must be at least 1");
        }
        int threads = dataOptions.threads();
        boolean progress = output.show();
        FloatModel model;
        DataSet ds;
        try (Progress bar = Progress.start(progress, "load", 2)) { // the program and weights, then the data set
            model = source.load(spec.commandLine().getErr());
            bar.step();
            ds = DataInputs.load(model.program(), data, dataOptions.labels);
            bar.step();
        }
        model = source.readAsClasses(model, List.of(ds), spec.commandLine().getErr()).model();
        List<Warning> warnings = new ArrayList<>(source.modelDir == null ? List.of()
                : InputChecks.parameters(model, source.modelDir));
        warnings.addAll(InputChecks.labels(model.program(), data, ds));
        warnings.forEach(w -> spec.commandLine().getErr().println(w.text()));
        Result[] results;
        try (Progress bar = Progress.start(progress, "run", ds.size())) {
            results = switch (enc) {
                case FLOAT -> Compilation.floatRun(model, ds, threads, bar);
                case FIXED -> FixedRun.run(model, ds, config, threads, bar);
            };
        }
        PrintWriter out = spec.commandLine().getOut();
        if (model.program().result().isInt()) {
            out.println((enc == Encoding.FLOAT ? "float" : "fixed-point") + " accuracy: "
                    + Evaluation.accuracy(ds, results));
        } else {
            out.println("outputs: " + results.length + " examples of " + model.program().result().shape());
        }
        if (output.predictions != null) {
            writePredictions(model, results);
        }
        return 0;
    }

    private void writePredictions(FloatModel model, Result[] results) {
        StringBuilder sb = new StringBuilder();
        for (Result r : results) {
            if (r.isLabel()) {
                sb.append(r.label());
            } else {
                for (int i = 0; i < r.output().length; i++) {
                    sb.append(i > 0 ? " " : "").append(r.output()[i]);
                }
            }
            sb.append('\n');
        }
        List<Path> inputs = new ArrayList<>(Arrays.asList(source.program, data, config));
        if (source.modelDir != null) {
            model.program().params().forEach(p -> inputs.add(source.modelDir.resolve(p.name() + ".npy")));
        }
        OutputFile.write(output.predictions, sb.toString(), inputs);
    }
}
