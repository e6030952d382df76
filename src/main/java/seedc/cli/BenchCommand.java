package seedc.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaDesignReport;
import seedc.bench.AvrToolchain;
import seedc.bench.BenchJson;
import seedc.bench.FpgaBench;
import seedc.bench.MacCount;
import seedc.bench.ModelBench;
import seedc.bench.TargetBench;
import seedc.bench.UnoBench;
import seedc.codegen.c.CBackend;
import seedc.codegen.verilog.FpgaBackend;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.diag.Warning;
import seedc.driver.FlashLimits;
import seedc.driver.ModelSource;
import seedc.driver.Pipeline;
import seedc.fixed.QuantizedModel;
import seedc.fixed.Strategy;
import seedc.report.SearchSummary;
import seedc.report.html.ReportPages;
import seedc.search.Metric;
import seedc.search.SeeDotStrategy;

@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compiles a model and measures it on a device: the Arduino Uno under simavr (the default), the"
                + " Cortex-M0+ under Unicorn (--target cortex-m, --device mkr1000), x86 natively (--target x86) or an"
                + " FPGA design in Icarus Verilog with yosys and nextpnr (--device arty-a7-35t or ice40-up5k); it"
                + " reports cycles, flash, RAM and stack (an FPGA's LUTs, DSPs and block RAM), for the fixed-point and"
                + " the float build, and checks the device's predictions against the interpreter's.")
final class BenchCommand implements Callable<Integer> {
    @Mixin
    ModelInputs in;

    @Option(names = "--device", defaultValue = "uno", paramLabel = "DEV", description = "uno (the simulated ATmega328P;"
            + " default), mkr1000 (the Cortex-M0+ under Unicorn: --target cortex-m), or an FPGA, arty-a7-35t or"
            + " ice40-up5k: the three --fpga-strategy designs simulated by iverilog and synthesized by yosys (and"
            + " nextpnr for the iCE40).")
    String device;

    @Option(names = "--target", paramLabel = "T", description = "arduino (the Uno under simavr; the default),"
            + " cortex-m (the MKR1000's Cortex-M0+: arm-none-eabi-gcc -Os, cycles counted under Unicorn at the M0+'s"
            + " instruction timings; --device mkr1000 implies it) or x86 (this machine: gcc -O2, time stamp counter"
            + " ticks, the minimum of --reps runs).")
    String target;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Keep the builds (sketch, harnesses, ELFs) and bench.json here (default: a temporary directory).")
    Path out;

    @Mixin
    AccuracyLimit accuracy;

