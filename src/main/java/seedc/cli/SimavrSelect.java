package seedc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.ParseResult;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.WeightStorage;
import seedc.bench.AvrCompileException;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.diag.UserError;
import seedc.driver.MeasuredSelection;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * {@code --select measured} on the Uno: each program the driver asks for built as bench builds it (the Arduino
 * sketch, avr-gcc, parameters as {@code storage} and the program's storage say) in a folder of its own under
 * {@code work}, and run under simavr on {@code device}; and the option's checks.
 */
record SimavrSelect(Device device, Path work, StorageOptions storage) implements MeasuredSelection.Device {
    @Override
    public String name() {
        return device.name();
    }

    @Override
    public MeasuredSelection.Cycles run(FixedProgram program, FloatModel compiled, WeightStorage stored, DataSet rows,
                                        int examples, int rank) {
        try {
            ModelBench.Outcome o = ModelBench.fixed(program, compiled, rows, examples, device, AvrToolchain.MCU,
                    work.resolve("" + rank), stored, storage.bitSerial(), storage.bitLayout());
            return new MeasuredSelection.Cycles(o.fixed().meanCycles(), o.allEqual());
        } catch (AvrCompileException | UserError e) {
            // one that does not build, or link on the Uno (the search checks its RAM, not its flash), is not chosen;
            // the others may be (the toolchain itself was found before the search)
            return new MeasuredSelection.Cycles(Double.NaN, false);
        }
    }

    /**
     * What --select and --select-examples ask (null: modelled, the default), checked against the strategy, the
     * target's backend and the device simavr would run ({@code dev}); its builds' folder is given later
     * ({@link Asked#in}), once the command has one.
     */
    static Asked of(SearchOptions o, ParseResult parsed, Strategy strategy, Backend target, Device dev,
                    StorageOptions storage) {
        String how = o.select.trim().toLowerCase(java.util.Locale.ROOT);
        if (!how.equals("modelled") && !how.equals("measured")) {
            throw UserError.of("--select must be modelled or measured, not '" + o.select + "'");
        }
        if (strategy != Strategy.SHIFTRY && parsed.hasMatchedOption("--select")) {
            throw UserError.of("--select chooses among the programs of shiftry's search; not with --strategy "
                    + strategy.id());
        }
        if (how.equals("modelled")) {
            return null;
        }
        if (!target.id().equals("arduino")) {
            throw UserError.of("--select measured runs the programs on the Uno under simavr: it needs --target"
                    + " arduino, not " + target.id());
        }
        if (dev != null && !dev.equals(Device.UNO)) {
            throw UserError.of("--select measured runs the programs on the Uno (ATmega328P) under simavr; not on "
                    + dev.name());
        }
        if (o.selectExamples < 1) {
            throw UserError.of("--select-examples must be at least 1, not " + o.selectExamples);
        }
        AvrToolchain.find();
        return new Asked(o.selectExamples, storage);
    }

    /**
     * What {@code run} gives with the request of {@code asked} (null when it is: modelled), its builds in a new
     * temporary folder, of a name no other run has, deleted after it (or when seedc is stopped).
     */
    static <T> T inTemporaryFolder(Asked asked, Search<T> run) throws IOException {
        if (asked == null) {
            return run.with(null);
        }
        Path work = Files.createTempDirectory("seedc-select-");
        Runnable dropBuilds = Cleanup.register(() -> OutputFolder.deleteTree(work));
        try {
            return run.with(asked.in(work));
        } finally {
            dropBuilds.run();
            Cleanup.done(dropBuilds);
        }
    }

    /** A search that takes --select's request (null: modelled). */
    interface Search<T> {
        T with(MeasuredSelection.Request select) throws IOException;
    }

    /** --select measured, checked: each program run on the first {@code examples} rows, stored as {@code storage}. */
    record Asked(int examples, StorageOptions storage) {
        /** The request the search takes, each program built in a folder of its own under {@code work}. */
        MeasuredSelection.Request in(Path work) {
            return new MeasuredSelection.Request(new SimavrSelect(Device.UNO, work, storage), examples);
        }
    }
}
