package seedc.cli;

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
     * The request --select and --select-examples make (null: modelled, the default), builds in {@code work}; checks
     * them against the strategy, the target's backend and the device simavr would run ({@code dev}).
     */
    static MeasuredSelection.Request of(SearchOptions o, ParseResult parsed, Strategy strategy, Backend target,
                                        Device dev, StorageOptions storage, Path work) {
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
        return new MeasuredSelection.Request(new SimavrSelect(Device.UNO, work, storage), o.selectExamples);
    }
}