    @ArgGroup(exclusive = false, heading = HelpSections.SEARCH, order = HelpSections.SEARCH_ORDER)
    BenchSearchOptions searchOptions = new BenchSearchOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.PRECISION, order = HelpSections.PRECISION_ORDER)
    PrecisionOptions precision = new PrecisionOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.STORAGE, order = HelpSections.STORAGE_ORDER)
    StorageOptions storage = new StorageOptions();

    @ArgGroup(exclusive = false, heading = HelpSections.MEASUREMENT, order = HelpSections.MEASUREMENT_ORDER)
    BenchMeasurement measure = new BenchMeasurement();

    @ArgGroup(exclusive = false, heading = HelpSections.OUTPUT, order = HelpSections.OUTPUT_ORDER)
    Output output = new Output();

    /** What bench writes besides its table, and how it shows its progress. */
    static final class Output extends ProgressOption {
        @Option(names = "--pareto", paramLabel = "FILE.csv",
                description = "Uno, shiftry: also build and run each program on the search's accuracy/cycles/flash"
                        + " frontier and write them with their accuracies, modelled and measured cycles and flash"
                        + " (see compile --pareto; each program's configuration in the bench folder's pareto/; not"
                        + " set: no frontier measured).")
        Path pareto;
    }

    /** Where --pareto is written: the path given, or its place in the staging folder when it lies inside --out. */
    private Path paretoAt;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Device dev = Choices.device(device);
        TargetBench.Target cpu = CpuBenchTable.target(target, dev);
        dev = checkTarget(dev, cpu);
        if (measure.profile && dev.fabric() != null) {
            throw UserError.of("--profile measures the Uno (ATmega328P) under simavr; not " + dev.name());
        }
        if (output.pareto != null && (dev.fabric() != null || !"shiftry".equals(searchOptions.strategy))) {
            throw UserError.of("--pareto measures the frontier of shiftry's search on the Uno; not " + searchOptions.strategy
                    + " on " + dev.name());
        }
        if (output.pareto != null) {
            OutputFile.target(output.pareto); // a device or FIFO is refused before the search, not after it
        }
        if (measure.examples < 1) {
            throw UserError.of("--examples must be at least 1");
        }
        Choices.bitwidth(searchOptions.bitwidth);
        accuracy.points();
        checkFlashBudget(dev);
        in.threads();
        Strategy strat = Choices.strategy(searchOptions.strategy);
        Metric m = Choices.metric(searchOptions.metric);
        // the target measured: an FPGA's search plans the design of the default strategy (compile's for the device)
        Backend measured = cpu != null ? cpu.backend() : dev.fabric() != null ? FpgaBackend.INSTANCE : CBackend.ARDUINO;
        UnusedOptions.ofBench(spec.commandLine().getParseResult(), strat, measured.id())
                .forEach(w -> spec.commandLine().getErr().println(new Warning(w).text()));
        List<SeeDotStrategy.Products> products = precision.products(searchOptions.bitwidth, measured.widths());
        storage.check(measured);
        if (dev.fabric() == null && cpu == null) {
            AvrToolchain.find();
        }
        // its errors before the load, as the other options'
        SimavrSelect.Asked select = SimavrSelect.of(searchOptions, spec.commandLine().getParseResult(), strat,
                measured, dev, storage);
        boolean progress = output.show();
        ModelSource source = in.modelSource();
        in.besideNote().ifPresent(spec.commandLine().getOut()::println);
        Pipeline.Loaded loaded = Pipeline.load(source, precision.ranges(), progress, spec.commandLine().getErr());
        if (loaded.test().size() == 0) {
            throw UserError.inFile(in.test, "no examples");
        }
        boolean allEqual;
        Path work;
        try (OutputFolder folder = out == null ? null
                : OutputFolder.open(out, in.files(), spec.commandLine().getErr())) {
            work = folder != null ? folder.dir() : Files.createTempDirectory("seedc-bench-");
            Pipeline.Search search = new Pipeline.Search(strat, searchOptions.bitwidth, m, in.threads(), progress,
                    measured, accuracy.points(), products, precision.maxScoreError, precision.ranges(), null,
                    output.pareto != null, dev.fabric() != null ? EmitOptions.on(dev).withBitSerial(storage.bitSerial())
                            : null, select == null ? null : select.in(work.resolve("select")));
            Path staged = folder == null || output.pareto == null ? null : folder.staged(output.pareto);
            paretoAt = staged != null ? staged : output.pareto; // inside --out: written with it, or the commit would drop it
            allEqual = measure(work, source, loaded, search, dev, cpu);
            if (folder != null) {
                folder.commit(); // kept even when the device disagrees: the builds are what to look at then
                work = out;
            }
        }
        spec.commandLine().getOut().println("builds, bench.json and report.html in " + work);
        return allEqual ? 0 : 1;
    }

    /** --flash-budget: shiftry's stage IV stopped by the parameters' bytes, as compile's, on a microcontroller. */
    private void checkFlashBudget(Device dev) {
        if (searchOptions.flashBudget == null) {
            return;
        }
        if (Choices.strategy(searchOptions.strategy) != Strategy.SHIFTRY) {
            throw UserError.of("--flash-budget applies to --strategy shiftry only");
        }
        if (dev.fabric() != null) {
            throw UserError.of("--flash-budget stops the demotion by a microcontroller's parameter bytes; an FPGA"
                    + " design is planned to fit " + dev.name() + "'s logic whatever the widths");
        }
        if (accuracy.given != null) {
            throw UserError.of("--flash-budget demotes until the parameters fit, --max-accuracy-drop while the"
                    + " accuracy allows: give one of them");
        }
        Choices.flashBudget(searchOptions.flashBudget);
    }

    /** The device measured: the MKR1000 for the Cortex-M0+; checks what only the Uno or an FPGA can do. */
    private Device checkTarget(Device dev, TargetBench.Target cpu) {
        if (cpu == null) {
            if (!dev.equals(Device.UNO) && dev.fabric() == null) {
                throw UserError.of("bench simulates the Arduino Uno (ATmega328P), the MKR1000's Cortex-M0+ or an FPGA"
                        + " (arty-a7-35t, ice40-up5k); not " + dev.name());
            }
            return dev;
        }
        if (output.pareto != null) {
            throw UserError.of("--pareto measures the frontier on the Uno; not on " + cpu.backend().id());
        }
        if (measure.reps < 1) {
            throw UserError.of("--reps must be at least 1");
        }
        return cpu == TargetBench.Target.CORTEX_M ? Device.MKR1000 : dev;
    }

    /** Compiles (the driver's pipeline), builds and simulates in {@code work}, prints the table; true: all agreed. */
    private boolean measure(Path work, ModelSource source, Pipeline.Loaded loaded, Pipeline.Search search,
                            Device dev, TargetBench.Target cpu) throws IOException {
        // weights are quantized as the search sees them: after the input shifts (compile does the same)
        Device flashOf = dev.fabric() != null || cpu == TargetBench.Target.X86 ? null : dev;
        FlashLimits limits = searchOptions.flashBudget == null ? new FlashLimits.DeviceOnly(flashOf)
                : new FlashLimits.Demotion(searchOptions.flashBudget, false, flashOf);
        Pipeline.Compiled c = Pipeline.compile(source, loaded, new Pipeline.Request(precision.rewrites(storage),
                search, limits, storage.asked(), null), work);
        if (dev.fabric() != null) {
            return fpga(work, c, loaded, dev);
        }
        if (cpu != null) {
            return target(work, c, loaded, search, cpu == TargetBench.Target.X86 ? null : dev, cpu);
        }
        UnoBench.Request r = new UnoBench.Request(c.fixed(), c.compiled(), loaded.model(), loaded.test(), measure.examples,
                dev, c.storage(), storage.bitSerial(), storage.bitLayout(), !measure.noFloat, measure.profile);
        UnoBench.Measured measured = UnoBench.measure(r, output.show(), work);
        UnoBenchTable.print(spec.commandLine().getOut(), in.source.program.getFileName().toString(),
                c.fixed().origin(), c.report(), measured, c.storage());
        UnoBench.json(in.source.program.toString(), search.strategy().id(), r, c.report(), measured)
                .write(work.resolve("bench.json"));
        HtmlPages.write(work, HtmlPages.withProfile(HtmlPages.of("bench", in.source.program, c), dev.name(),
                measured.profile()));
        if (!measured.fixed().allEqual()) {
            spec.commandLine().getErr().println("seedc: error: the device's predictions differ from the interpreter's on"
                    + " examples " + measured.fixed().mismatches());
        }
        return measured.fixed().allEqual() & frontier(work, c, loaded, dev);
    }

    /** The Cortex-M0+ or x86 bench (device null: x86, none); true: the outputs equal the interpreter's. */
    private boolean target(Path work, Pipeline.Compiled c, Pipeline.Loaded loaded, Pipeline.Search search, Device dev,
                           TargetBench.Target cpu) throws IOException {
        TargetBench.Request r = new TargetBench.Request(c.fixed(), c.compiled(), loaded.test(), measure.examples, cpu, dev,
                c.storage(), storage.bitSerial(), storage.bitLayout(), measure.profile, measure.reps);
        TargetBench.Measured m = TargetBench.measure(r, output.show(), work);
        CpuBenchTable.print(spec.commandLine().getOut(), in.source.program.getFileName().toString(),
                c.fixed().origin(), c.report(), r, m);
        TargetBench.json(in.source.program.toString(), search.strategy().id(), r, c.report(), m)
                .write(work.resolve("bench.json"));
        HtmlPages.write(work, HtmlPages.withProfile(HtmlPages.of("bench", in.source.program, c),
                dev == null ? "x86" : dev.name(), m.profile()));
        if (!m.allEqual()) {
            spec.commandLine().getErr().println("seedc: error: the " + cpu.backend().id() + " build's predictions"
                    + " differ from the interpreter's on examples " + m.mismatches());
        }
        return m.allEqual();
    }

    /**
     * bench --pareto: each frontier program built and run like the chosen one (in work/pareto/K), the CSV written;
     * false when some program's predictions differ from the interpreter's.
     */
    private boolean frontier(Path work, Pipeline.Compiled c, Pipeline.Loaded loaded, Device dev) {
        if (output.pareto == null) {
            return true;
        }
        List<ParetoCsv.Measured> measured = new java.util.ArrayList<>();
        boolean allEqual = true;
        try (Progress bar = Progress.start(output.show(), "frontier on simavr", c.frontier().size())) {
            for (int k = 0; k < c.frontier().size(); k++) {
                ModelBench.Outcome o = ModelBench.fixed(c.frontier().get(k).row().program(), c.compiled(),
                        loaded.test(), measure.examples, dev, AvrToolchain.MCU, work.resolve("pareto").resolve("" + (k + 1)),
                        c.storage(), storage.bitSerial(), storage.bitLayout());
                measured.add(new ParetoCsv.Measured(o.fixed().meanCycles(), o.fixed().sizes().flashBytes(),
                        o.allEqual()));
                allEqual &= o.allEqual();
                bar.step();
            }
        }
        Path folder = out != null ? out : work;
        OutputFile.write(paretoAt, ParetoCsv.text(c.frontier(), folder, measured), in.files());
        spec.commandLine().getOut().println("wrote " + output.pareto + ": " + measured.size() + " program(s) on the"
                + " frontier, each measured on the device");
        return allEqual;
    }

    /** The three strategies' designs, simulated and synthesized; the Uno's cycles for the speedup when it fits. */
    private boolean fpga(Path work, Pipeline.Compiled c, Pipeline.Loaded loaded, Device dev) throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        List<FpgaBench.Run> runs;
        try (Progress bar = Progress.start(output.show(), "iverilog" + (measure.noSynth ? "" : " + yosys"), 1)) {
            runs = FpgaBench.run(c.fixed(), c.compiled(), loaded.test(), measure.examples, dev, !measure.noSynth,
                    storage.bitSerial(), work.resolve("fpga"));
            bar.step();
        }
        Double uno = null;
        try {
            AvrToolchain.find();
            uno = ModelBench.fixed(c.fixed(), c.compiled(), loaded.test(), Math.min(measure.examples, 5), Device.UNO,
                    work.resolve("uno")).fixed().meanCycles();
        } catch (UserError e) {
            o.println("(no Uno comparison: " + e.getMessage().replace("seedc: error: ", "") + ")");
        }
        o.printf(Locale.ROOT, "seedc bench: %s, %s, %d test examples on %s%n", in.source.program.getFileName(),
                c.fixed().origin(), Math.min(measure.examples, loaded.test().size()), dev);
        long macs = MacCount.of(new QuantizedModel(c.fixed(), c.compiled().weights()));
        FpgaBenchTable.print(o, runs, dev, macs, uno);
        if (c.report().search() instanceof SearchSummary.Shiftry sh && sh.cycleModel() != null) {
            o.printf(Locale.ROOT, "the search minimised %s: %.0f for the program all three designs build%n",
                    sh.cycleModel().describe(), sh.cycleModel().chosenCycles());
        }
        new BenchJson.Fpga(in.source.program.toString(), dev.name(), uno, macs, runs).write(work.resolve("bench.json"));
        // the first design that fits, in the strategies' order (MAFIA's, the one the search priced, when it fits)
        FpgaDesignReport design = runs.stream().filter(r -> r.fits() && r.plan() != null).map(FpgaBench.Run::plan)
                .findFirst().orElse(null);
        HtmlPages.write(work, HtmlPages.of("bench", in.source.program, c).withFpga(ReportPages.fpga(design)));
        return runs.stream().allMatch(FpgaBench.Run::predictionsEqual);
    }
}
