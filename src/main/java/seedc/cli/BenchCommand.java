package seedc.cli;

import java.util.List;
import seedc.codegen.c.CBackend;
import seedc.fixed.Strategy;
import seedc.search.SeeDotStrategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import seedc.bench.AvrBench;
import seedc.bench.AvrToolchain;
import seedc.bench.FloatBench;
import seedc.bench.ModelBench;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.WeightStorage;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.driver.Compilation;
import seedc.ir.FloatModel;
import seedc.io.DataSet;
import seedc.report.Report;
import seedc.search.Metric;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Compiles a model for the Arduino Uno, runs it under simavr on test examples stored in flash,"
                + " and reports cycles, flash, RAM and stack, for the fixed-point and the float build.")
final class BenchCommand implements Callable<Integer> {
    @Mixin
    ModelInputs in;

    @Mixin
    PrecisionOptions precision;

    @Mixin
    StorageOptions storage;

    @Option(names = "--device", defaultValue = "uno", paramLabel = "DEV", description = "uno (the simulated ATmega328P;"
            + " default), or an FPGA, arty-a7-35t or ice40-up5k: the three --fpga-strategy designs simulated by"
            + " iverilog and synthesized by yosys (and nextpnr for the iCE40).")
    String device;

    @Option(names = "--no-synth", description = "FPGA: simulate only (synthesis of a large design takes minutes).")
    boolean noSynth;

    @Option(names = "--examples", defaultValue = "20", paramLabel = "N", description = "Test examples to run (default ${DEFAULT-VALUE}).")
    int examples;

    @Option(names = "--bitwidth", defaultValue = "16", paramLabel = "B", description = "8, 16 or 32 (default ${DEFAULT-VALUE}).")
    int bitwidth;

    @Option(names = "--strategy", defaultValue = "shiftry", paramLabel = "NAME",
            description = "shiftry (default: data-driven scales, mixed 8/16 bits) or seedot (maxscale search at --bitwidth).")
    String strategy;

    @Option(names = "--max-accuracy-drop", defaultValue = "1.0", paramLabel = "PCT",
            description = "shiftry: demote to 8 bits while training accuracy stays within PCT points of float (default ${DEFAULT-VALUE}).")
    double maxDrop;

    @Option(names = "--metric", defaultValue = "accuracy", paramLabel = "M", description = "Search metric (default ${DEFAULT-VALUE}).")
    String metric;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Keep the builds (sketch, harnesses, ELFs) and bench.json here (default: a temporary directory).")
    Path out;

    @Option(names = "--no-float", description = "Skip the float build.")
    boolean noFloat;

