package seedc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.driver.Emission;
import seedc.driver.Encoding;
import seedc.driver.FlashLimits;
import seedc.driver.ModelSource;
import seedc.driver.Pipeline;
import seedc.fixed.Strategy;
import seedc.search.SeeDotStrategy;
import java.util.List;
import seedc.diag.UserError;
import seedc.report.Report;
import seedc.report.ReportWarnings;
import seedc.report.TextReport;
import seedc.diag.Warning;
import seedc.search.Metric;

@Command(name = "compile", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compiles a model to fixed-point code, choosing scales on the training set.",
        footer = {"", "shiftry demotes values to 8 bits, least damaging first, and stops either",
                "  by accuracy (default): while training accuracy stays within",
                "    --max-accuracy-drop of float, for the fastest code, or",
                "  by size (--fit or --flash-budget): once the model fits, for the most",
                "    accurate code that fits."})
final class CompileCommand implements Callable<Integer> {
    @Mixin
    ModelInputs in;

    @Option(names = "--target", defaultValue = "x86", paramLabel = "TARGET", description = "x86 (default), arduino (sketch folder for the Uno), cortex-m, hls (C for Vitis HLS"
            + " with SeeDot's unroll hints, for --device arty-a7-35t), or fpga (a Verilog dataflow design for"
            + " --device arty-a7-35t or ice40-up5k, with make sim and make synth).")
    String target;

