package seedc.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import seedc.backend.BitLayout;
import seedc.backend.CBuildReport;
import seedc.backend.Device;
import seedc.backend.WeightStorage;
import seedc.codegen.c.CBackend;
import seedc.cost.CycleEstimate;
import seedc.cost.CycleModels;
import seedc.cost.LinearCycleModel;
import seedc.cost.OpWork;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.memory.Migration;
import seedc.report.Report;

/**
 * The Uno's side of 'seedc bench': the fixed-point build (and the float build) built with avr-gcc and run under
 * simavr on the first test examples, and bench.json of what they measured.
 */
public final class UnoBench {
    private UnoBench() {}

    /**
     * What to measure: the fixed program of {@code compiled} (the model the search compiled; {@code model} is the
     * user's, the float build's), the test examples to run ({@code examples} of {@code test}), the device, how the
     * parameters are stored and the low-bit products built, whether the float build runs too, and whether the fixed
     * build is profiled op by op ({@link OpProfile}; its marks cost each op run 2 cycles or more).
     */
    public record Request(FixedProgram fixed, FloatModel compiled, FloatModel model, DataSet test, int examples,
                          Device device, WeightStorage storage, boolean bitSerial, BitLayout layout,
                          boolean withFloat, boolean profile) {}

    /**
     * The fixed build's outcome, the float build's run (null: not asked), the cycle model's estimate of the fixed
     * program and its description, and the profile (null: not asked).
     */
    public record Measured(ModelBench.Outcome fixed, AvrBench.Run floatBuild, CycleEstimate modelled,
                           String cycleModel, OpProfile profile) {
        /** Examples run. */
        public int examples() {
            return fixed.fixed().cycles().size();
        }
    }

    /** Builds and runs each firmware in {@code work}, one bar step each (an avr-gcc build and a simavr run). */
    public static Measured measure(Request r, boolean progress, Path work) {
        if (r.withFloat()) {
            FloatBench.checkBuildable(r.model()); // before the fixed build's minutes, not after them
        }
        try (Progress bar = Progress.start(progress, "avr-gcc + simavr", r.withFloat() ? 2 : 1)) {
            ModelBench.Outcome fx = ModelBench.fixed(r.fixed(), r.compiled(), r.test(), r.examples(), r.device(),
                    AvrToolchain.MCU, work, r.storage(), r.bitSerial(), r.layout(), r.profile());
            bar.step();
            LinearCycleModel model = CycleModels.avr();
            // the build's memory plan on the device: its moves are priced as the search prices them
            Map<String, Long> moved = movedBefore(fx.written().memoryPlan());
            // the products whose tables the device's RAM left out, as the build's plan decided: priced as it runs them
            SubsetTableRoom room = CBackend.ARDUINO.subsetTableRoom(r.fixed(), r.compiled().weights(),
                    r.device() != null ? r.device() : CBackend.ARDUINO.defaultDevice());
            CycleEstimate modelled = model.estimate(r.fixed(), r.compiled().weights(), room)
                    .plus(moved.values().stream().mapToLong(Long::longValue).sum() * model.cyclesPerMovedByte());
            OpProfile profile = r.profile()
                    ? OpProfile.of(fx.fixed(), r.fixed(), r.compiled().weights(), model, moved, room) : null;
            AvrBench.Run fl = null;
            if (r.withFloat()) {
                fl = FloatBench.run(r.model(), r.test(), r.examples(), work);
                bar.step();
            }
            return new Measured(fx, fl, modelled, model.describe(), profile);
        }
    }

    /**
     * The bytes a plan moves before each instruction, by the label of its op (its value's name, as OpWork labels the
     * op's part; {@code OpWork.CALL_LABEL}: the return).
     */
    static Map<String, Long> movedBefore(CBuildReport plan) {
        Map<String, Long> moved = new HashMap<>();
        for (Migration m : plan.migrations()) {
            String label = switch (m.before()) {
                case Migration.Before.AnOp a -> a.op().out().name();
                case Migration.Before.TheReturn r -> OpWork.CALL_LABEL;
                // a fresh build's plan names every move's instruction: one that does not cannot be counted anywhere
                case Migration.Before.Unknown u -> throw new IllegalArgumentException(
                        "the plan does not say which op the move " + m + " precedes (a plan read back from JSON?)");
            };
            moved.merge(label, (long) m.sizeBytes(), Long::sum);
        }
        return moved;
    }

    /** bench.json of a measurement of {@code program}, compiled by {@code strategy} as {@code report} says. */
    public static BenchJson.Uno json(String program, String strategy, Request r, Report report, Measured m) {
        ModelBench.Outcome fx = m.fixed();
        AvrBench.Run fl = m.floatBuild();
        return new BenchJson.Uno(program, strategy, report.compiled().bitwidth(), r.fixed().widths() + "-bit",
                report.compiled().maxscale(), m.examples(), report.accuracy().floatTestAccuracy(),
                report.accuracy().fixedTestAccuracy(), fx.macs(),
                BenchJson.Firmware.of(fx.fixed(), fx.macs()), fx.written().ramBytes(), fx.written().flashBytes(),
                r.storage().id(), fx.written().memoryPlan().packedParameterBytes(), report.program().quantizedWeights(),
                fx.allEqual(), fl == null ? null : BenchJson.Firmware.of(fl, fx.macs()),
                fl == null ? null : fl.mcu(), fl == null ? null : speedup(m), fl == null ? null : flashRatio(m),
                m.modelled().total(), m.cycleModel(), m.profile());
    }

    /** The float build's mean cycles over the fixed build's. */
    public static double speedup(Measured m) {
        return m.floatBuild().meanCycles() / m.fixed().fixed().meanCycles();
    }

    /** The float build's flash over the fixed build's. */
    public static double flashRatio(Measured m) {
        return (double) m.floatBuild().sizes().flashBytes() / m.fixed().fixed().sizes().flashBytes();
    }
}
