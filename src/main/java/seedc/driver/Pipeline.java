package seedc.driver;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.Backend;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.WeightStorage;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.diag.Warning;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.report.DeviceUse;
import seedc.report.Report;
import seedc.search.Metric;
import seedc.search.SeeDotStrategy;
import seedc.search.SearchWork;

/**
 * The end of every command that compiles a model ('seedc compile', 'seedc bench', 'seedc demo'): {@link #load} the
 * model and data sets, then {@link #compile}: rewrite the model, search its fixed-point program, emit it with a
 * backend (or leave that to the benchmark) and write report.json.
 */
public final class Pipeline {
    private Pipeline() {}

    /**
     * The model and both data sets, loaded and checked (InputChecks), how long that took, and the number of classes
     * the model's output scores were read as (ScoreClasses; 0: none, the model is compiled as written).
     */
    public record Loaded(FloatModel model, DataSet train, DataSet validation, DataSet test,
                         List<Report.StageTime> times, int scoreClasses) {}

    /**
     * The search's settings (Compilation.Options but for its flash limits, which depend on the rewritten model):
     * {@code maxOutputError} null for no proven bound; {@code design} the FPGA design the cost model plans when the
     * request emits none (a bench's: it builds its own designs), null for the backend's defaults; {@code select}:
     * shiftry's program chosen among its rivals by the device's cycles ({@code --select measured}; null: by the
     * cycle model).
     */
    public record Search(Strategy strategy, int bitwidth, Metric metric, int jobs, boolean progress, Backend target,
                         double maxAccuracyDrop, List<SeeDotStrategy.Products> products, double maxScoreError,
                         RangeMode ranges, Double maxOutputError, boolean frontier, EmitOptions design,
                         MeasuredSelection.Request select) {
        Compilation.Options options(FlashLimits.Limits limits) {
            return new Compilation.Options(strategy, bitwidth, metric, jobs, progress, target, maxAccuracyDrop,
                    limits.stageFour(), products, maxScoreError, limits.device(), ranges)
                    .withMaxOutputError(maxOutputError).withFrontier(frontier).withDeviceRam(limits.ram());
        }
    }

    /**
     * How to compile a loaded model: its rewrites, the search, where its flash limits come from, the parameters'
     * storage as asked (null: auto, packed when the weights lie on a smaller storage) and how to emit it (null: not
     * here; the benchmark builds its own firmware and designs).
     */
    public record Request(Rewrites rewrites, Search search, FlashLimits limits, WeightStorage storage,
                          Emission emit) {}

    /**
     * A compiled model: the model the search compiled (rewritten), its fixed program, the report (written to
     * report.json), the parameters' storage, what the backend wrote (null when the request did not emit), the --pareto
     * programs and the search's frontier as it saw it (report.html's; empty for seedot's search).
     */
    public record Compiled(FloatModel compiled, FixedProgram fixed, Report report, WeightStorage storage,
                           Emitted written, List<Frontier> frontier, List<Compilation.SearchPoint> searchFrontier) {}

    /**
     * A program of the search's frontier (--pareto) and the file {@code seedc run --encoding fixed --config} runs it
     * from ({@code pareto/program-K.json} in the output folder).
     */
    public record Frontier(Compilation.FrontierRow row, Path config) {}

    /**
     * Reads the program, its weights and both data sets, under one bar (a large CSV takes seconds to parse), and
     * checks them; prints the warnings on {@code err}. Under {@code --ranges sound} a parameter outside its declared
     * range is an error: a guarantee about declared ranges cannot rest on a declaration the weights contradict.
     */
    public static Loaded load(ModelSource source, RangeMode ranges, boolean progress, PrintWriter err) {
        Stopwatch loading = new Stopwatch();
        FloatModel model;
        DataSet trainSet, testSet, validationSet;
        try (Progress bar = Progress.start(progress, "load", 3)) { // the program and weights, then each data set
            model = source.model().load(err);
            bar.step();
            trainSet = DataInputs.load(model.program(), source.train(), source.labels());
            bar.step();
            testSet = DataInputs.load(model.program(), source.test(), source.labels());
            validationSet = source.validation() == null ? null
                    : DataInputs.load(model.program(), source.validation(), source.labels());
            bar.step();
        }
        ScoreClasses.Read read = source.classes().read(model, java.util.Arrays.asList(trainSet, validationSet, testSet),
                err);
        model = read.model();
        List<Warning> warnings = new ArrayList<>(source.modelDir() == null ? List.of()
                : InputChecks.parameters(model, source.modelDir()));
        if (ranges == RangeMode.SOUND && !warnings.isEmpty()) {
            Warning w = warnings.getFirst();
            throw new UserError(w.where() + ": error: " + w.message() + " (--ranges sound: correct the"
                    + " declaration)");
        }
        warnings.addAll(InputChecks.training(source.train(), trainSet));
        warnings.addAll(InputChecks.labels(model.program(), source.train(), trainSet));
        warnings.addAll(InputChecks.labels(model.program(), source.test(), testSet));
        if (validationSet != null) {
            warnings.addAll(InputChecks.labels(model.program(), source.validation(), validationSet));
        }
        warnings.forEach(w -> err.println(w.text()));
        loading.lap("load");
        return new Loaded(model, trainSet, validationSet, testSet, loading.laps(), read.classes());
    }

    /** The rows of {@code d}, 0 when there is none (no validation set). */
    private static int rows(DataSet d) {
        return d == null ? 0 : d.size();
    }