    @Mixin
    ProgressOption progressOption;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Device dev = Choices.device(device);
        if (!dev.equals(Device.UNO) && dev.fabric() == null) {
            throw UserError.of("bench simulates the Arduino Uno (ATmega328P) or an FPGA (arty-a7-35t, ice40-up5k);"
                    + " not " + dev.name());
        }
        if (examples < 1) {
            throw UserError.of("--examples must be at least 1");
        }
        Choices.bitwidth(bitwidth);
        Choices.maxAccuracyDrop(maxDrop);
        in.threads();
        Strategy strat = Choices.strategy(strategy);
        Metric m = Choices.metric(metric);
        Backend uno = CBackend.ARDUINO; // bench simulates the Uno
        List<SeeDotStrategy.Products> products = precision.products(bitwidth, uno.widths());
        storage.check(dev.fabric() == null ? uno : seedc.codegen.verilog.FpgaBackend.INSTANCE);
        if (dev.fabric() == null) {
            AvrToolchain.find();
        }
        boolean progress = progressOption.show();
        ModelInputs.Loaded loaded = in.load(progress, spec.commandLine().getErr(), precision.ranges());
        DataSet trainSet = loaded.train(), testSet = loaded.test();
        if (testSet.size() == 0) {
            throw UserError.inFile(in.test, "no examples");
        }
        FloatModel model = loaded.model();
        boolean allEqual;
        Path work;
        try (OutputFolder folder = out == null ? null
                : OutputFolder.open(out, in.files())) {
            work = folder != null ? folder.dir() : Files.createTempDirectory("seedc-bench-");
            allEqual = measure(work, strat, m, uno, products, model, trainSet, testSet, dev);
            if (folder != null) {
                folder.commit(); // kept even when the device disagrees: the builds are what to look at then
                work = out;
            }
        }
        spec.commandLine().getOut().println("builds and bench.json in " + work);
        return allEqual ? 0 : 1;
    }

    /** Compiles, builds and simulates in {@code work}; prints the table; true when the device agreed. */
    private boolean measure(Path work, Strategy strat, Metric m, Backend uno, List<SeeDotStrategy.Products> products,
                            FloatModel model, DataSet trainSet, DataSet testSet, Device dev) throws IOException {
        int threads = in.threads();
        boolean progress = progressOption.show();
        PrintWriter o = spec.commandLine().getOut();
        // weights are quantized as the search sees them: after the input shifts (compile does the same)
        StorageOptions.Quantized q = storage.quantized(precision.compiled(model, trainSet), testSet, threads);
        FloatModel compiled = q.model();
        Report.QuantizedWeights quantized = q.how();
        Compilation.Outcome c = in.compile(compiled, trainSet, testSet,
                new Compilation.Options(strat, bitwidth, m, threads, progress, uno, maxDrop, null,
                        products, precision.maxScoreError, dev.fabric() != null ? null
                        : Compilation.deviceFlash(uno, dev, compiled), precision.ranges()));
        Report r = quantized == null ? c.report() : c.report().withQuantizedWeights(quantized);
        WeightStorage stored = storage.storage(quantized != null, r.parameterStorage());
        r.write(work.resolve("report.json"));
        if (dev.fabric() != null) {
            return fpga(work, c, compiled, testSet, dev, o);
        }
        ModelBench.Outcome fx;
        AvrBench.Run fl = null;
        // One step per firmware: each is an avr-gcc build and a simavr run over every example.
        try (Progress bar = Progress.start(progress, "avr-gcc + simavr", noFloat ? 1 : 2)) {
            fx = ModelBench.fixed(c.fixed(), compiled, testSet, examples, dev, AvrToolchain.MCU, work, stored,
                    storage.bitSerial(), storage.bitLayout());
            bar.step();
            if (!noFloat) {
                fl = FloatBench.run(model, testSet, examples, work);
                bar.step();
            }
        }
        int n = fx.fixed().cycles().size();

        o.printf(Locale.ROOT, "seedc bench: %s, %s, %d test examples on an ATmega328P at 16 MHz (simavr,"
                + " avr-gcc -Os)%n", in.source.program.getFileName(), c.fixed().origin(), n);
        if (r.outputError() == null) {
            o.printf(Locale.ROOT, "test accuracy (whole test set, Java interpreters): float %.2f%%, fixed %.2f%%%n",
                    r.floatTestAccuracy(), r.fixedTestAccuracy());
        } else {
            o.printf(Locale.ROOT, "no accuracy (the result is a tensor); fixed test outputs against float's"
                    + " (Java interpreters): relative RMS error %.4f%n", r.outputError().test());
        }
        o.printf(Locale.ROOT, "%-28s %14s %14s%n", "", "fixed", noFloat ? "" : "float");
        row(o, "cycles/inference (mean)", fx.fixed().meanCycles(), fl == null ? null : fl.meanCycles());
        row(o, "cycles/inference (max)", fx.fixed().maxCycles(), fl == null ? null : (double) fl.maxCycles());
        row3(o, "ms/inference at 16 MHz (mean)", ms(fx.fixed().meanCycles()), fl == null ? null : ms(fl.meanCycles()));
        row(o, "flash bytes (ELF)", fx.fixed().sizes().flashBytes(), fl == null ? null : (double) fl.sizes().flashBytes());
        row(o, "static RAM bytes (ELF)", fx.fixed().sizes().ramBytes(), fl == null ? null : (double) fl.sizes().ramBytes());
        row(o, "peak stack bytes", fx.fixed().peakStackBytes(), fl == null ? null : (double) fl.peakStackBytes());
        o.printf(Locale.ROOT, "%-28s %14d%n", "multiply-accumulates", fx.macs());
        if (fx.macs() > 0) {
            row3(o, "cycles per MAC", fx.fixed().meanCycles() / fx.macs(), fl == null ? null : fl.meanCycles() / fx.macs());
        }
        if (fl != null && !fl.mcu().equals(AvrToolchain.MCU)) {
            o.printf(Locale.ROOT, "(the float build needs more than the Uno's 2 KB of RAM: measured on an %s,"
                    + " the same AVR core and cycle timings with 16 KB)%n", fl.mcu());
        }
        o.printf(Locale.ROOT, "planned RAM buffer: %d B; parameters and tables in flash: %d B%n",
                fx.written().ramBytes(), fx.written().flashBytes());
        Long packed = fx.written().memoryPlan().packedParameterBytes();
        o.printf(Locale.ROOT, "parameters stored %s%s%n", stored.id(), stored == WeightStorage.PACKED
                ? " (" + packed + " B of them packed: tables and indices)" : "");
        for (var p : fx.written().memoryPlan().lowBitProductsOrNone()) {
            o.printf(Locale.ROOT, "low-bit product %s: %s%n", p.value(), p.kernel());
        }
        if (quantized != null) {
            o.printf(Locale.ROOT, "weights quantized after training (%s %d: %s): float test accuracy %.2f%% before%n",
                    quantized.mode(), quantized.size(), String.join(", ", quantized.parameters()),
                    quantized.floatTestAccuracyBefore());
        }
        o.printf(Locale.ROOT, "predictions equal the Java fixed-point interpreter's: %s (%d/%d)%n",
                fx.allEqual() ? "yes" : "NO", n - fx.mismatches().size(), n);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("program", in.source.program.toString());
        json.put("strategy", strat.id());
        json.put("bitwidth", r.bitwidth());
        json.put("bits", c.fixed().widths() + "-bit");
        json.put("maxscale", r.maxscale());
        json.put("examples", n);
        json.put("floatTestAccuracy", r.floatTestAccuracy());
        json.put("fixedTestAccuracy", r.fixedTestAccuracy());
        json.put("macs", fx.macs());
        json.put("fixed", runJson(fx.fixed(), fx.macs()));
        json.put("plannedRamBytes", fx.written().ramBytes());
        json.put("paramFlashBytes", fx.written().flashBytes());
        json.put("weightStorage", stored.id());
        json.put("packedParameterBytes", packed);
        if (quantized != null) {
            json.put("quantizedWeights", quantized);
        }
        json.put("predictionsEqual", fx.allEqual());
        if (fl != null) {
            json.put("float", runJson(fl, fx.macs()));
            json.put("floatMcu", fl.mcu());
            double speedup = fl.meanCycles() / fx.fixed().meanCycles();
            double sizeRatio = (double) fl.sizes().flashBytes() / fx.fixed().sizes().flashBytes();
            json.put("speedup", speedup);
            json.put("flashRatio", sizeRatio);
            o.printf(Locale.ROOT, "speedup over float: %.2fx; float flash / fixed flash: %.2fx%n", speedup, sizeRatio);
        }
        Report.JSON.writeValue(work.resolve("bench.json").toFile(), json);
        if (!fx.allEqual()) {
            spec.commandLine().getErr().println("seedc: error: the device's predictions differ from the interpreter's on"
                    + " examples " + fx.mismatches());
        }
        return fx.allEqual();
    }

    /** The three strategies' designs, simulated and synthesized; the Uno's cycles for the speedup when it fits. */
    private boolean fpga(Path work, Compilation.Outcome c, FloatModel compiled, DataSet testSet, Device dev,
                         PrintWriter o) throws IOException {
        List<seedc.bench.FpgaBench.Run> runs;
        try (Progress bar = Progress.start(progressOption.show(), "iverilog" + (noSynth ? "" : " + yosys"), 1)) {
            runs = seedc.bench.FpgaBench.run(c.fixed(), compiled, testSet, examples, dev, !noSynth,
                    storage.bitSerial(), work.resolve("fpga"));
            bar.step();
        }
        Double uno = null;
        try {
            AvrToolchain.find();
            uno = ModelBench.fixed(c.fixed(), compiled, testSet, Math.min(examples, 5), Device.UNO, work.resolve("uno"))
                    .fixed().meanCycles();
        } catch (UserError e) {
            o.println("(no Uno comparison: " + e.getMessage().replace("seedc: error: ", "") + ")");
        }
        o.printf(Locale.ROOT, "seedc bench: %s, %s, %d test examples on %s%n", in.source.program.getFileName(),
                c.fixed().origin(), Math.min(examples, testSet.size()), dev);
        long macs = seedc.bench.MacCount.of(new seedc.fixed.QuantizedModel(c.fixed(), compiled.weights()));
        FpgaBenchTable.print(o, runs, dev, macs, uno);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("program", in.source.program.toString());
        json.put("device", dev.name());
        json.put("unoCycles", uno);
        json.put("macs", macs);
        json.put("designs", runs);
        Report.JSON.writeValue(work.resolve("bench.json").toFile(), json);
        return runs.stream().allMatch(seedc.bench.FpgaBench.Run::predictionsEqual);
    }

    private static double ms(double cycles) {
        return cycles / (AvrToolchain.F_CPU / 1000.0);
    }

    private static Map<String, Object> runJson(AvrBench.Run run, long macs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("meanCycles", run.meanCycles());
        if (macs > 0) {
            m.put("cyclesPerMac", run.meanCycles() / macs);
        }
        m.put("maxCycles", run.maxCycles());
        m.put("meanMs", ms(run.meanCycles()));
        m.put("flashBytes", run.sizes().flashBytes());
        m.put("staticRamBytes", run.sizes().ramBytes());
        m.put("peakStackBytes", run.peakStackBytes());
        return m;
    }

    private static void row(PrintWriter o, String label, double fixed, Double fl) {
        o.printf(Locale.ROOT, "%-28s %14.0f %14s%n", label, fixed, fl == null ? "" : String.format(Locale.ROOT, "%.0f", fl));
    }

    private static void row3(PrintWriter o, String label, double fixed, Double fl) {
        o.printf(Locale.ROOT, "%-28s %14.3f %14s%n", label, fixed, fl == null ? "" : String.format(Locale.ROOT, "%.3f", fl));
    }
}