    @Option(names = "--device", paramLabel = "DEV",
            description = "uno (2048 B RAM, 32768 B flash), mkr1000 (32 KB, 256 KB), arty-a7-35t (an FPGA:"
                    + " 20,800 LUTs, 225 KB of block RAM), ice40-up5k (5,280 LUTs, 8 DSPs; fpga only) or RAM:FLASH in"
                    + " bytes; default: uno for arduino, mkr1000 for cortex-m, arty-a7-35t for hls and fpga, none"
                    + " for x86.")
    String device;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory: new, empty, or an"
            + " earlier seedc output (replaced as a whole); required.")
    Path out;

    @Mixin
    PackageOption packaging;

    @Mixin
    AccuracyLimit accuracy;

    @ArgGroup(exclusive = false, heading = HelpSections.SEARCH, order = HelpSections.SEARCH_ORDER)
    CompileSearchOptions searchOptions = new CompileSearchOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.PRECISION, order = HelpSections.PRECISION_ORDER)
    PrecisionOptions precision = new PrecisionOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.STORAGE, order = HelpSections.STORAGE_ORDER)
    StorageOptions storage = new StorageOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.FPGA, order = HelpSections.FPGA_ORDER)
    FpgaOptions fpga = new FpgaOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.OUTPUT, order = HelpSections.OUTPUT_ORDER)
    Output output = new Output();

    /** What compile writes besides the code, and how it shows its progress. */
    static final class Output extends ProgressOption {
        @Option(names = "--encoding", defaultValue = "fixed", paramLabel = "fixed|float",
                description = "fixed (default) or float: the same model in plain float C, the baseline of speedups.")
        String encoding;

        @Option(names = "--pareto", paramLabel = "FILE.csv",
                description = "shiftry: also write the programs the search ran that lie on the accuracy/cycles/flash"
                        + " frontier, with their accuracy on the rows that chose, the held-out rows and the test set,"
                        + " their modelled cycles and flash; each row's program is in OUT/pareto for 'seedc run"
                        + " --config' (not set: no frontier written).")
        Path pareto;

        @Option(names = "--emit-ir", description = "Also write OUT/program.ir: the IR with every value's fixed type,"
                + " and OUT/program.json, the same as data (scripts/oracle/README.md; not set: neither).")
        boolean emitIr;
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /**
     * How stage IV stops: --fit (the flash of {@code dev}, else the target's default device), --flash-budget (the
     * parameters') or --max-accuracy-drop.
     */
    private void checkDemotionMode(Device dev) {
        checkPrecisionMode();
        if (!searchOptions.fit && searchOptions.flashBudget == null) {
            return;
        }
        String mode = searchOptions.fit ? "--fit" : "--flash-budget";
        if (Choices.strategy(searchOptions.strategy) != Strategy.SHIFTRY) {
            throw UserError.of("" + mode + " applies to --strategy shiftry only");
        }
        if (searchOptions.fit && searchOptions.flashBudget != null) {
            throw UserError.of("give --fit (the device's flash) or --flash-budget (the parameters'),"
                    + " not both");
        }
        if (accuracy.given != null) {
            throw UserError.of("" + mode + " demotes until the model fits, --max-accuracy-drop while the"
                    + " accuracy allows: give one of them");
        }
        if (searchOptions.flashBudget != null) {
            Choices.flashBudget(searchOptions.flashBudget);
        }
        Device fitted = dev != null ? dev : Choices.target(target).defaultDevice();
        if (searchOptions.fit && fitted == null) {
            throw UserError.of("--fit needs a device: give --device (uno, mkr1000 or RAM:FLASH) or"
                    + " --target arduino or cortex-m");
        }
        if (searchOptions.fit && fitted.fabric() != null) {
            throw UserError.of("--fit fits a microcontroller's flash; an FPGA design is planned to fit " + fitted.name()
                    + "'s logic whatever the widths (give --device uno, mkr1000 or RAM:FLASH, or leave --fit out)");
        }
    }

    /** Says so when even the program before stage IV has a larger proven bound than --max-output-error. */
    private void unmetBound(Report report, seedc.ir.Value scores) {
        if (searchOptions.maxOutputError == null || scores == null) {
            return;
        }
        report.program().values().stream().filter(v -> v.name().equals(scores.name()) && v.errorBound() != null
                && v.errorBound() > searchOptions.maxOutputError).findFirst().ifPresent(v -> spec.commandLine().getErr().println(
                new Warning(String.format(java.util.Locale.ROOT, "no program meets --max-output-error %s: with no"
                        + " value demoted the proven bound on '%s' is %.4g, so none was (the bound holds for every"
                        + " input in the declared range: a narrower declared range tightens it)",
                        searchOptions.maxOutputError, v.name(), v.errorBound())).text()));
    }

    /** --max-output-error: shiftry's stage IV stopped by a proven bound, which needs sound ranges. */
    private void checkPrecisionMode() {
        if (searchOptions.maxOutputError == null) {
            return;
        }
        if (!(searchOptions.maxOutputError > 0) || searchOptions.maxOutputError.isInfinite()) {
            throw UserError.of("--max-output-error must be a positive number, not " + searchOptions.maxOutputError);
        }
        if (Choices.strategy(searchOptions.strategy) != Strategy.SHIFTRY) {
            throw UserError.of("--max-output-error applies to --strategy shiftry only");
        }
        if (searchOptions.fit || searchOptions.flashBudget != null || accuracy.given != null) {
            throw UserError.of("--max-output-error demotes while the proven bound allows; --max-accuracy-drop, --fit"
                    + " and --flash-budget stop the demotion otherwise: give one of them");
        }
        if (precision.ranges() != seedc.driver.RangeMode.SOUND) {
            throw UserError.of("--max-output-error needs --ranges sound: the bound holds only for a program that no"
                    + " input inside the declared range can make wrap");
        }
    }

    /**
     * A folder the target's tools would not open (an Arduino sketch folder must be named as its sketch); a note when
     * the target names its files otherwise than the folder (an Arduino library's name).
     */
    private void checkOutputFolder(Backend tgt) {
        String problem = tgt.outputFolderProblem(out);
        if (problem != null) {
            throw UserError.inFile(out, problem);
        }
        String note = tgt.outputFolderNote(out);
        if (note != null) {
            spec.commandLine().getErr().println(out + ": note: " + note);
        }
    }

    @Override
    public Integer call() throws IOException {
        compile();
        return 0;
    }

    /** Checks the options, compiles into --out, prints the report's text and warnings; 'seedc demo' runs it too. */
    Report compile() throws IOException {
        Choices.bitwidth(searchOptions.bitwidth);
        Strategy strat = Choices.strategy(searchOptions.strategy);
        Backend tgt = Choices.target(target);
        List<SeeDotStrategy.Products> prod = precision.products(searchOptions.bitwidth, tgt.widths());
        Metric m = Choices.metric(searchOptions.metric);
        Encoding enc = Choices.encoding(output.encoding);
        tgt = packaging.backend(tgt, enc);
        Device dev = device == null ? null : Choices.device(device);
        Choices.fpgaStrategy(fpga.strategy);
        Choices.fpgaDivider(fpga.divider);
        Choices.fpgaBuffers(fpga.buffers, dev);
        if (fpga.dsps != null && fpga.dsps < 0) {
            throw UserError.of("--fpga-dsps must be 0 or more, not " + fpga.dsps);
        }
        if (fpga.utilization != null && (fpga.utilization < 1 || fpga.utilization > 100)) {
            throw UserError.of("--fpga-utilization must be a percentage from 1 to 100, not " + fpga.utilization);
        }
        checkDemotionMode(dev);
        storage.check(tgt);
        if (enc == Encoding.FLOAT && storage.spec() != null) {
            throw UserError.of("--weight-bits, --codebook and --power-of-two-weights quantize the fixed-point program's"
                    + " weights; --encoding"
                    + " float builds the model as trained");
        }
        checkOutputFolder(tgt);
        String deviceProblem = tgt.deviceProblem(dev);
        if (deviceProblem != null) {
            throw UserError.of(deviceProblem);
        }
        in.threads();
        if (accuracy.given != null) {
            accuracy.points();
        }
        UnusedOptions.of(spec.commandLine().getParseResult(), strat, tgt.id())
                .forEach(w -> spec.commandLine().getErr().println(new Warning(w).text()));
        boolean progress = output.show();
        if (output.pareto != null && strat != Strategy.SHIFTRY) {
            throw UserError.of("--pareto lists the frontier of shiftry's search; seedot's maxscale sweep is in"
                    + " report.json (maxscaleSweep)");
        }
        if (output.pareto != null) {
            OutputFile.target(output.pareto); // a device or FIFO is refused before the search, not after it
        }
        SimavrSelect.Asked select = SimavrSelect.of(searchOptions, spec.commandLine().getParseResult(), strat, tgt,
                dev, storage);
        Report report;
        Pipeline.Compiled compiled;
        Path staged;
        try (OutputFolder folder = OutputFolder.open(out, in.files(), spec.commandLine().getErr())) {
            // --select measured's builds apart from the output (an Arduino sketch folder holds the sketch only)
            Backend packaged = tgt;
            compiled = SimavrSelect.inTemporaryFolder(select,
                    request -> compileInto(folder.dir(), strat, packaged, prod, m, enc, dev, progress, request));
            report = compiled.report();
            String text = TextReport.render(report);
            Files.writeString(folder.dir().resolve("report.txt"), text);
            HtmlPages.write(folder.dir(), HtmlPages.of("compile", in.source.program, compiled));
            staged = output.pareto == null ? null : folder.staged(output.pareto);
            if (staged != null) { // inside --out: written with the folder, so that its marker lists it as seedc's
                OutputFile.write(staged, ParetoCsv.text(compiled.frontier(), out, List.of()), in.files());
            }
            folder.commit();
            spec.commandLine().getOut().print(text);
            PrintWriter err = spec.commandLine().getErr();
            ReportWarnings.all(report).forEach(w -> err.println(new Warning(w).text()));
        }
        spec.commandLine().getOut().println("wrote " + out);
        if (output.pareto != null) {
            if (staged == null) {
                OutputFile.write(output.pareto, ParetoCsv.text(compiled.frontier(), out, List.of()), in.files());
            }
            spec.commandLine().getOut().println("wrote " + output.pareto + ": " + compiled.frontier().size()
                    + " program(s) on the frontier");
        }
        return report;
    }

    /** Loads, compiles and emits into {@code dir} (the driver's pipeline); report.json (and program.ir, .json) there. */
    private Pipeline.Compiled compileInto(Path dir, Strategy strat, Backend tgt, List<SeeDotStrategy.Products> prod,
                                          Metric m, Encoding enc, Device dev, boolean progress,
                                          seedc.driver.MeasuredSelection.Request select) throws IOException {
        ModelSource source = in.modelSource();
        in.besideNote().ifPresent(spec.commandLine().getOut()::println);
        Pipeline.Loaded loaded = Pipeline.load(source, precision.ranges(), progress, spec.commandLine().getErr());
        Pipeline.Search search = new Pipeline.Search(strat, searchOptions.bitwidth, m, in.threads(), progress, tgt,
                accuracy.points(), prod, precision.maxScoreError, precision.ranges(), searchOptions.maxOutputError,
                output.pareto != null, null, select); // the design: the emission's
        EmitOptions emit = EmitOptions.on(dev).withFpgaStrategy(Choices.fpgaStrategy(fpga.strategy))
                .withFpgaDivider(Choices.fpgaDivider(fpga.divider))
                .withFpgaBuffers(Choices.fpgaBuffers(fpga.buffers, dev))
                .withFpgaDsps(fpga.dsps).withFpgaUtilization(fpga.utilization).withBitSerial(storage.bitSerial())
                .withBitLayout(storage.bitLayout());
        Pipeline.Compiled compiled = Pipeline.compile(source, loaded, new Pipeline.Request(precision.rewrites(storage),
                search, new FlashLimits.Demotion(searchOptions.flashBudget, searchOptions.fit, dev), storage.asked(),
                new Emission(enc, tgt, emit, output.emitIr)), dir);
        unmetBound(compiled.report(), compiled.compiled().program().decisionScores());
        return compiled;
    }
}