    /**
     * Rewrites, searches and (when asked) emits into {@code dir}; writes report.json there. A benchmark's report holds
     * the compile's own stages; an emitting compile's is framed by the load and the emit.
     */
    public static Compiled compile(ModelSource source, Loaded loaded, Request request, Path dir) throws IOException {
        Search search = request.search();
        Program program = loaded.model().program(); // before any work: a search of days is refused, with figures
        SearchWork.excess(program, search.strategy(), loaded.train().size(), rows(loaded.validation())
                + rows(loaded.test())).ifPresent(e -> {
            throw source.at().at(program.result().pos(), e.message());
        });
        Rewrites.Rewritten rewritten = request.rewrites().apply(loaded.model(), loaded.train(), loaded.test(),
                search.jobs());
        FloatModel compiled = rewritten.model();
        // the flash budgets count the parameters as they will be stored (auto: as known before the search)
        WeightStorage budgeted = storage(request.storage(), rewritten.how() != null, null);
        Compilation.Outcome outcome = compile(source, compiled, loaded, search.options(
                request.limits().of(search.target(), compiled, budgeted))
                .withDesign(request.emit() == null ? search.design() : request.emit().options())
                .withSelect(measuring(search, request, rewritten, loaded)));
        WeightStorage stored = storage(request.storage(), rewritten.how() != null,
                outcome.report().program().parameterStorage());
        Report report = outcome.report();
        if (loaded.scoreClasses() > 0) {
            report = report.withScoresAsClasses(new Report.ScoresAsClasses(loaded.scoreClasses(),
                    outcome.scoresError()));
        }
        Emitted written = null;
        if (request.emit() != null) {
            Stopwatch emitting = new Stopwatch();
            written = request.emit().write(outcome.fixed(), loaded.model(), compiled, loaded.test(), stored,
                    search.progress(), dir);
            emitting.lap("emit");
            report = framed(report, loaded.times(), emitting.laps());
        }
        if (rewritten.how() != null) {
            report = report.withQuantizedWeights(rewritten.how());
        }
        report = report.withModelDigest(loaded.model().digest());
        // without a device (x86) only for the products on bit planes: which kernel and words each got
        if (written != null && (written.device() != null || written.memoryPlan() != null
                && written.memoryPlan().lowBitProducts() != null)) {
            report = report.withDeviceUse(DeviceUse.of(written));
        }
        report.write(dir.resolve("report.json"));
        List<Frontier> frontier = frontier(outcome.frontier(), report, dir);
        if (request.emit() != null && request.emit().emitIr()) {
            Files.writeString(dir.resolve("program.ir"), outcome.fixed().irText());
            seedc.report.ProgramJson.write(outcome.fixed(), dir.resolve("program.json"));
        }
        return new Compiled(compiled, outcome.fixed(), report, stored, written, frontier, outcome.searchFrontier());
    }

    /**
     * How --select measured measures a program (null when not asked): on the request's device, its parameters stored
     * as the emission would store them were it chosen, with its accuracy on the test set beside.
     */
    private static MeasuredSelection.Measuring measuring(Search search, Request request, Rewrites.Rewritten rewritten,
                                                         Loaded loaded) {
        MeasuredSelection.Request select = search.select();
        if (select == null) {
            return null;
        }
        FloatModel compiled = rewritten.model();
        boolean label = compiled.program().result().isInt();
        return new MeasuredSelection.Measuring(select.device().name(), select.examples(), (program, rank) -> {
            WeightStorage stored = storage(request.storage(), rewritten.how() != null,
                    ChosenValues.parameterStorage(compiled, program));
            MeasuredSelection.Cycles c = select.device().run(program, compiled, stored, loaded.test(),
                    select.examples(), rank);
            Double test = label ? seedc.eval.Evaluation.accuracy(loaded.test(), seedc.search.Candidate.run(program,
                    compiled, loaded.test(), search.jobs())).percent() : null;
            return new MeasuredSelection.Measured(c.mean(), c.agrees(), test);
        });
    }

    /** Writes each frontier program's run configuration into {@code dir}/pareto. */
    private static List<Frontier> frontier(List<Compilation.FrontierRow> rows, Report report, Path dir)
            throws IOException {
        if (rows.isEmpty()) {
            return List.of();
        }
        Path folder = Files.createDirectories(dir.resolve("pareto"));
        List<Frontier> out = new ArrayList<>();
        for (Compilation.FrontierRow row : rows) {
            Path config = folder.resolve("program-" + (out.size() + 1) + ".json");
            report.writeRunConfig(config, row.program());
            out.add(new Frontier(row, config));
        }
        return out;
    }

    /** {@link Compilation#compile}, a value --ranges sound cannot bound reported at its place in the program. */
    private static Compilation.Outcome compile(ModelSource source, FloatModel compiled, Loaded loaded,
                                               Compilation.Options options) {
        try {
            return Compilation.compile(compiled, loaded.train(), loaded.validation(), loaded.test(), options);
        } catch (UnprovenRange e) {
            throw source.at().at(e.unproven().value().pos(), e.explanation());
        } catch (NonFiniteValue e) {
            throw source.at().at(e.value().pos(), e.explanation());
        }
    }

    /**
     * The storage of parameters: as asked, or for auto packed when weights were quantized or some parameter already
     * lies on a smaller storage ({@code onGrids}).
     */
    public static WeightStorage storage(WeightStorage asked, boolean quantized, List<Report.ParameterStorage> onGrids) {
        if (asked != null) {
            return asked;
        }
        return quantized || onGrids != null && !onGrids.isEmpty() ? WeightStorage.PACKED : WeightStorage.DENSE;
    }

    /** The compile's stage times framed by the front end's load and the backend's emit. */
    private static Report framed(Report r, List<Report.StageTime> load, List<Report.StageTime> emit) {
        List<Report.StageTime> all = new ArrayList<>(load);
        all.addAll(r.stages());
        all.addAll(emit);
        return r.withStages(all);
    }
}
